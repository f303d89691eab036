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
  ['listing-delete-keeps-tasks', 'model: listings', 'listing-delete-cancels-tasks'],
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
    const run = await runCli(['--only', 'model: (builder agents|template settings|coaching agents|listings)', ...QUICK]);
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
