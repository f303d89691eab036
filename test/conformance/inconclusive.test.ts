// A stateful model that cannot read what it needs must say so, never pass: behind a proxy that
// renames `is_default` in every answer (as a service drifting from the contract would), the
// coaching agents model cannot tell which coaching agent is the default, so its rule
// `one-default-coach` is INCONCLUSIVE with the reason, and the run's verdict is INCOMPLETE
// (exit 3) when nothing fails at the threshold, FAIL (exit 1) when the renamed part fails there.
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { CLI_TEST_MS, type CliRun, runCli } from './run-cli.ts';
import { renameEverywhere, type RewritingProxy, rewritingProxy } from './rewriting-proxy.ts';

const RULE = 'one-default-coach';
const started: RewritingProxy[] = [];

afterAll(async () => {
  for (const proxy of started) await proxy.stop();
});

async function runBehindRenamingProxy(extra: string[]): Promise<CliRun> {
  const proxy = await rewritingProxy((_exchanged, body) => renameEverywhere(body, 'is_default', 'isDefault'));
  started.push(proxy);
  return runCli([
    '--base-url',
    proxy.url,
    '--token',
    proxy.token,
    '--parts',
    'stateful',
    '--only',
    'model: coaching agents',
    '--mode',
    'full',
    '--accept-costs',
    '--rate',
    '0',
    '--profile',
    'quick',
    '--seed',
    '7',
    ...extra,
  ]);
}

function inconclusiveReasons(run: CliRun): string[] {
  return (run.report?.inconclusive ?? []).filter((f) => f.check === RULE).map((f) => f.message);
}

describe.concurrent('a renamed field the model needs', () => {
  it('precondition: the contract gives is_default as a published, not a documented, part', () => {
    const list = loadSuiteContract().byId.get('listCoachingAgents')?.responses.get(200);
    const items = list?.fields?.list()?.items;
    expect(items).toBeDefined();
    expect(list?.labelAt([...(items ?? []), '0', 'is_default'])).toBe('published');
  });

  it('makes the run INCOMPLETE (exit 3) naming the rule it could not decide, with --fail-on documented', async () => {
    const run = await runBehindRenamingProxy(['--fail-on', 'documented']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(report.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`)).toEqual([]);
    expect(report.suiteErrors).toEqual([]);
    expect(inconclusiveReasons(run).length).toBeGreaterThan(0);
    expect(inconclusiveReasons(run).every((reason) => reason.includes('is_default'))).toBe(true);
    expect(report.verdict).toBe('incomplete');
    expect(run.code).toBe(3);
    expect(run.output).toMatch(new RegExp(`\\? ${RULE} — listCoachingAgents: .*is_default`));
    expect(run.output).toMatch(/^INCOMPLETE: 0 failed, \d+ warnings, \d+ inconclusive/m);
    // The renamed published part only warns below the threshold.
    expect(report.warnings.some((w) => w.check === 'response-schema' && w.label === 'published' && w.message.includes('is_default'))).toBe(true);
  }, CLI_TEST_MS);

  it('fails the run (exit 1) at the default threshold, and still names the rule as inconclusive', async () => {
    const run = await runBehindRenamingProxy([]);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(report.verdict).toBe('fail');
    expect(run.code).toBe(1);
    expect(report.failures.length).toBeGreaterThan(0);
    expect(report.failures.every((f) => f.check === 'response-schema' && f.label === 'published' && f.message.includes('is_default'))).toBe(true);
    expect(inconclusiveReasons(run).length).toBeGreaterThan(0);
  }, CLI_TEST_MS);
});
