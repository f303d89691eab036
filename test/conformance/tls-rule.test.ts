// The transport rules against local TLS servers (a throwaway self-signed certificate in
// fixtures/): a server that refuses TLS below 1.2 passes, one that accepts TLS 1.1 fails; a TLS
// port probed with plain HTTP rejects it, a refusal that is not the API's own answer (a 400 saying to
// use HTTPS) passes, and an API answering over plain HTTP (401 to the probe's token, or the answer it
// gives over HTTPS) fails.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recorder } from '../../conformance/record/recorder.ts';
import { checkPlainHttp, checkScheme, checkTlsVersions } from '../../conformance/rules/tls.ts';
import type { Target } from '../../conformance/target/target.ts';

const key = readFileSync(join(import.meta.dirname, 'fixtures', 'tls-key.pem'));
const cert = readFileSync(join(import.meta.dirname, 'fixtures', 'tls-cert.pem'));
const servers: Server[] = [];

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

function apiAnswer(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(401, { 'content-type': 'application/json', 'x-timezone': 'UTC' });
  res.end(JSON.stringify({ success: false, message: 'Invalid authentication token', error: { code: 'INVALID_AUTH_TOKEN', details: 'x' } }));
}

function target(baseUrl: string, extra: Partial<Target> = {}): Target {
  return { baseUrl, tenant: undefined, workspaceToken: 'x', mode: 'readonly', profile: 'quick', failOn: 'published', parts: ['tls'], seed: 1, generalPerMinute: 0, insecure: true, data: {}, isMock: false, ...extra };
}

function verdicts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, t] of Object.entries(recorder.drain().tallies)) out[key.slice(key.indexOf('\u0000') + 1)] = t.fail > 0 ? 'fail' : t.pass > 0 ? 'pass' : 'skip';
  return out;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('TLS rules', () => {
  it('pass against a server that refuses TLS below 1.2', async () => {
    const port = await listen(createHttpsServer({ key, cert, minVersion: 'TLSv1.2' }, apiAnswer));
    recorder.drain();
    await checkTlsVersions(target(`https://localhost:${port}`));
    await checkPlainHttp(target(`https://localhost:${port}`));
    expect(verdicts()).toEqual({ 'tls-legacy-refused': 'pass', 'tls-version': 'pass', 'tls-https-only': 'pass' });
  });

  it('fail against a server that accepts TLS 1.1', async () => {
    const port = await listen(createHttpsServer({ key, cert, minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }, apiAnswer));
    recorder.drain();
    await checkTlsVersions(target(`https://localhost:${port}`));
    expect(verdicts()['tls-legacy-refused']).toBe('fail');
  });

  it('fail when the API answers over plain HTTP', async () => {
    const port = await listen(createHttpServer(apiAnswer));
    recorder.drain();
    await checkPlainHttp(target('https://localhost:1', { httpUrl: `http://localhost:${port}` }));
    expect(verdicts()['tls-https-only']).toBe('fail');
  });

  it('pass when plain HTTP is refused with an error that is not the API answer (a 400 saying to use HTTPS)', async () => {
    const httpsPort = await listen(createHttpsServer({ key, cert, minVersion: 'TLSv1.2' }, apiAnswer));
    const httpPort = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(400, { 'content-type': 'application/json', 'x-timezone': 'UTC', connection: 'close' });
        res.end(JSON.stringify({ success: false, message: 'Bad Request', error: { code: 'BAD_REQUEST', details: 'This server answers HTTPS only.' } }));
      }),
    );
    recorder.drain();
    await checkPlainHttp(target(`https://localhost:${httpsPort}`, { httpUrl: `http://localhost:${httpPort}` }));
    expect(verdicts()['tls-https-only']).toBe('pass');
  });

  it('fail when plain HTTP gets the same API answer as HTTPS', async () => {
    const httpsPort = await listen(
      createHttpsServer({ key, cert }, (_req, res) => {
        res.writeHead(404, { 'content-type': 'application/json', 'x-timezone': 'UTC' });
        res.end(JSON.stringify({ success: false, message: 'Not found', error: { code: 'NOT_FOUND', details: 'x' } }));
      }),
    );
    const httpPort = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(404, { 'content-type': 'application/json', 'x-timezone': 'UTC' });
        res.end(JSON.stringify({ success: false, message: 'Not found', error: { code: 'NOT_FOUND', details: 'x' } }));
      }),
    );
    recorder.drain();
    await checkPlainHttp(target(`https://localhost:${httpsPort}`, { httpUrl: `http://localhost:${httpPort}` }));
    expect(verdicts()['tls-https-only']).toBe('fail');
  });

  it('pass when plain HTTP only redirects to https', async () => {
    const port = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(308, { location: 'https://localhost/api/v1/outbound/summary' });
        res.end();
      }),
    );
    recorder.drain();
    await checkPlainHttp(target('https://localhost:1', { httpUrl: `http://localhost:${port}` }));
    expect(verdicts()['tls-https-only']).toBe('pass');
  });

  it('fail a deployment served over plain HTTP, and do not apply to the mock', () => {
    recorder.drain();
    expect(checkScheme(target('http://acme.example.com'))).toBe(false);
    expect(verdicts()['tls-https-only']).toBe('fail');
    expect(checkScheme(target('http://acme.localhost:4010', { isMock: true }))).toBe(false);
    expect(verdicts()).toEqual({ 'tls-https-only': 'skip', 'tls-legacy-refused': 'skip', 'tls-version': 'skip' });
  });
});
