// Targets as QA meets them: a plain-HTTP target on a loopback host (the mock, a local build) or
// accepted with --allow-http reports the TLS rule as not applicable, with the reason; any other
// plain-HTTP target fails fast, saying how to proceed. Tokens never appear in any output or
// report: the report names the environment variable a token comes from, and every finding carries
// a one-line curl reproduction with `$CONFORMANCE_TOKEN` in place of the value. A run with a part
// left out marks that part's rules "not run" and passes only when every covered rule was exercised.
import { afterAll, describe, expect, it } from 'vitest';
import { maskAuthorization, recorder } from '../../conformance/record/recorder.ts';
import { CATALOGUE, CHECK_SCOPES } from '../../conformance/rules/catalogue.ts';
import { checkScheme } from '../../conformance/rules/tls.ts';
import { parseOptions } from '../../conformance/run/options.ts';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';
import { isLoopbackHost, type Target } from '../../conformance/target/target.ts';
import { type RewritingProxy, rewritingProxy } from './rewriting-proxy.ts';
import { TRACE_CONNECT, TRACE_LOADED, traceConnectEnv } from '../support/trace-connect.ts';
import { CLI_SAFETY_MS, CLI_TEST_MS, runCli } from './run-cli.ts';

function target(baseUrl: string, extra: Partial<Target> = {}): Target {
  return { baseUrl, tenant: undefined, workspaceToken: 'x', mode: 'readonly', profile: 'quick', failOn: 'published', parts: ['tls'], seed: 1, generalPerMinute: 0, insecure: false, data: {}, isMock: false, ...extra };
}

function tlsOutcomes(): { tallies: Record<string, string>; notes: string[] } {
  const drained = recorder.drain();
  const tallies: Record<string, string> = {};
  for (const [key, t] of Object.entries(drained.tallies)) tallies[key.slice(key.indexOf('\u0000') + 1)] = t.fail > 0 ? 'fail' : t.pass > 0 ? 'pass' : 'skip';
  return { tallies, notes: drained.notes.map((n) => n.message) };
}

const started: Array<StartedMock | RewritingProxy> = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop()));
});

describe('plain-HTTP targets', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['::1', true],
    ['localhost', true],
    ['acme.localhost', true],
    ['ACME.LOCALHOST', true],
    ['192.0.2.1', false],
    ['acme.example.com', false],
    ['localhost.example.com', false],
    ['10.0.0.1', false],
  ])('%s is loopback: %s', (host, want) => {
    expect(isLoopbackHost(host)).toBe(want);
  });

  it('report the TLS rules as not applicable on a loopback host, with the reason', () => {
    recorder.drain();
    expect(checkScheme(target('http://127.0.0.1:4010'))).toBe(false);
    const { tallies, notes } = tlsOutcomes();
    expect(tallies).toEqual({ 'tls-https-only': 'skip', 'tls-legacy-refused': 'skip', 'tls-version': 'skip' });
    expect([...new Set(notes)]).toEqual(['the target http://127.0.0.1:4010 is plain HTTP on a loopback host; the TLS rules apply to https deployments (certify TLS against the https:// address)']);
  });

  it('report them as not applicable on another host only with --allow-http, and as a failure without it', () => {
    recorder.drain();
    checkScheme(target('http://staging.example.com', { allowHttp: true }));
    const allowed = tlsOutcomes();
    expect(allowed.tallies).toEqual({ 'tls-https-only': 'skip', 'tls-legacy-refused': 'skip', 'tls-version': 'skip' });
    expect(allowed.notes[0]).toContain('accepted with --allow-http');
    checkScheme(target('http://staging.example.com'));
    expect(tlsOutcomes().tallies['tls-https-only']).toBe('fail');
  });

  it('read --allow-http from the flag or CONFORMANCE_ALLOW_HTTP', () => {
    expect(parseOptions([], {}).allowHttp).toBe(false);
    expect(parseOptions(['--allow-http'], {}).allowHttp).toBe(true);
    expect(parseOptions([], { CONFORMANCE_ALLOW_HTTP: '1' }).allowHttp).toBe(true);
  });

  it('fail fast on a plain-HTTP target that is not loopback, saying how to proceed', async () => {
    // "Fast": refused before any connection (192.0.2.1 answers nothing, so a connection would hang).
    // The child reports every connection it opens; the time-out is only a safety net.
    const run = await runCli(['--base-url', 'http://192.0.2.1', '--token', 'never-used-token-value'], CLI_SAFETY_MS, traceConnectEnv());
    expect(run.output).toContain(TRACE_LOADED);
    expect(run.output).not.toContain(TRACE_CONNECT);
    expect(run.code).toBe(2);
    expect(run.report).toBeUndefined();
    expect(run.output).toContain('--base-url http://192.0.2.1 is plain HTTP on a host that is not loopback');
    expect(run.output).toContain('--allow-http');
    expect(run.output).toContain('https://');
    expect(run.output).not.toContain('never-used-token-value');
  }, CLI_TEST_MS);
});

describe('secrets in reports', () => {
  it('show a known token as its environment variable, any other masked', () => {
    const secrets = new Map([['secret-workspace-token-1234', 'CONFORMANCE_TOKEN']]);
    expect(maskAuthorization('Bearer secret-workspace-token-1234', secrets)).toBe('Bearer $CONFORMANCE_TOKEN');
    expect(maskAuthorization('Bearer another-token-5678', secrets)).toBe('Bearer ****5678');
  });

  it('never print a token given with --token, and give every finding a curl line with $CONFORMANCE_TOKEN', async () => {
    const mock = await startMock({ faults: ['wrong-status'], generalPerMinute: 1_000_000 });
    started.push(mock);
    const tenant = mock.description.tenants[0];
    if (!tenant) throw new Error('the mock has no tenant');
    const workspace = tenant.tokens.find((t) => t.kind === 'workspace' && Array.isArray(t.permissions) && t.permissions.includes('*'));
    if (!workspace) throw new Error('the mock tenant has no full workspace token');
    const run = await runCli(['--base-url', tenant.url, '--mock-control', mock.description.control, '--token', workspace.token, '--parts', 'operations,auth', '--profile', 'quick', '--seed', '7']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(run.code).toBe(1);
    expect(report.failures.length).toBeGreaterThan(0);
    for (const token of tenant.tokens.map((t) => t.token)) {
      expect(run.output.includes(token), `a token of kind ${tenant.tokens.find((t) => t.token === token)?.kind} in the console output`).toBe(false);
      expect(run.reportFiles.includes(token), 'a token in a report file').toBe(false);
    }
    const findings = [...report.failures, ...report.warnings, ...report.inconclusive];
    // Every failure and warning came from a request and has its curl line; an inconclusive
    // finding may be about a request the suite could not make (no real id to send in readonly mode).
    for (const f of [...report.failures, ...report.warnings]) expect(f.curl, `${f.check} ${f.operationId}`).toMatch(/^curl -sS -i -X [A-Z]+ '/);
    for (const f of report.inconclusive) if (f.exchange) expect(f.curl, `${f.check} ${f.operationId}`).toMatch(/^curl -sS -i -X [A-Z]+ '/);
    expect(findings.some((f) => f.curl?.includes('-H "authorization: Bearer $CONFORMANCE_TOKEN"'))).toBe(true);
    const shownFailures = run.output.split('\n').filter((l) => l.startsWith('✗ FAIL')).length;
    expect(shownFailures).toBeGreaterThan(0);
    expect(run.output.split('\n').filter((l) => l.startsWith('    curl:     curl ')).length).toBe(shownFailures);
    expect(run.reportFiles).toContain('curl:     curl -sS -i -X');
  }, CLI_TEST_MS);
});

describe('the log feed secrets rule', () => {
  it('fails a feed that shows the token, and keeps the token out of every output', async () => {
    let token = '';
    // A feed row whose token is shown whole, as a service that forgot to mask it would answer.
    const proxy = await rewritingProxy((exchanged, body) => {
      const rows = (body as { data?: { data?: Array<{ token?: { masked?: string } }> } }).data?.data;
      if (exchanged.path === '/api/v1/logs/api' && Array.isArray(rows)) for (const row of rows) if (row.token) row.token.masked = token;
      return body;
    });
    started.push(proxy);
    token = proxy.token;
    // One request in the feed before the suite reads it.
    await fetch(`${proxy.url}/api/v1/calls?per_page=1`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    const run = await runCli(['--base-url', proxy.url, '--parts', 'auth', '--only', 'the API request feed masks the tokens it records$', '--rate', '0', '--seed', '7'], CLI_SAFETY_MS, {
      ...process.env,
      CONFORMANCE_TOKEN: token,
    });
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(run.code).toBe(1);
    expect(report.failures.map((f) => [f.check, f.message])).toEqual([['logs-secrets-masked', 'the API request feed shows the workspace token unmasked']]);
    expect(report.rules.find((r) => r.id === 'auth.log-secrets-masked')?.status).toBe('violated');
    expect(run.output.includes(token)).toBe(false);
    expect(run.reportFiles.includes(token)).toBe(false);
    expect(run.reportFiles).toContain('<the workspace token>');
    expect(report.failures[0]?.curl).toContain('"authorization: Bearer $CONFORMANCE_TOKEN"');
  }, CLI_TEST_MS);
});

describe('a run with a part left out', () => {
  it('marks its rules not run, reports TLS as not applicable on the loopback mock, and passes with every covered rule exercised', async () => {
    const run = await runCli(['--parts', 'operations,negative,time,stateful,tls', '--profile', 'quick', '--seed', '11']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    const byId = new Map(report.rules.map((r) => [r.id, r]));
    for (const rule of CATALOGUE) {
      const got = byId.get(rule.id);
      if (rule.untested) expect(got?.status, rule.id).toBe('not-run');
      else if (rule.checks.every((c) => CHECK_SCOPES[c]?.parts.join() === 'auth')) {
        expect(got?.status, rule.id).toBe('not-run');
        expect(got?.reason, rule.id).toBe('part auth not selected');
      } else if (rule.id.startsWith('tls.')) {
        expect(got?.status, rule.id).toBe('not-applicable');
        expect(got?.reason, rule.id).toContain('plain HTTP');
      } else expect(got?.status, `${rule.id}: ${got?.reason ?? ''}`).toBe('verified');
    }
    expect(report.verdict).toBe('pass');
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/- auth\.missing-token-401\s+not run .*part auth not selected/);
    expect(run.output).toMatch(/· tls\.https-only\s+not applicable .*plain HTTP/);
  }, CLI_TEST_MS);
});
