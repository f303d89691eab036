// Prism as a foreign target (`prism mock generated/openapi.json`): a stateless server that answers
// from the contract's examples and validates each request itself. The suite must blame the rules
// Prism really breaks and nothing else: what Prism's validator finds in the suite's own
// (deliberately invalid) requests is reported apart as "suite requests", never as the target
// violating `resources.fields`, and a shared check's finding counts only for the rule whose aspect
// it concerns. VIOLATED below was checked by hand against the run's findings (see each reason).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_REQUESTS } from '../../conformance/checks/independent-validator.ts';
import { PRISM_HOOK_MS, type StartedPrism, startPrism } from '../support/prism.ts';
import { CLI_TEST_MS, ROOT, runCli } from './run-cli.ts';

/**
 * The rules the run below finds violated, each checked by hand. Prism answers an invalid request
 * with the contract's first 422 example, whose code is RESOURCE_NOT_FOUND: `errors.codes` (a 422
 * with a code that is not a validation code) and `errors.client-mistakes-4xx` (an invalid request
 * without the code its fault calls for). Not `limits.page-sizes` or `rates.pagination` (Prism does
 * refuse out-of-range page sizes, only with that wrong code), not `versioning.path-version` (every
 * path is served), not `resources.fields` (Prism's findings are about the suite's invalid requests).
 */
const VIOLATED = ['errors.client-mistakes-4xx', 'errors.codes'];

let prism: StartedPrism | undefined;

beforeAll(async () => {
  prism = await startPrism(['mock', join(ROOT, 'generated', 'openapi.json')]);
}, PRISM_HOOK_MS);

afterAll(async () => {
  await prism?.stop();
});

describe('the suite against Prism as the target', () => {
  it('blames exactly the rules Prism breaks, and reports Prism’s findings about the suite’s requests apart', async () => {
    if (!prism) throw new Error('Prism did not start');
    // The operations the page-size rules name and one collection: the cases the verdicts got wrong.
    const only = '(listActionLogs|listPhoneNumberRates|exportAnalyticsMessages|listAgents): ';
    const run = await runCli(['--base-url', prism.url, '--token', 'prism-target-token-0123456789', '--parts', 'operations,negative', '--only', only, '--mode', 'full', '--accept-costs', '--rate', '0', '--profile', 'quick', '--seed', '7']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    const violated = report.rules.filter((r) => r.status === 'violated').map((r) => r.id).sort();
    expect(violated, JSON.stringify(report.rules.filter((r) => r.status === 'violated').map((r) => [r.id, r.reason]), null, 1)).toEqual(VIOLATED);
    expect(run.code).toBe(1);
    expect(report.requests).toBeGreaterThan(0);
    expect(report.suiteErrors).toEqual([]);
    // Prism's validator found the suite's deliberately invalid requests invalid: reported apart.
    expect(report.notes.filter((n) => n.area === SUITE_REQUESTS).map((n) => n.message)).toContain('listActionLogs: Prism finds the suite\u2019s deliberately invalid requests invalid, as intended');
    expect(run.reportFiles).toContain('SUITE REQUESTS');
    const findings = [...report.failures, ...report.warnings];
    expect(findings.filter((f) => f.check === 'independent-validator' && /request\./.test(f.message))).toEqual([]);
  }, CLI_TEST_MS);
});
