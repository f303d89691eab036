// The stateful models must be able to fail: against the mock started with each fault of a stateful
// group (mock/pipeline/faults.ts) the run of that group's model exits 1 and its report names the
// check of the broken rule (seed "States and transitions"). Against the mock without faults the
// same models pass, so each failure is the fault's.
import { describe, expect, it } from 'vitest';
import { expectFailureNaming, failedChecks, runCli } from './run-cli.ts';

const QUICK = ['--parts', 'stateful', '--profile', 'quick', '--seed', '7'];

const EXPECTED: Array<[fault: string, model: string, check: string]> = [
  ['rebuild-no-409', 'model: builder agents', 'rebuild-while-processing'],
  ['template-delete-no-409', 'model: template settings', 'template-setting-delete-blocked'],
  ['two-default-coaches', 'model: coaching agents', 'one-default-coach'],
  ['data-table-update-ignored', 'model: data tables', 'data-table-records'],
  ['listing-delete-keeps-tasks', 'model: listings', 'listing-delete-cancels-tasks'],
  ['two-factor-without-pin', 'model: assistant channels', 'two-factor-needs-pin'],
  ['queue-update-ignored', 'model: queues', 'queue-endpoints-available'],
  ['analytics-to-inclusive', 'model: analytics export', 'analytics-export-range'],
  ['flow-steps-unordered', 'model: flows', 'flow-steps-ordered'],
  ['feed-secrets-unmasked', 'model: log feeds', 'feed-secrets-masked'],
];

describe.concurrent('the stateful models fail against a faulty mock, naming the check', () => {
  for (const [fault, model, check] of EXPECTED) {
    it(`--fault ${fault} → ${check}`, async () => {
      const run = await runCli(['--fault', fault, '--only', model, ...QUICK]);
      const report = expectFailureNaming(run, fault, check);
      expect(report?.failures.some((f) => f.check === check && f.exchange !== undefined && f.test?.startsWith(model))).toBe(true);
    }, 180_000);
  }

  it('without a fault the same models pass', async () => {
    const run = await runCli(['--only', 'model: (builder agents|template settings|coaching agents|data tables|listings|assistant channels|queues|rates|analytics export|flows|log feeds)', ...QUICK]);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(failedChecks(report), run.output.slice(-3000)).toEqual({});
    expect(report.warnings.map((w) => `${w.check} ${w.operationId}: ${w.message}`)).toEqual([]);
    expect(run.code).toBe(0);
    const checks = Object.keys(report.tallies).map((key) => key.slice(key.indexOf('\u0000') + 1));
    for (const [, , check] of EXPECTED) expect(checks).toContain(check);
  }, 180_000);
});

// The rates filters' parameter names (`country`, `prefix`) are inferred, so a broken filter is a
// finding on an inferred part: it fails the run at --fail-on inferred.
describe('a rule on inferred parts fails the run at --fail-on inferred, naming the check', () => {
  it('--fault rates-ignore-prefix → rate-filters', async () => {
    const model = 'model: rates';
    const run = await runCli(['--fault', 'rates-ignore-prefix', '--only', model, '--fail-on', 'inferred', ...QUICK]);
    const report = expectFailureNaming(run, 'rates-ignore-prefix', 'rate-filters');
    expect(report?.failures.some((f) => f.check === 'rate-filters' && f.exchange !== undefined && f.test?.startsWith(model))).toBe(true);
  }, 180_000);
  // That a reply becomes a message of its conversation is inferred (the seed names replies and the
  // messages list, not the link); without the fault the same model passes at --fail-on inferred.
  it('--fault reply-not-in-messages → reply-in-messages', async () => {
    const model = 'model: conversation replies';
    const run = await runCli(['--fault', 'reply-not-in-messages', '--only', model, '--fail-on', 'inferred', ...QUICK]);
    const report = expectFailureNaming(run, 'reply-not-in-messages', 'reply-in-messages');
    expect(report?.failures.some((f) => f.check === 'reply-in-messages' && f.exchange !== undefined && f.test?.startsWith(model))).toBe(true);
    const clean = await runCli(['--only', model, '--fail-on', 'inferred', ...QUICK]);
    expect(clean.report && failedChecks(clean.report), clean.output.slice(-3000)).toEqual({});
    expect(clean.code).toBe(0);
  }, 180_000);
});
