// The request journal (README "Request journal"): whole API requests and responses with secrets
// masked, searchable by method, path (prefix or pattern), tenant and status, counted as WireMock's
// journal is, cleared on reset, and bounded by --journal-size.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheReport } from '../../mock/core/cache-report.ts';
import type { JournalEntry } from '../../mock/core/request-log.ts';
import { demoFixtures, demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
type Found = { requests: JournalEntry[] };

describe('the request journal over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.fixtures = demoFixtures();
    h.clock.freeze(T0);
    expect((await h.control('POST', '/reset')).status).toBe(200);
  });

  const journal = async (query = '') => (await h.control('GET', `/requests${query}`)).json<Found>().requests;

  it('keeps whole requests and responses, with secrets masked', async () => {
    const sent = { name: 'Journal coach', password: 'hunter2-very-secret', nested: { api_key: 'sk-live-123456' } };
    const reply = await h.call('POST', '/api/v1/coaching-agents', { json: sent, query: { token: 'query-secret-value' }, headers: { cookie: 'session=abc', 'x-api-key': 'k-987654321' } });
    const [entry] = await journal();
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/coaching-agents', tenant: 'acme', status: reply.status });
    expect(entry?.id).toEqual(expect.any(Number));
    expect(Date.parse(entry?.at ?? '')).toBe(T0);
    expect(entry?.request.headers.authorization).toBe(`Bearer ****${acme.fullToken.slice(-4)}`);
    expect(entry?.request.headers.cookie).toBe('***');
    expect(entry?.request.headers['x-api-key']).toBe('***');
    expect(entry?.request.headers['content-type']).toBe('application/json');
    expect(entry?.request.body).toEqual({ name: 'Journal coach', password: '***', nested: { api_key: '***' } });
    expect(entry?.query).toBe('token=***');
    expect(entry?.response.body).toEqual(reply.body);
    expect(entry?.response.headers['x-timezone']).toBe(reply.headers['x-timezone']);
    const text = JSON.stringify(entry);
    for (const secret of [acme.fullToken, 'hunter2-very-secret', 'sk-live-123456', 'query-secret-value', 'k-987654321', 'session=abc']) expect(text).not.toContain(secret);
  });

  it('finds requests by method, path prefix or pattern, tenant and status, and counts them', async () => {
    await h.call('GET', '/api/v1/calls');
    await h.call('GET', '/api/v1/calls', { tenant: 'globex' });
    await h.call('GET', '/api/v1/calls', { token: null });
    await h.call('GET', `/api/v1/flow/${randomUUID()}`);
    await h.call('POST', '/api/v1/coaching-agents', { json: {} });

    const pick = (found: JournalEntry[]) => found.map((e) => [e.method, e.path.replace(/[0-9a-f-]{36}$/, ':uuid'), e.tenant, e.status]);
    expect(pick(await journal('?method=get&path=/api/v1/calls&tenant=acme'))).toEqual([
      ['GET', '/api/v1/calls', 'acme', 200],
      ['GET', '/api/v1/calls', 'acme', 401],
    ]);
    expect(pick(await journal('?status=401'))).toEqual([['GET', '/api/v1/calls', 'acme', 401]]);
    expect((await journal('?tenant=globex')).map((e) => e.tenant)).toEqual(['globex']);
    expect(pick(await journal('?path=/api/v1/flow/*'))).toHaveLength(1);
    // A prefix stops at whole segments: /api/v1/call is not /api/v1/calls.
    expect(await journal('?path=/api/v1/call')).toEqual([]);
    expect((await journal('?path=/api/v1')).length).toBe(5);
    const clientErrors = await journal('?status=4xx');
    expect(clientErrors.length).toBeGreaterThanOrEqual(2);
    expect(clientErrors.every((e) => e.status !== null && e.status >= 400 && e.status < 500)).toBe(true);

    const criteria = { method: 'GET', path: '/api/v1/calls', tenant: 'acme' };
    const found = (await h.control('POST', '/requests/find', criteria)).json<Found>().requests;
    expect(found).toEqual(await journal('?method=GET&path=/api/v1/calls&tenant=acme'));
    expect((await h.control('POST', '/requests/count', criteria)).json<{ count: number }>().count).toBe(2);
    expect((await h.control('POST', '/requests/count', { status: '4xx' })).json<{ count: number }>().count).toBe(clientErrors.length);
    expect((await h.control('POST', '/requests/count', {})).json<{ count: number }>().count).toBe(5);
  });

  it('refuses malformed criteria with a Shape B 422 naming the field', async () => {
    for (const [query, field] of [
      ['?status=abc', 'status'],
      ['?status=200&status=404', 'status'],
    ] as const) {
      const reply = await h.control('GET', `/requests${query}`);
      expect(reply.status).toBe(422);
      expect(reply.json<{ error: { field: string } }>().error.field).toBe(field);
    }
    for (const body of [{ status: 'abc' }, { colour: 'red' }, { method: '' }]) {
      const reply = await h.control('POST', '/requests/count', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      const body422 = reply.json<{ success: boolean; error: { code: string; field?: string } }>();
      expect(body422.success).toBe(false);
      expect(body422.error.code).toMatch(/^(VALIDATION_ERROR|INVALID_FORMAT)$/);
    }
  });

  it('leaves the control API out, and is cleared on reset and on DELETE', async () => {
    await h.call('GET', '/api/v1/calls');
    await h.control('GET', '/faults');
    expect((await journal()).map((e) => e.path)).toEqual(['/api/v1/calls']);
    expect((await h.control('POST', '/reset')).status).toBe(200);
    expect(await journal()).toEqual([]);
    await h.call('GET', '/api/v1/calls');
    expect((await h.control('DELETE', '/requests')).status).toBe(200);
    expect(await journal()).toEqual([]);
  });
});

describe('the journal size', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http', { recordRequests: 3 });
  });
  afterAll(() => h.close());

  it('keeps only the newest entries past its size', async () => {
    for (let page = 1; page <= 5; page++) await h.call('GET', '/api/v1/calls', { query: { page: String(page) } });
    const found = (await h.control('GET', '/requests')).json<Found & { limit: number }>();
    expect(found.limit).toBe(3);
    expect(found.requests.map((e) => e.query)).toEqual(['page=3', 'page=4', 'page=5']);
    expect(found.requests.map((e) => e.id)).toEqual([...found.requests.map((e) => e.id)].sort((a, b) => a - b));
    expect(cacheReport(h.mock).requestLog).toEqual({ size: 3, bound: 3 });
  });
});
