// The HTML report (report/html-report.ts): one self-contained page (inline CSS, no script, no
// external asset) with the verdict and target, the per-rule table, and each finding with its
// request and response excerpts and curl line; every text escaped; tokens shown only as
// $CONFORMANCE_TOKEN, as the recorder records them.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../conformance/http/exchange.ts';
import { Recorder } from '../../conformance/record/recorder.ts';
import { escapeHtml, htmlReport } from '../../conformance/report/html-report.ts';
import { buildReport, type RunReport } from '../../conformance/report/run-report.ts';
import { CATALOGUE } from '../../conformance/rules/catalogue.ts';

const TOKEN = 'wst_live_9f8e7d6c5b4a39281706';

/** A report built the way a run builds it: the recorder (with the run's token registered) records a failing exchange. */
function recordedReport(): RunReport {
  const recorder = new Recorder();
  recorder.secret(TOKEN, 'CONFORMANCE_TOKEN');
  recorder.currentTest = 'getFlow: generated valid requests';
  const exchange: Exchange = {
    request: {
      operationId: 'getFlow',
      method: 'GET',
      url: 'http://acme.localhost:8080/api/v1/flow/0000?q=<script>alert(1)</script>',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-echo': TOKEN },
    },
    response: { status: 200, headers: { 'content-type': 'application/json', 'x-timezone': 'UTC' }, text: JSON.stringify({ data: { name: '<b>"x" & \'y\'</b>', token: TOKEN } }) },
    sentAt: 0,
    receivedAt: 1,
  };
  recorder.record({ check: 'timezone-header', rule: 'seed "Time handling" rule 5', operationId: 'getFlow', outcome: { part: 'documented', message: `the X-Timezone header is wrong <&> for ${TOKEN}` }, exchange });
  recorder.record({ check: 'status-documented', rule: 'r', operationId: 'getFlow', outcome: 'pass' });
  recorder.countRequest();
  return buildReport(recorder.drain(), { tests: [{ title: 'getFlow: generated valid requests', fullName: 'operations getFlow: generated valid requests', status: 'failed', failureMessages: ['x'] }], fileErrors: [] }, {
    startedAt: '2026-03-14T10:00:00Z',
    durationMs: 1500,
    target: { baseUrl: 'http://acme.localhost:8080', mode: 'full', profile: 'quick', parts: ['operations'], seed: 7, mock: true, faults: ['missing-timezone-header'], failOn: 'published' },
  });
}

describe('the HTML report', () => {
  const report = recordedReport();
  const html = htmlReport(report);

  it('is one self-contained document: inline CSS, no script, no external asset', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link|<img|<iframe|\bsrc=|@import|url\(/i);
    expect(html).not.toMatch(/href="(https?:)?\/\//i);
  });

  it('shows the verdict and the target in the header', () => {
    expect(report.verdict).toBe('fail');
    expect(html).toMatch(/<span class="verdict fail">FAIL<\/span>/);
    expect(html).toContain('http://acme.localhost:8080 (the mock, faults: missing-timezone-header)');
    expect(html).toContain('full / quick');
  });

  it('has a row per catalogue rule with its id, label, verdict, reason and checks', () => {
    for (const rule of CATALOGUE) expect(html, rule.id).toContain(`<tr id="rule-${escapeHtml(rule.id)}">`);
    const row = html.slice(html.indexOf('<tr id="rule-time.response-zone-header">'));
    const cells = row.slice(0, row.indexOf('</tr>'));
    expect(cells).toContain('documented');
    expect(cells).toContain('violated (fails the run)');
    expect(cells).toContain('timezone-header');
    expect(cells).toContain('0 pass, 1 fail');
  });

  it('shows each finding with its request, response excerpt, curl line and replay command', () => {
    expect(html).toContain('timezone-header — getFlow (documented part)');
    expect(html).toContain('GET http://acme.localhost:8080/api/v1/flow/0000?q=&lt;script&gt;');
    expect(html).toContain('x-timezone: UTC');
    expect(html).toContain('curl -sS -i -X GET');
    expect(html).toContain('npm run conformance -- --fault missing-timezone-header');
  });

  it('escapes every text it shows', () => {
    expect(html).toContain('the X-Timezone header is wrong &lt;&amp;&gt;');
    expect(html).toContain('&lt;b&gt;\\&quot;x\\&quot; &amp; &#39;y&#39;&lt;/b&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('never shows the token: the recorder keeps it as $CONFORMANCE_TOKEN, in headers, bodies, messages and the curl line', () => {
    expect(html).not.toContain(TOKEN);
    expect(html).toContain('authorization: Bearer $CONFORMANCE_TOKEN');
    expect(html).toContain('x-echo: $CONFORMANCE_TOKEN');
    expect(html).toContain('&quot;authorization: Bearer $CONFORMANCE_TOKEN&quot;');
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });
});
