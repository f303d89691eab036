// The API feed from the requests the mock really answers (seed "Logs are read-only feeds" > API):
// each request to a workspace's API shows in GET /api/v1/logs/api with method, path, status, the
// calling token masked and the bodies with secrets masked, beside the fixture rows; a request
// without a usable token has token null; another workspace's requests and control requests never
// show; the log keeps the last API_LOG_CAPACITY requests per workspace.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheReport } from '../../mock/core/cache-report.ts';
import { API_LOG_CAPACITY, recordApiRequest, recordedCount } from '../../mock/resources/logs/api-recorder.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

type Feed = ResponseBody<'listApiRequestLogs', 200>['data'];
type Row = Feed['data'][number];
const acme = demoTenant('acme');
const FEED = '/api/v1/logs/api';
const since = new Date(T0 - 1_000).toISOString();

describe('the API feed records the requests the mock answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch', { rateLimits: { sendPerSecond: 5, generalPerMinute: 100_000_000 } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
  });

  async function recorded(tenant = 'acme', query: Record<string, string> = {}): Promise<{ rows: Row[]; text: string; total: number }> {
    const res = await h.call('GET', FEED, { tenant, query: { from: since, per_page: '100', ...query } });
    expect(res.status).toBe(200);
    const data = res.json<{ data: Feed }>().data;
    return { rows: data.data, text: res.text, total: data.total };
  }

  it('shows a write with its status, the calling token masked and the secret in the response masked', async () => {
    const created = await h.call('POST', '/api/v1/tokens', { json: { name: 'CI deploys', permissions: ['calls:read'] } });
    expect(created.status).toBe(201);
    const secret = JSON.stringify(created.body).match(/"token":"([^"]+)"/)?.[1];
    expect(secret).toBeTypeOf('string');
    const { rows, text } = await recorded('acme', { method: 'POST' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/tokens',
      status: 201,
      token: { kind: 'workspace_token', masked: `****${acme.fullToken.slice(-4)}` },
      request_body: { name: 'CI deploys', permissions: ['calls:read'] },
    });
    expect(JSON.stringify(rows[0]?.response_body)).toContain('"token":"***"');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(acme.fullToken);
  });

  it('shows refused requests: a 422 with its body, a 401 without a token', async () => {
    const bad = await h.call('POST', '/api/v1/tokens', { json: { name: '' } });
    expect(bad.status).toBe(422);
    const anonymous = await h.call('GET', '/api/v1/calls', { token: 'not-a-token' });
    expect(anonymous.status).toBe(401);
    const { rows } = await recorded();
    expect(rows.find((r) => r.status === 422)).toMatchObject({ method: 'POST', path: '/api/v1/tokens', request_body: { name: '' }, response_body: { success: false } });
    expect(rows.find((r) => r.status === 401)).toMatchObject({ method: 'GET', path: '/api/v1/calls', token: null });
  });

  it("keeps workspaces apart and leaves control requests out", async () => {
    await h.call('GET', '/api/v1/calls', { tenant: 'globex' });
    await h.control('GET', '/clock');
    const { rows } = await recorded('acme');
    expect(rows.map((r) => r.path)).not.toContain('/api/v1/calls');
    expect(rows.some((r) => r.path.startsWith('/__mock'))).toBe(false);
    const globex = await recorded('globex');
    expect(globex.rows.map((r) => r.path)).toContain('/api/v1/calls');
  });

  it(`keeps the last ${API_LOG_CAPACITY} requests of a workspace`, async () => {
    const FIRST = '0f0f0f0f-0000-4000-8000-000000000001';
    const LAST = '0f0f0f0f-0000-4000-8000-000000000002';
    await h.call('GET', `/api/v1/conversations/${FIRST}/messages`);
    for (let i = 0; i < API_LOG_CAPACITY; i++) await h.call('GET', `/api/v1/conversations/${LAST}/messages`);
    // The oldest request went; the last API_LOG_CAPACITY stay (this read is recorded after it answers).
    expect((await recorded('acme', { path: `/api/v1/conversations/${LAST}/messages` })).total).toBe(API_LOG_CAPACITY);
    expect((await recorded('acme', { path: `/api/v1/conversations/${FIRST}/messages` })).total).toBe(0);
    expect(cacheReport(h.mock).workspaces.acme?.apiLog).toEqual({ size: API_LOG_CAPACITY, bound: API_LOG_CAPACITY });
  });

  it('logs nothing for an exchange that got no HTTP answer (a forced connection fault)', () => {
    const ws = h.mock.store.get('acme')?.state;
    if (!ws) throw new Error('no acme workspace');
    const before = recordedCount(ws);
    const req = { method: 'GET', path: '/api/v1/calls', query: '', headers: {}, body: new Uint8Array() };
    recordApiRequest(ws, req, { status: 0, headers: {}, body: '' }, undefined, T0, 0);
    expect(recordedCount(ws)).toBe(before);
    recordApiRequest(ws, req, { status: 200, headers: {}, body: '{"success":true}' }, undefined, T0, 0);
    expect(recordedCount(ws)).toBe(before + 1);
  });

  it('forgets the recorded requests on reset', async () => {
    await h.call('GET', '/api/v1/calls');
    expect((await recorded('acme', { path: '/api/v1/calls' })).total).toBe(1);
    await h.control('POST', '/reset');
    expect((await recorded('acme', { path: '/api/v1/calls' })).total).toBe(0);
  });
});
