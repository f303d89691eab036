// The HTML report of a failing run stays readable (report/html-report.ts, html-findings.ts): an
// index of the failing rules at the top linking to their groups, findings grouped by rule and
// operation (the first 3 shown, the next folded in <details>, the rest counted), a page size
// bounded whatever the run found, and long lines wrapped to the page's width.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../conformance/record/finding.ts';
import { Recorder } from '../../conformance/record/recorder.ts';
import { FINDINGS_FOLDED, FINDINGS_SHOWN, SECTION_DETAILED } from '../../conformance/report/html-findings.ts';
import { htmlReport } from '../../conformance/report/html-report.ts';
import { buildReport, type RunReport } from '../../conformance/report/run-report.ts';

/** A failing run's report, its failures replaced by `failures`. */
function failingReport(failures: Finding[]): RunReport {
  const recorder = new Recorder();
  recorder.record({ check: 'timezone-header', rule: 'seed "Time handling" rule 5', operationId: 'getFlow', outcome: { part: 'documented', message: 'no X-Timezone header' } });
  const report = buildReport(recorder.drain(), { tests: [], fileErrors: [] }, {
    startedAt: '2026-03-14T10:00:00Z',
    durationMs: 1500,
    target: { baseUrl: 'http://acme.localhost:8080', mode: 'full', profile: 'quick', parts: ['operations'], seed: 7, mock: true, faults: [], failOn: 'published' },
  });
  return { ...report, failures };
}

function finding(check: string, operationId: string, n: number, body = ''): Finding {
  return {
    check,
    rule: 'a rule',
    severity: 'fail',
    label: 'documented',
    operationId,
    message: `finding ${n} of ${operationId}`,
    test: `${operationId}: generated valid requests`,
    exchange: {
      request: { operationId, method: 'GET', url: `http://acme.localhost:8080/api/v1/${operationId}/${'x'.repeat(300)}`, headers: {} },
      response: { status: 200, headers: { 'content-type': 'application/json' }, text: body },
    },
    curl: `curl -sS -i -X GET 'http://acme.localhost:8080/api/v1/${operationId}'`,
  };
}

const count = (text: string, part: string): number => text.split(part).length - 1;

describe('the HTML report of a failing run', () => {
  const failures = [
    ...Array.from({ length: 30 }, (_, i) => finding('timezone-header', 'listCalls', i)),
    ...Array.from({ length: 2 }, (_, i) => finding('timezone-header', 'getFlow', i)),
    ...Array.from({ length: 5 }, (_, i) => finding('status-documented', 'listAgents', i)),
  ];
  const html = htmlReport(failingReport(failures));

  it('starts with an index of the failing rules, each linking to its group', () => {
    const index = html.slice(html.indexOf('<nav class="index" id="index">'), html.indexOf('</nav>'));
    expect(html.indexOf('<nav class="index"')).toBeLessThan(html.indexOf('<h2 id="rules">'));
    expect(index).toContain('<h3>Failing rules (2)</h3>');
    expect(index).toMatch(/<li><a href="#failures-\d+"><code>time\.response-zone-header<\/code><\/a> — 32 findings in 2 operations<\/li>/);
    expect(index).toMatch(/<li><a href="#failures-\d+"><code>[\w.-]+<\/code><\/a> — 5 findings in 1 operation<\/li>/);
    // Every link of the page leads to an anchor on it.
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(html, target).toContain(`id="${target}"`);
  });

  it('groups findings by rule and operation: the first 3 shown, the next folded, the rest counted', () => {
    const group = html.slice(html.indexOf('<h4>listCalls'), html.indexOf('<h4>getFlow'));
    expect(group).toContain('<h4>listCalls <span class="muted">(30 findings)</span></h4>');
    const open = group.slice(0, group.indexOf('<details>'));
    expect(count(open, '<div class="finding fail">')).toBe(FINDINGS_SHOWN);
    expect(open).toContain('finding 0 of listCalls');
    expect(open).toContain('finding 2 of listCalls');
    const folded = group.slice(group.indexOf('<details>'), group.indexOf('</details>'));
    expect(folded).toContain(`<summary>${FINDINGS_FOLDED} more findings of listCalls</summary>`);
    expect(count(folded, '<div class="finding fail">')).toBe(FINDINGS_FOLDED);
    expect(group).toContain(`${30 - FINDINGS_SHOWN - FINDINGS_FOLDED} more findings of listCalls in conformance.json.`);
    // Two findings of an operation are both shown, nothing folded.
    const small = html.slice(html.indexOf('<h4>getFlow'), html.indexOf('</section>', html.indexOf('<h4>getFlow')));
    expect(count(small, '<div class="finding fail">')).toBe(2);
    expect(small).not.toContain('<details>');
  });

  it('fits the page width: long lines wrap, tables scroll in their container', () => {
    expect(html).toMatch(/pre\{[^}]*white-space:pre-wrap;[^}]*overflow-wrap:anywhere/);
    expect(html).toMatch(/\.scroll\{overflow-x:auto/);
    expect(count(html, '<table')).toBeGreaterThan(0);
    expect(count(html, '<div class="scroll"><table')).toBe(count(html, '<table'));
    expect(count(html, '</table></div>')).toBe(count(html, '</table>'));
    expect(html).toContain('<div class="scroll"><table><thead><tr><th>rule</th>');
  });

  it('stays bounded in size however many findings the run has', () => {
    const body = JSON.stringify({ data: 'y'.repeat(5000) });
    const many = Array.from({ length: 3000 }, (_, i) => finding(i % 2 ? 'timezone-header' : 'status-documented', `op${i % 60}`, i, body));
    const big = htmlReport(failingReport(many));
    expect(count(big, '<div class="finding fail">')).toBe(SECTION_DETAILED);
    expect(big.length).toBeLessThan(1_500_000);
    expect(big).toContain('in conformance.json.');
  });
});
