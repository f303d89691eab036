// Tokens are masked exactly (record/token-mask.ts): where the token appears as a token (the
// Authorization header, a header that is the token, a secret query value, a whole JSON string
// or a delimited part such as `Bearer <token>` or `token=<token>`, a quoted string in a message),
// never by replacing every occurrence of its text. A run with a one-letter or common-word token
// writes the same reports, character for character, as a run whose token appears nowhere else;
// a realistic token never appears in any report.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../conformance/http/exchange.ts';
import { Recorder } from '../../conformance/record/recorder.ts';
import { maskBodyText, maskHeader, maskText, maskUrl } from '../../conformance/record/token-mask.ts';
import { consoleReport } from '../../conformance/report/console-report.ts';
import { htmlReport } from '../../conformance/report/html-report.ts';
import { junitReport } from '../../conformance/report/junit-report.ts';
import { buildReport } from '../../conformance/report/run-report.ts';

/** Text full of the short tokens' letters and words, never as a token. */
const OTHER = 'expected 404 for x-timezone at /api/v1/agents: true, api v1 x (field x_id), exact';
const REALISTIC = 'wst_live_9f8e7d6c5b4a39281706AbCd';
/** A token whose text appears only where the suite put the token: the reports every token must give. */
const PLACEHOLDER = 'placeholder-token-0123456789abcdef';

interface Reports {
  text: string;
  json: string;
  html: string;
  junit: string;
}

/** The four reports of a run that used `token`: a failing exchange carrying it where a token goes, next to other text. */
function reportsFor(token: string): Reports {
  const recorder = new Recorder();
  recorder.secret(token, 'CONFORMANCE_TOKEN');
  recorder.currentTest = 'listAgents: generated valid requests';
  const exchange: Exchange = {
    request: {
      operationId: 'listAgents',
      method: 'POST',
      url: `http://api.example.test/api/v1/agents?per_page=1&include=x&flag=true&v=v1&api=api&access_token=${encodeURIComponent(token)}`,
      headers: { authorization: `Bearer ${token}`, 'x-api-key': token, 'x-note': OTHER, 'content-type': 'application/json' },
      body: JSON.stringify({ name: OTHER, enabled: true, api: 'v1 api x', value: 'xx', key: token, header: `Bearer ${token}`, callback: `https://hooks.example.test/x?api=v1&token=${token}` }),
    },
    response: {
      status: 422,
      headers: { 'content-type': 'application/json', 'x-trace': 'api-v1-x-true' },
      text: JSON.stringify({ success: false, error: { code: 'VALIDATION_ERROR', message: OTHER, field: 'x_id' }, echo: token, flags: [true, 'v1x', 'api_x'] }),
    },
    sentAt: 0,
    receivedAt: 1,
  };
  recorder.record({ check: 'expected-outcome', rule: 'seed "Errors"', operationId: 'listAgents', outcome: { part: 'documented', message: `${OTHER}; the answer quotes the token "${token}" and Bearer ${token}` }, exchange });
  recorder.record({ check: 'status-documented', rule: 'r', operationId: 'listAgents', outcome: 'pass' });
  recorder.note('listAgents', `${OTHER}: sent with token=${token}`);
  recorder.countRequest();
  const report = buildReport(recorder.drain(), { tests: [{ title: 'listAgents: generated valid requests', fullName: 'operations listAgents: generated valid requests', status: 'failed', failureMessages: ['x'] }], fileErrors: [] }, {
    startedAt: '2026-03-14T10:00:00Z',
    durationMs: 1500,
    target: { baseUrl: 'http://api.example.test', mode: 'full', profile: 'quick', parts: ['operations'], seed: 7, mock: false, faults: [], failOn: 'published' },
  });
  return { text: consoleReport(report), json: JSON.stringify(report, null, 2), html: htmlReport(report), junit: junitReport(report) };
}

describe('the token mask', () => {
  const expected = reportsFor(PLACEHOLDER);

  it('shows the token as $CONFORMANCE_TOKEN where it is a token: headers, curl line, query, body, message', () => {
    expect(expected.text).toContain('-H "authorization: Bearer $CONFORMANCE_TOKEN"');
    expect(expected.text).toContain('-H "x-api-key: $CONFORMANCE_TOKEN"');
    expect(expected.text).toContain("'http://api.example.test/api/v1/agents?per_page=1&include=x&flag=true&v=v1&api=api&access_token=$CONFORMANCE_TOKEN'");
    expect(expected.text).toContain('"key":"$CONFORMANCE_TOKEN","header":"Bearer $CONFORMANCE_TOKEN","callback":"https://hooks.example.test/x?api=v1&token=$CONFORMANCE_TOKEN"');
    expect(expected.text).toContain('"echo": "$CONFORMANCE_TOKEN"');
    expect(expected.text).toContain('the answer quotes the token "$CONFORMANCE_TOKEN" and Bearer $CONFORMANCE_TOKEN');
    expect(expected.text).toContain(`${OTHER}: sent with token=$CONFORMANCE_TOKEN`);
    expect(expected.text).toContain('--token "$CONFORMANCE_TOKEN"');
  });

  it.each(['x', 'api', 'v1', 'true', 'exact'])('with --token %s the reports keep every other text intact', (token) => {
    const got = reportsFor(token);
    expect(got.text).toBe(expected.text);
    expect(got.json).toBe(expected.json);
    expect(got.html).toBe(expected.html);
    expect(got.junit).toBe(expected.junit);
    expect(got.text).toContain(OTHER);
  });

  it('never writes a realistic token into any report', () => {
    const got = reportsFor(REALISTIC);
    for (const text of Object.values(got)) expect(text).not.toContain(REALISTIC);
    expect(got).toEqual(expected);
  });

  it('masks only delimited parts in free text, headers, bodies and URLs', () => {
    const secrets = new Map([['x', 'CONFORMANCE_TOKEN']]);
    expect(maskText('e x pected x-ray "x" bearer x token=x max=x', secrets)).toBe('e x pected x-ray "$CONFORMANCE_TOKEN" bearer $CONFORMANCE_TOKEN token=$CONFORMANCE_TOKEN max=x');
    expect(maskHeader('x', secrets)).toBe('$CONFORMANCE_TOKEN');
    expect(maskHeader('xx', secrets)).toBe('xx');
    expect(maskBodyText('{"a":"x","b":"x y","c":["Bearer x"]}', secrets)).toBe('{"a":"$CONFORMANCE_TOKEN","b":"x y","c":["Bearer $CONFORMANCE_TOKEN"]}');
    expect(maskBodyText('not json x', secrets)).toBe('not json x');
    expect(maskUrl('http://x.example/x/api?q=x&api_key=x#x', secrets)).toBe('http://x.example/x/api?q=x&api_key=$CONFORMANCE_TOKEN#x');
    const long = new Map([[REALISTIC, 'CONFORMANCE_TOKEN']]);
    expect(maskText(`prefix${REALISTIC}suffix`, long)).toBe('prefix$CONFORMANCE_TOKENsuffix');
    expect(maskUrl(`http://h/a/${REALISTIC}/b`, long)).toBe('http://h/a/$CONFORMANCE_TOKEN/b');
  });
});
