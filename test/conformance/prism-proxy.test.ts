// A second opinion: the suite runs once through Prism's validation proxy
// (`prism proxy generated/openapi.json <mock> --errors`), so a validator written elsewhere judges
// every exchange too. The mock runs with --default-tenant acme (Prism forwards to one host), and
// the suite reads the tenant's tokens from the mock's control API. Prism answers requests it finds
// invalid itself, so the parts that send invalid or unauthenticated requests stay out of this run.
// Behind a mock with a fault, Prism's verdict (the sl-violations header) fails the run.
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';
import { PRISM_HOOK_MS, type StartedPrism, startPrism } from '../support/prism.ts';
import { CLI_TEST_MS, failedChecks, ROOT, runCli } from './run-cli.ts';

// One mock behind one Prism for the file (each start costs seconds on a loaded machine); each test
// sets the mock's faults and resets its state through the control API before its run.
let mock: StartedMock | undefined;
let prism: StartedPrism | undefined;

beforeAll(async () => {
  mock = await startMock({ defaultTenant: 'acme', generalPerMinute: 1_000_000 });
  // Ready when Prism says it listens (test/support/prism.ts), not after a poll.
  prism = await startPrism(['proxy', join(ROOT, 'generated', 'openapi.json'), mock.description.url, '--errors']);
}, PRISM_HOOK_MS);

afterAll(async () => {
  await prism?.stop();
  await mock?.stop();
});

/** Prism in front of the mock, the mock reset to its fixtures and running with `faults`. */
async function prismInFront(faults: string[]): Promise<{ url: string; control: string }> {
  if (!mock || !prism) throw new Error('the mock and Prism did not start');
  const control = mock.description.control;
  const set = await request(`${control}/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ faults }) });
  expect(set.statusCode, await set.body.text()).toBe(200);
  const reset = await request(`${control}/reset`, { method: 'POST' });
  expect(reset.statusCode, await reset.body.text()).toBe(200);
  return { url: prism.url, control };
}

describe('the suite through Prism’s validation proxy', () => {
  it('is green: Prism finds no exchange that breaks the contract', async () => {
    const front = await prismInFront([]);
    const run = await runCli(['--base-url', front.url, '--mock-control', front.control, '--parts', 'operations,time,stateful', '--mode', 'full', '--rate', '0', '--profile', 'quick', '--seed', '20260314']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(failedChecks(report), run.output.slice(-6000)).toEqual({});
    expect(report.suiteErrors).toEqual([]);
    expect(run.code).toBe(0);
    // Every operation of the contract went through Prism.
    const exercised = new Set(Object.keys(report.tallies).map((key) => key.slice(0, key.indexOf('\u0000'))));
    expect(loadSuiteContract().operations.map((o) => o.operationId).filter((id) => !exercised.has(id))).toEqual([]);
  }, CLI_TEST_MS);

  it('is red when Prism reports violations (a mock with schema drift)', async () => {
    const front = await prismInFront(['schema-drift']);
    // The contract examples of every operation are enough for Prism to see the drift.
    const run = await runCli(['--base-url', front.url, '--mock-control', front.control, '--parts', 'operations', '--only', ': contract examples$', '--mode', 'full', '--rate', '0', '--profile', 'quick', '--seed', '7']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(run.code).toBe(1);
    expect(Object.keys(failedChecks(report))).toContain('independent-validator');
    expect(report.failures.some((f) => f.check === 'independent-validator' && /Prism reports/.test(f.message))).toBe(true);
  }, CLI_TEST_MS);
});
