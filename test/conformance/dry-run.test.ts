// `--dry-run` (run/plan.ts, run/dry-run.ts): prints the parts, mode, profile, operations, the
// checks with the rules each decides and the rules not run with why, against the base URL the run
// would certify, and exits 0 with no request sent and no mock started. Usage mistakes are still
// refused, and the token is never printed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { EXCLUDED_REASON } from '../../conformance/run/check-selection.ts';
import { runPlan } from '../../conformance/run/plan.ts';
import { CATALOGUE } from '../../conformance/rules/catalogue.ts';
import { PARTS } from '../../conformance/target/target.ts';
import { runCli } from './run-cli.ts';

describe('the plan of a run', () => {
  const contract = loadSuiteContract();

  it('lists every catalogue rule once, run or not run with a reason', () => {
    const plan = runPlan(contract, { mode: 'readonly', profile: 'quick', failOn: 'published', parts: [...PARTS], seed: 1, checks: ['response-schema', 'status-documented'] });
    const ids = [...plan.rulesRun.map((r) => r.id), ...plan.rulesNotRun.map((r) => r.id)];
    expect(ids.sort()).toEqual(CATALOGUE.map((r) => r.id).sort());
    expect(plan.rulesNotRun.every((r) => r.reason !== '')).toBe(true);
    expect(plan.rulesNotRun.find((r) => r.id === 'errors.shape')?.reason).toBe(EXCLUDED_REASON);
    expect(plan.rulesRun.map((r) => r.id)).toContain('resources.fields');
    expect(plan.checks.map((c) => c.name)).toEqual(['status-documented', 'response-schema']);
    expect(plan.operations.every((op) => op.effect === 'read')).toBe(true);
  });

  it('splits the operations between shards, each exactly once', () => {
    const input = { mode: 'full', profile: 'quick', failOn: 'published', parts: [...PARTS], seed: 1 } as const;
    const whole = runPlan(contract, input).operations.map((o) => o.operationId).sort();
    const parts = [1, 2, 3].flatMap((index) => runPlan(contract, { ...input, shard: { index, count: 3 } }).operations.map((o) => o.operationId));
    expect(parts.sort()).toEqual(whole);
  });
});

describe('--dry-run', () => {
  it('without a base URL names the mock it would start, and starts none', async () => {
    const run = await runCli(['--dry-run', '--seed', '1', '--profile', 'quick'], 60_000);
    expect(run.code, run.output).toBe(0);
    expect(run.report).toBeUndefined();
    expect(run.output).toContain('Dry run: nothing is started and no request is sent.');
    expect(run.output).toContain('the mock, started by the run');
    expect(run.output).toMatch(/^mode full, profile quick, fail on published, seed 1, parts operations,negative,auth,time,tls,stateful$/m);
    expect(run.output).not.toMatch(/localhost:\d+/);
    expect(run.output).toMatch(/^ {2}listCalls +GET +\/api\/v1\/calls {2}\(read\)$/m);
    expect(run.output).toMatch(/^ {2}timezone-header +parts .* → time\.response-zone-header$/m);
    expect(run.output).toMatch(/^ {2}- time\.utc-fallback: not testable black-box/m);
    expect(run.output).toMatch(/^RULES DECIDED \(\d+\)$/m);
  }, 90_000);

  it('against a base URL sends it nothing, shows the selection and never the token', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const token = 'wst_never_printed_5f4e3d2c1b';
      const run = await runCli(
        ['--dry-run', '--base-url', `http://127.0.0.1:${port}`, '--seed', '2', '--exclude-checks', 'auth-missing-token', '--shard', '1/2'],
        60_000,
        { ...process.env, CONFORMANCE_TOKEN: token },
      );
      expect(run.code, run.output).toBe(0);
      expect(requests).toBe(0);
      expect(run.output).toContain(`target:   http://127.0.0.1:${port}`);
      expect(run.output).toMatch(/^mode readonly, .*, shard 1\/2$/m);
      expect(run.output).toMatch(/^OPERATIONS \(\d+ in shard 1\/2 of \d+ the readonly mode allows\)$/m);
      expect(run.output).not.toMatch(/ {2}\((write|cost|delete|reversible-create)\)$/m);
      expect(run.output).toContain(`- auth.missing-token-401: ${EXCLUDED_REASON}`);
      expect(run.output).toContain('excluded by --checks/--exclude-checks: auth-missing-token');
      expect(run.output).not.toContain(token);
    } finally {
      server.close();
    }
  }, 90_000);

  it('still refuses a usage mistake (exit 2)', async () => {
    const run = await runCli(['--dry-run', '--base-url', 'https://acme.example.com', '--token', 'x', '--mode', 'full'], 60_000);
    expect(run.code).toBe(2);
    expect(run.output).toContain('--accept-costs');
    const unknown = await runCli(['--dry-run', '--checks', 'no-such-check'], 60_000);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('--checks: unknown check "no-such-check"');
  }, 90_000);
});
