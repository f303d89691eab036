// The default conformance suite against the mock, as `npm run conformance` runs it with no base
// URL: it starts the mock, every part runs in full mode, and the run must be green. The mock
// implements the inferred parts of the contract too, so it must not even warn.
import { describe, expect, it } from 'vitest';
import { CLI_TEST_MS, failedChecks, runCli } from './run-cli.ts';

describe('conformance suite against the mock', () => {
  it('passes every check with no warnings and exits 0', async () => {
    const run = await runCli(['--seed', '20260314']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    console.log(`conformance suite against the mock: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`);
    expect(failedChecks(report), run.output.slice(-6000)).toEqual({});
    expect(report.suiteErrors).toEqual([]);
    expect(report.warnings.map((w) => `${w.check} ${w.operationId}: ${w.message}`)).toEqual([]);
    expect(report.verdict).toBe('pass');
    expect(run.code).toBe(0);
    expect(report.target.parts).toEqual(['operations', 'negative', 'auth', 'time', 'tls', 'stateful']);
    expect(report.target.mode).toBe('full');
    expect(report.counts.passed).toBeGreaterThan(10_000);
  }, CLI_TEST_MS);
});
