// The stateful models must be able to fail: against the mock started with each fault of a stateful
// group (mock/pipeline/faults.ts) the run of that group's model exits 1 and its report names the
// check of the broken rule (seed "States and transitions"). A listing delete that only pretends
// (the mock's control API answers it with a 200 and deletes nothing) must fail the listings model
// the same way. Against the mock without faults the same models pass, so each failure is the fault's.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../conformance/target/start-mock.ts';
import { failedChecks, runCli } from './run-cli.ts';

const QUICK = ['--parts', 'stateful', '--profile', 'quick', '--seed', '7'];

const EXPECTED: Array<[fault: string, model: string, check: string]> = [
  ['rebuild-no-409', 'model: builder agents', 'rebuild-while-processing'],
  ['template-delete-no-409', 'model: template settings', 'template-setting-delete-blocked'],
  ['two-default-coaches', 'model: coaching agents', 'one-default-coach'],
];

/** A schema-valid answer to DELETE /api/v1/listings/{uuid} for a delete that did nothing. */
const PRETENDED_DELETE = {
  success: true,
  message: 'Listing deleted',
  data: { uuid: '0d296128-3941-4c1b-b062-e9d5c7ca40a1', campaign_uuid: '04930bf0-8652-4198-b9d3-9d7ee91ef639', cancelled_tasks: 0, contacts_deleted: 0 },
};

describe.concurrent('the stateful models fail against a faulty mock, naming the check', () => {
  for (const [fault, model, check] of EXPECTED) {
    it(`--fault ${fault} → ${check}`, async () => {
      const run = await runCli(['--fault', fault, '--only', model, ...QUICK]);
      const report = run.report;
      expect(report, run.output.slice(-3000)).toBeDefined();
      if (!report) return;
      expect(run.code).toBe(1);
      expect(report.verdict).toBe('fail');
      expect(report.target.faults).toEqual([fault]);
      expect(Object.keys(failedChecks(report))).toContain(check);
      expect(report.failures.some((f) => f.check === check && f.exchange !== undefined && f.test?.startsWith(model))).toBe(true);
    }, 180_000);
  }

  it('a listing delete that deletes nothing → listing-delete-cancels-tasks', async () => {
    const mock = await startMock({ generalPerMinute: 1_000_000 });
    try {
      const forced = await request(`${mock.description.control}/force`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operation_id: 'deleteListing', status: 200, times: 1000, body: PRETENDED_DELETE }),
      });
      await forced.body.dump();
      expect(forced.statusCode).toBe(201);
      const tenant = mock.description.tenants[0];
      expect(tenant).toBeDefined();
      if (!tenant) return;
      const run = await runCli(['--base-url', tenant.url, '--mock-control', mock.description.control, '--mode', 'full', '--rate', '0', '--only', 'model: listings', ...QUICK]);
      const report = run.report;
      expect(report, run.output.slice(-3000)).toBeDefined();
      if (!report) return;
      expect(run.code).toBe(1);
      expect(report.verdict).toBe('fail');
      expect(Object.keys(failedChecks(report))).toContain('listing-delete-cancels-tasks');
      expect(report.failures.some((f) => f.check === 'listing-delete-cancels-tasks' && f.exchange !== undefined)).toBe(true);
    } finally {
      await mock.stop();
    }
  }, 180_000);

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
    expect(checks).toContain('listing-delete-cancels-tasks');
  }, 180_000);
});
