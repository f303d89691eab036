// Who may use the control API (ARCHITECTURE.md, "Security"): no web page of another origin (no
// CORS, a cross-origin or cross-site request refused, a text/plain "simple" POST refused), no
// foreign Host (DNS rebinding), an optional control token, and a switch to turn it off. JWT signing
// secrets leave only when asked for.
import type { Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, listen } from '../../mock/adapters/node-http.ts';
import type { Mock, MockOptions } from '../../mock/core/mock.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { testMock } from '../support/harness.ts';

const acme = demoTenant('acme');

// biome-ignore lint/suspicious/noExplicitAny: test bodies are read loosely and asserted field by field
type Answer = { status: number; headers: Record<string, string>; body: any };

interface Served {
  mock: Mock;
  port: string;
  send(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<Answer>;
  close(): Promise<void>;
}

async function serve(options: MockOptions = {}): Promise<Served> {
  const mock = testMock(options);
  const server: Server = createMockServer(mock);
  const origin = await listen(server, 0, '127.0.0.1');
  const port = new URL(origin).port;
  return {
    mock,
    port,
    async send(method, path, headers = {}, body) {
      const res = await request(`${origin}${path}`, { method: method as 'GET', headers: { host: `localhost:${port}`, ...headers }, body });
      const text = await res.body.text();
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out[k] = v;
      return { status: res.statusCode, headers: out, body: text === '' ? undefined : JSON.parse(text) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function expectShapeB(res: Answer, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code } });
  expect(typeof res.body.message).toBe('string');
  expect(typeof res.body.error.details).toBe('string');
}

describe('the control API with its defaults', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve();
  });
  afterAll(() => s.close());

  it('answers loopback host names, with no CORS header', async () => {
    for (const host of [`localhost:${s.port}`, `127.0.0.1:${s.port}`, `[::1]:${s.port}`, 'localhost']) {
      const res = await s.send('GET', '/__mock/clock', { host });
      expect(res.status, host).toBe(200);
      expect(res.headers['access-control-allow-origin'], host).toBeUndefined();
      expect(res.headers['x-timezone']).toBe('UTC');
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a tenant host, changing nothing', async () => {
    for (const host of [`attacker.example:${s.port}`, 'rebind.attacker.example', `acme.localhost:${s.port}`, `localhost.attacker.example:${s.port}`]) {
      expectShapeB(await s.send('GET', '/__mock', { host }), 403, 'FORBIDDEN');
      const before = s.mock.clock.now();
      expectShapeB(await s.send('POST', '/__mock/clock', { host, 'content-type': 'application/json' }, '{"advance_ms": 60000}'), 403, 'FORBIDDEN');
      expect(s.mock.clock.now()).toBe(before);
    }
  });

  it('refuses a web page of another origin: reads, writes, preflights and cross-site fetches', async () => {
    const page = { origin: 'https://evil.example' };
    const read = await s.send('GET', '/__mock/snapshot', page);
    expectShapeB(read, 403, 'FORBIDDEN');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(acme.fullToken);
    const preflight = await s.send('OPTIONS', '/__mock/reset', { ...page, 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expectShapeB(await s.send('GET', '/__mock', { 'sec-fetch-site': 'cross-site' }), 403, 'FORBIDDEN');
    // Even a page on the mock's own origin is a web page: only listed origins are answered.
    expectShapeB(await s.send('GET', '/__mock', { origin: `http://localhost:${s.port}` }), 403, 'FORBIDDEN');
  });

  it('refuses a CORS "simple" POST (text/plain or a form body) and keeps the state', async () => {
    const calls = s.mock.store.get('acme')?.state.calls.length;
    s.mock.store.get('acme')?.state.calls.pop();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectShapeB(await s.send('POST', '/__mock/reset', { 'content-type': type }, '{}'), 415, 'BAD_REQUEST');
    }
    expect(s.mock.store.get('acme')?.state.calls.length).toBe((calls ?? 0) - 1);
    expect((await s.send('POST', '/__mock/reset')).status).toBe(200);
    expect(s.mock.store.get('acme')?.state.calls.length).toBe(calls);
  });

  it('leaves the JWT signing secrets out of snapshots and descriptions unless asked for', async () => {
    const plain = await s.send('GET', '/__mock/snapshot');
    expect(plain.status).toBe(200);
    expect(JSON.stringify(plain.body)).not.toContain(acme.state.jwt_secret);
    expect(JSON.stringify((await s.send('GET', '/__mock')).body)).not.toContain(acme.state.jwt_secret);
    const asked = await s.send('GET', '/__mock/snapshot?secrets=true');
    expect(JSON.stringify(asked.body)).toContain(acme.state.jwt_secret);
    // A snapshot without secrets imports back: the workspaces keep their secrets and user tokens work.
    expect((await s.send('PUT', '/__mock/snapshot', { 'content-type': 'application/json' }, JSON.stringify(plain.body))).status).toBe(200);
    expect(s.mock.store.get('acme')?.state.jwt_secret).toBe(acme.state.jwt_secret);
  });
});

describe('the control API with an allowed origin, a token, or turned off', () => {
  const front = 'http://localhost:5173';
  let s: Served;
  beforeAll(async () => {
    s = await serve({ control: { enabled: true, token: 'control-secret-123', origins: [front], hosts: [] } });
  });
  afterAll(() => s.close());

  it('needs the control token when one is set', async () => {
    expectShapeB(await s.send('GET', '/__mock'), 401, 'MISSING_AUTH_TOKEN');
    expectShapeB(await s.send('GET', '/__mock', { authorization: 'Bearer wrong' }), 401, 'INVALID_AUTH_TOKEN');
    expect((await s.send('GET', '/__mock', { authorization: 'Bearer control-secret-123' })).status).toBe(200);
  });

  it('answers an allowed origin with CORS for that origin only', async () => {
    const auth = { authorization: 'Bearer control-secret-123' };
    const preflight = await s.send('OPTIONS', '/__mock/clock', { origin: front, 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(front);
    expect(preflight.headers['x-ratelimit-limit']).toBeDefined();
    const res = await s.send('GET', '/__mock/clock', { origin: front, ...auth });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(front);
    expect(res.headers.vary).toContain('Origin');
    expectShapeB(await s.send('GET', '/__mock/clock', { origin: 'http://localhost:5174', ...auth }), 403, 'FORBIDDEN');
  });

  it('is off with enabled: false (--no-control), while the API works', async () => {
    const off = await serve({ control: { enabled: false, token: undefined, origins: [], hosts: [] } });
    try {
      expectShapeB(await off.send('GET', '/__mock'), 404, 'ENDPOINT_NOT_FOUND');
      expectShapeB(await off.send('POST', '/__mock/reset'), 404, 'ENDPOINT_NOT_FOUND');
      const api = await off.send('GET', '/api/v1/calls', { host: `acme.localhost:${off.port}`, authorization: `Bearer ${acme.fullToken}` });
      expect(api.status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
