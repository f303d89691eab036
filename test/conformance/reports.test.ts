// The reports of a run: the console summary (operations × checks, failures with request, response,
// rule and replay command, warnings apart), JUnit XML for CI, and the verdict.
import { describe, expect, it } from 'vitest';
import { consoleReport } from '../../conformance/report/console-report.ts';
import { junitReport } from '../../conformance/report/junit-report.ts';
import { replayCommand } from '../../conformance/report/replay-command.ts';
import { buildReport, type RunReport } from '../../conformance/report/run-report.ts';
import type { Finding, RecordedResults } from '../../conformance/record/finding.ts';
import { maskAuthorization, maskBody } from '../../conformance/record/recorder.ts';

const failure: Finding = {
  check: 'timezone-header',
  rule: 'seed "Time handling" rule 5',
  severity: 'fail',
  operationId: 'getFlow',
  message: 'the X-Timezone header is missing <&>',
  test: 'getFlow: generated valid requests',
  exchange: {
    request: { operationId: 'getFlow', method: 'GET', url: 'https://acme.example.com/api/v1/flow/x', headers: { authorization: 'Bearer ****abcd' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text: '{"data":{}}' },
  },
  replay: { test: 'getFlow: generated valid requests', seed: -5, path: '3:1' },
};
const warning: Finding = { ...failure, check: 'response-schema', severity: 'warn', operationId: 'sendSms', message: 'an inferred field differs', replay: undefined };

function report(findings: Finding[], failedTests: string[]): RunReport {
  const recorded: RecordedResults = {
    findings,
    tallies: {
      'getFlow\u0000timezone-header': { pass: 3, fail: 1, warn: 0, skip: 0 },
      'getFlow\u0000status-documented': { pass: 4, fail: 0, warn: 0, skip: 0 },
      'sendSms\u0000response-schema': { pass: 2, fail: 0, warn: 1, skip: 0 },
      '\u0000tls-https-only': { pass: 0, fail: 0, warn: 0, skip: 1 },
    },
    notes: [{ area: 'tls-https-only', message: 'the target is the mock' }],
    requests: 10,
    failedTests,
  };
  return buildReport(
    recorded,
    { tests: [{ title: 'getFlow: generated valid requests', fullName: 'operations getFlow: generated valid requests', status: 'failed', failureMessages: ['x'] }], fileErrors: [] },
    { startedAt: '2026-03-14T10:00:00Z', durationMs: 1500, target: { baseUrl: 'https://acme.example.com', mode: 'readonly', profile: 'default', parts: ['operations'], seed: 99, mock: false, faults: [] } },
  );
}

describe('reports', () => {
  it('fail the verdict on a documented failure and list warnings apart', () => {
    const r = report([failure, warning], ['getFlow: generated valid requests']);
    expect(r.verdict).toBe('fail');
    expect(r.counts).toEqual({ failed: 1, warned: 1, passed: 9 });
    expect(r.failures).toEqual([failure]);
    expect(r.warnings).toEqual([warning]);
    expect(r.suiteErrors).toEqual([]);
  });

  it('pass with warnings only, and count a failed test without findings as a suite error', () => {
    const r = report([warning], []);
    expect(r.suiteErrors.map((e) => e.test)).toEqual(['getFlow: generated valid requests']);
    expect(r.verdict).toBe('fail');
  });

  it('print the matrix, the failure with its exchange and replay command, warnings and notes', () => {
    const text = consoleReport(report([failure, warning], ['getFlow: generated valid requests']));
    expect(text).toMatch(/getFlow\s+·\s+·\s+✓\s+·\s+·\s+✗/);
    expect(text).toContain('✗ FAIL timezone-header — getFlow');
    expect(text).toContain('request:  GET https://acme.example.com/api/v1/flow/x');
    expect(text).toContain('response: 200');
    expect(text).toContain("--replay='-5/3:1'");
    expect(text).toContain('WARNINGS (inferred parts, they do not fail the run)');
    expect(text).toContain('! response-schema — sendSms');
    expect(text).toContain('· tls-https-only: the target is the mock');
    expect(text).toMatch(/^FAIL: 1 failed, 1 warnings/m);
  });

  it('write JUnit XML with one testsuite per check, escaped text, warnings as skipped', () => {
    const xml = junitReport(report([failure, warning], ['getFlow: generated valid requests']));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="conformance" tests="4" failures="1" errors="0" time="1.500">/);
    expect(xml).toContain('<testsuite name="timezone-header" tests="1" failures="1"');
    expect(xml).toContain('message="the X-Timezone header is missing &lt;&amp;&gt;"');
    expect(xml).toContain('<testsuite name="warnings (inferred parts)" tests="1" failures="0" errors="0" skipped="1">');
    expect(xml).not.toMatch(/<&>/);
  });

  it('build a replay command that selects the test by name and passes seed and path', () => {
    const r = report([failure], ['getFlow: generated valid requests']);
    expect(replayCommand(r, failure)).toBe(
      `npm run conformance -- --base-url https://acme.example.com --token "$CONFORMANCE_TOKEN" --mode readonly --seed=99 --only 'getFlow: generated valid requests$' --replay='-5/3:1'`,
    );
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
