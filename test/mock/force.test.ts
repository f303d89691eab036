// Forced responses and connection faults (POST /__mock/force, README "Forcing responses and
// faults"): status, body, headers, a real delay, how many matching requests, what they match
// (method, path, path pattern, tenant, operation), and the faults `reset` and `no-answer`.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchHandler } from '../../mock/adapters/fetch.ts';
import { createMockServer, listen } from '../../mock/adapters/node-http.ts';
import type { Mock } from '../../mock/core/mock.ts';
import { demoFixtures, demoTenant } from '../support/demo-tenants.ts';
import { T0, testMock } from '../support/harness.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { success?: boolean; message?: string; data?: unknown; error?: { code: string; field?: string; retryAfter?: number } };
}

describe('forced responses and faults over HTTP', () => {
  let mock: Mock;
  let server: Server;
  let origin: string;
  let port: string;
  const dispatcher = new Agent({ connections: 8 });

  async function send(method: string, path: string, options: { tenant?: string | null; json?: unknown; signal?: AbortSignal } = {}): Promise<Answer> {
    const tenant = options.tenant === undefined ? 'acme' : options.tenant;
    const headers: Record<string, string> = { host: tenant === null ? `localhost:${port}` : `${tenant}.localhost:${port}` };
    if (tenant !== null) headers.authorization = `Bearer ${demoTenant(tenant).fullToken}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`${origin}${path}`, {
      method: method as 'GET',
      headers,
      dispatcher,
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await res.body.text();
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out[name] = value;
    return { status: res.statusCode, headers: out, body: text === '' ? {} : JSON.parse(text) };
  }
  const control = (method: string, path: string, json?: unknown) => send(method, `/__mock${path}`, { tenant: null, ...(json === undefined ? {} : { json }) });
  const force = async (rule: unknown) => {
    const reply = await control('POST', '/force', rule);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  };

  /**
   * Resolves when the mock takes a forced rule with `fault` for a request: the signal that the
   * request has reached the mock (read from the mock itself, not polled on a timer).
   */
  const taken = (fault: string): Promise<void> =>
    new Promise((resolveTaken) => {
      const take = mock.faults.takeForced.bind(mock.faults);
      const spy = vi.spyOn(mock.faults, 'takeForced').mockImplementation((...args) => {
        const rule = take(...args);
        if (rule?.fault === fault) {
          spy.mockRestore();
          resolveTaken();
        }
        return rule;
      });
    });

  beforeAll(async () => {
    mock = testMock();
    server = createMockServer(mock);
    origin = await listen(server, 0, '127.0.0.1');
    port = new URL(origin).port;
  });
  afterAll(async () => {
    await dispatcher.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(async () => {
    mock.fixtures = demoFixtures();
    mock.clock.freeze(T0);
    expect((await control('POST', '/reset')).status).toBe(200);
  });

  it('answers a status alone with the document code, in the operation shape, 429 with Retry-After', async () => {
    await force({ operation_id: 'listCalls', status: 429 });
    const limited = await send('GET', '/api/v1/calls');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(limited.body.error?.retryAfter).toBe(Number(limited.headers['retry-after']));
    expect(limited.headers['x-timezone']).toBe('Europe/Berlin');
    expect(limited.headers['x-ratelimit-limit']).toMatch(/^\d+$/);

    await force({ operation_id: 'listCalls', status: 503 });
    const down = await send('GET', '/api/v1/calls');
    expect([down.status, down.body.error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);

    // getFlow's 404 is Shape A in the contract.
    await force({ operation_id: 'getFlow', status: 404 });
    const flow = await send('GET', `/api/v1/flow/${randomUUID()}`);
    expect(flow.status).toBe(404);
    expect(flow.body).toEqual({ success: false, message: expect.any(String), data: [] });
    expect((await send('GET', '/api/v1/calls')).status).toBe(200);
  });

  it('answers a given body with given headers, for as many matching requests as asked', async () => {
    const body = { success: false, message: 'Upstream down', error: { code: 'INTERNAL_SERVER_ERROR', details: 'Forced.' } };
    await force({ method: 'GET', path: '/api/v1/calls', status: 500, body, headers: { 'X-Upstream': 'carrier-b' }, times: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await send('GET', '/api/v1/calls');
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual(body);
      expect(reply.headers['x-upstream']).toBe('carrier-b');
    }
    const third = await send('GET', '/api/v1/calls');
    expect(third.status).toBe(200);
    expect(third.headers['x-upstream']).toBeUndefined();
  });

  it('matches a path pattern and a tenant', async () => {
    await force({ path_pattern: '/api/v1/*', tenant: 'globex', method: 'GET', status: 500 });
    const listed = (await control('GET', '/faults')).body as unknown as { forced: unknown[] };
    expect(listed.forced).toEqual([{ method: 'GET', path_pattern: '/api/v1/*', tenant: 'globex', status: 500, times: 1 }]);
    expect((await send('GET', '/api/v1/calls', { tenant: 'acme' })).status).toBe(200);
    // `*` stays within one segment: /api/v1/flow/<uuid> is not /api/v1/*.
    const flows = await send('GET', `/api/v1/flow/${randomUUID()}`, { tenant: 'globex' });
    expect(flows.status).not.toBe(500);
    const hit = await send('GET', '/api/v1/calls', { tenant: 'globex' });
    expect([hit.status, hit.body.error?.code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    expect((await send('GET', '/api/v1/calls', { tenant: 'globex' })).status).toBe(200);

    await force({ path_pattern: '/api/v1/flow/**', status: 500 });
    expect((await send('GET', '/api/v1/calls')).status).toBe(200);
    expect((await send('GET', `/api/v1/flow/${randomUUID()}`)).status).toBe(500);
  });

  it('delays the answer by real milliseconds', async () => {
    await force({ operation_id: 'listCalls', delay_ms: 400 });
    const started = performance.now();
    const reply = await send('GET', '/api/v1/calls');
    const elapsed = performance.now() - started;
    // Answered as usual, after the delay (lower bound only: a loaded machine is slower, never faster).
    expect(reply.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(350);
  });

  it('drops the connection on `reset`, and holds it without an answer on `no-answer`', async () => {
    await force({ operation_id: 'listCalls', fault: 'reset' });
    await expect(send('GET', '/api/v1/calls')).rejects.toThrow();
    expect(mock.requests.find({ path: '/api/v1/calls' }).at(-1)).toMatchObject({ status: null, fault: 'reset' });
    expect((await send('GET', '/api/v1/calls')).status).toBe(200);

    await force({ operation_id: 'listCalls', fault: 'no-answer' });
    const controller = new AbortController();
    const reached = taken('no-answer');
    const pending = send('GET', '/api/v1/calls', { signal: controller.signal });
    // The request has reached the mock (the rule is used up) and is left unanswered until the client gives up.
    await reached;
    expect(mock.faults.pending()).toEqual([]);
    let settled = false;
    void pending.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    expect((await send('GET', '/api/v1/calls')).status).toBe(200);
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('gives the fetch adapter the same faults: a network error, or nothing until the caller aborts', async () => {
    const handler = fetchHandler(mock);
    const call = (signal?: AbortSignal) =>
      handler(new Request('http://acme.localhost/api/v1/calls', { headers: { authorization: `Bearer ${demoTenant('acme').fullToken}` }, ...(signal ? { signal } : {}) }));
    await force({ operation_id: 'listCalls', fault: 'reset' });
    expect((await call()).type).toBe('error');
    await force({ operation_id: 'listCalls', fault: 'no-answer' });
    const controller = new AbortController();
    const reached = taken('no-answer');
    const pending = call(controller.signal);
    await reached;
    expect(mock.faults.pending()).toEqual([]);
    expect((await call()).status).toBe(200);
    controller.abort();
    expect((await pending).type).toBe('error');
  });

  it('changes nothing when a forced answer replaces the handler', async () => {
    const count = async () => ((await send('GET', '/api/v1/coaching-agents')).body.data as { total: number }).total;
    const before = await count();
    await force({ operation_id: 'createCoachingAgent', status: 500 });
    expect((await send('POST', '/api/v1/coaching-agents', { json: { name: 'Never stored' } })).status).toBe(500);
    expect(await count()).toBe(before);
  });

  it('refuses a bad rule with a Shape B 422 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ operation_id: 'listCalls' }, ''],
      [{ delay_ms: 30_001 }, 'delay_ms'],
      [{ fault: 'explode' }, 'fault'],
      [{ fault: 'reset', status: 500 }, 'fault'],
      [{ body: {} }, 'status'],
      [{ status: 500, headers: { 'X-Bad': 'a\r\nSet-Cookie: x' } }, 'headers'],
      [{ status: 500, tenant: 7 }, 'tenant'],
    ];
    for (const [rule, field] of cases) {
      const reply = await control('POST', '/force', rule);
      expect(reply.status, JSON.stringify(rule)).toBe(422);
      expect(reply.body.success).toBe(false);
      expect(reply.body.error?.code).toEqual(expect.any(String));
      if (field !== '') expect(reply.body.error?.field ?? '', JSON.stringify(rule)).toContain(field);
    }
    expect(mock.faults.pending()).toEqual([]);
  });
});
