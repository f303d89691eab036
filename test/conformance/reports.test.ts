// The reports of a run: the console summary (operations × checks, failures with the label of their
// part, request, response, rule and replay command, warnings and inconclusive rules apart), JUnit
// XML for CI, and the verdict (PASS, FAIL or INCOMPLETE) with its exit code.
import { describe, expect, it } from 'vitest';
import { consoleReport } from '../../conformance/report/console-report.ts';
import { junitReport } from '../../conformance/report/junit-report.ts';
import { replayCommand } from '../../conformance/report/replay-command.ts';
import { buildReport, EXIT_CODES, type RunReport, verdictOf } from '../../conformance/report/run-report.ts';
import type { Label } from '../../contract/labels.ts';
import type { Finding, RecordedResults } from '../../conformance/record/finding.ts';
import { maskAuthorization, maskBody } from '../../conformance/record/recorder.ts';
import { CATALOGUE } from '../../conformance/rules/catalogue.ts';

const failure: Finding = {
  check: 'timezone-header',
  rule: 'seed "Time handling" rule 5',
  severity: 'fail',
  label: 'documented',
  operationId: 'getFlow',
  message: 'the X-Timezone header is missing <&>',
  test: 'getFlow: generated valid requests',
  exchange: {
    request: { operationId: 'getFlow', method: 'GET', url: 'https://acme.example.com/api/v1/flow/x', headers: { authorization: 'Bearer ****abcd' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text: '{"data":{}}' },
  },
  replay: { test: 'getFlow: generated valid requests', seed: -5, path: '3:1' },
};
const warning: Finding = { ...failure, check: 'response-schema', severity: 'warn', label: 'inferred', operationId: 'sendSms', message: 'an inferred field differs', replay: undefined };
const undecided: Finding = {
  check: 'one-default-coach',
  rule: 'seed "Coaching agents": exactly one is always the default',
  severity: 'inconclusive',
  operationId: 'listCoachingAgents',
  message: 'the listCoachingAgents answer has no data.data.0.is_default the contract gives',
  test: 'model: coaching agents',
};

function report(findings: Finding[], failedTests: string[], failOn: Label = 'published', testStatus: 'passed' | 'failed' = 'failed'): RunReport {
  const count = (severity: Finding['severity'], check: string) => findings.filter((f) => f.severity === severity && f.check === check).length;
  const recorded: RecordedResults = {
    findings,
    tallies: {
      'getFlow\u0000timezone-header': { pass: 3, fail: count('fail', 'timezone-header'), warn: 0, inconclusive: 0, skip: 0 },
      'getFlow\u0000status-documented': { pass: 4, fail: 0, warn: 0, inconclusive: 0, skip: 0 },
      'sendSms\u0000response-schema': { pass: 2, fail: 0, warn: count('warn', 'response-schema'), inconclusive: 0, skip: 0 },
      'listCoachingAgents\u0000one-default-coach': { pass: 1, fail: 0, warn: 0, inconclusive: count('inconclusive', 'one-default-coach'), skip: 0 },
      '\u0000tls-https-only': { pass: 0, fail: 0, warn: 0, inconclusive: 0, skip: 1 },
    },
    notes: [{ area: 'tls-https-only', message: 'the target is the mock' }],
    requests: 10,
    failedTests,
  };
  return buildReport(
    recorded,
    { tests: [{ title: 'getFlow: generated valid requests', fullName: 'operations getFlow: generated valid requests', status: testStatus, failureMessages: testStatus === 'failed' ? ['x'] : [] }], fileErrors: [] },
    { startedAt: '2026-03-14T10:00:00Z', durationMs: 1500, target: { baseUrl: 'https://acme.example.com', mode: 'readonly', profile: 'default', parts: ['operations'], seed: 99, mock: false, faults: [], failOn, only: 'getFlow' } },
  );
}

describe('reports', () => {
  it('fail the verdict on a failure and list warnings and inconclusive rules apart', () => {
    const r = report([failure, warning, undecided], ['getFlow: generated valid requests']);
    expect(r.verdict).toBe('fail');
    expect(r.counts).toEqual({ failed: 1, warned: 1, inconclusive: 1, passed: 10 });
    const curl = expect.stringMatching(/^curl -sS -i -X GET 'https:\/\/acme\.example\.com\/api\/v1\/flow\/x' -H 'authorization: Bearer \*\*\*\*abcd'$/);
    expect(r.failures).toEqual([{ ...failure, curl }]);
    expect(r.warnings).toEqual([{ ...warning, curl }]);
    expect(r.inconclusive).toEqual([undecided]);
    expect(r.suiteErrors).toEqual([]);
  });

  it('are incomplete, never passing, when a rule could not be decided', () => {
    const r = report([warning, undecided], [], 'published', 'passed');
    expect(r.suiteErrors).toEqual([]);
    expect(r.counts).toEqual({ failed: 0, warned: 1, inconclusive: 1, passed: 10 });
    expect(r.verdict).toBe('incomplete');
    expect(consoleReport(r)).toMatch(/^INCOMPLETE: 0 failed, 1 warnings, 1 inconclusive, 10 passed checks, 0 suite errors$/m);
    expect(report([warning], [], 'published', 'passed').verdict).toBe('pass');
  });

  const verdicts: Array<[label: string, counts: { failed: number; inconclusive: number }, suiteErrors: number, want: 'pass' | 'fail' | 'incomplete', code: number]> = [
    ['nothing failed, nothing undecided', { failed: 0, inconclusive: 0 }, 0, 'pass', 0],
    ['a failure', { failed: 1, inconclusive: 0 }, 0, 'fail', 1],
    ['a failure and an undecided rule', { failed: 1, inconclusive: 2 }, 0, 'fail', 1],
    ['a suite error', { failed: 0, inconclusive: 0 }, 1, 'fail', 1],
    ['an undecided rule', { failed: 0, inconclusive: 1 }, 0, 'incomplete', 3],
  ];
  it.each(verdicts)('give the verdict and exit code of a run with %s', (_label, counts, suiteErrors, want, code) => {
    const verdict = verdictOf({ ...counts, warned: 4, passed: 100 }, suiteErrors);
    expect(verdict).toBe(want);
    expect(EXIT_CODES[verdict]).toBe(code);
  });

  it('pass with warnings only, and count a failed test without findings as a suite error', () => {
    const r = report([warning], []);
    expect(r.suiteErrors.map((e) => e.test)).toEqual(['getFlow: generated valid requests']);
    expect(r.verdict).toBe('fail');
  });

  it('print the matrix, the failure with its label, exchange and replay command, warnings, inconclusive rules and notes', () => {
    const text = consoleReport(report([failure, warning, undecided], ['getFlow: generated valid requests']));
    expect(text).toMatch(/getFlow\s+·\s+·\s+✓\s+·\s+·\s+✗/);
    expect(text).toContain('fail on published (documented and published parts fail)');
    expect(text).toContain('FAILURES (documented and published parts): 1 failed check(s) in 1 group(s)');
    expect(text).toContain('✗ FAIL timezone-header — getFlow (documented part)');
    expect(text).toContain('request:  GET https://acme.example.com/api/v1/flow/x');
    expect(text).toContain('response: 200');
    expect(text).toContain("--replay='-5/3:1'");
    expect(text).toContain('WARNINGS (inferred parts, they do not fail the run)');
    expect(text).toContain('! response-schema — sendSms (inferred part): an inferred field differs');
    expect(text).toContain('INCONCLUSIVE (rules the suite could not decide, so the run cannot pass): 1 in 1 rule(s)');
    expect(text).toContain('? one-default-coach — listCoachingAgents: the listCoachingAgents answer has no data.data.0.is_default the contract gives');
    expect(text).toMatch(/^\? one-default-coach\s+1\s+0\s+0\s+1\s+0/m);
    expect(text).toContain('· tls-https-only: the target is the mock');
    expect(text).toMatch(/^FAIL: 1 failed, 1 warnings, 1 inconclusive/m);
  });

  it('name the labels that fail and warn by the threshold', () => {
    const published: Finding = { ...failure, severity: 'warn', label: 'published', check: 'response-schema', operationId: 'listCalls', message: 'data.current_page is missing' };
    const text = consoleReport(report([published, undecided], [], 'documented'));
    expect(text).toContain('fail on documented (documented parts fail)');
    expect(text).toContain('WARNINGS (published and inferred parts, they do not fail the run)');
    expect(text).toContain('! response-schema — listCalls (published part): data.current_page is missing');
    expect(text).not.toContain('FAILURES');
    expect(text).toMatch(/^FAIL: 0 failed, 1 warnings, 1 inconclusive, 10 passed checks, 1 suite errors$/m);
  });

  it('write JUnit XML with one testsuite per check, escaped text, labels, warnings as skipped, inconclusive rules as errors', () => {
    const xml = junitReport(report([failure, warning, undecided], ['getFlow: generated valid requests']));
    // Five check testcases plus one per catalogue rule (time.response-zone-header violated, coaching.one-default inconclusive).
    expect(xml).toMatch(new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?>\n<testsuites name="conformance" tests="${5 + CATALOGUE.length}" failures="2" errors="2" time="1.500">`));
    expect(xml).toContain('<testsuite name="timezone-header" tests="1" failures="1"');
    expect(xml).toContain('message="documented part: the X-Timezone header is missing &lt;&amp;&gt;"');
    expect(xml).toContain('<testsuite name="warnings (inferred parts)" tests="1" failures="0" errors="0" skipped="1">');
    expect(xml).toContain('<skipped message="warning (inferred part): an inferred field differs"/>');
    expect(xml).toContain('<testsuite name="one-default-coach" tests="1" failures="0" errors="1" skipped="0">');
    expect(xml).toContain('<error message="inconclusive: the listCoachingAgents answer has no data.data.0.is_default the contract gives" type="inconclusive">');
    expect(xml).not.toMatch(/<&>/);
  });

  it('build a replay command that selects the test by name and passes seed, path and a threshold other than the default', () => {
    const r = report([failure], ['getFlow: generated valid requests']);
    expect(replayCommand(r, failure)).toBe(
      `npm run conformance -- --base-url https://acme.example.com --token "$CONFORMANCE_TOKEN" --mode readonly --seed=99 --only 'getFlow: generated valid requests$' --replay='-5/3:1'`,
    );
    expect(replayCommand(report([failure], [], 'inferred'), failure)).toContain('--seed=99 --fail-on inferred --only ');
  });

  it('mask tokens in recorded requests', () => {
    expect(maskAuthorization('Bearer wst_OCj2ISaJiHkTj0rLGlkoMXGjtEkDnNfribxUdl7d')).toBe('Bearer ****dl7d');
    expect(maskAuthorization('Basic dXNlcjpwYXNzd29yZA==')).toBe('Basic ****ZA==');
  });

  it('mask secret fields in recorded bodies', () => {
    const created = JSON.stringify({ success: true, data: { uuid: 'u', token: 'wst_8Kq2vN7xR4pL9mZ3cT6yH1jW5bF0dS2gA7eQa1b2', nested: [{ password: 'hunter22' }] } });
    expect(JSON.parse(maskBody(created))).toEqual({ success: true, data: { uuid: 'u', token: '****a1b2', nested: [{ password: '****er22' }] } });
    expect(maskBody('not json')).toBe('not json');
  });
});
