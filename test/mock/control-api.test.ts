// The control API under /__mock (mock/control/openapi.yaml), for tests and front-end developers:
// tenants and tokens, reset, loading fixtures, snapshot export and import, the clock, workspace
// policies, forced responses, the request log and faults. Not tenant-scoped, no token.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceState } from '../../mock/state/workspace.ts';
import { type ErrorB, errorShapeOf, type ResponseBody } from '../support/contract.ts';
import { demoFixtures, demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { sentSoFar } from '../support/outbound.ts';
import { SEND_PATHS, sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const bodies = sendBodies(acme);
type Calls = ResponseBody<'listCalls', 200>;

interface Described {
  tenants: Array<{ slug: string; timezone: string; tokens: Array<{ kind: string; token: string }> }>;
  faults: string[];
  clock: { now: string; frozen: boolean };
}
interface Snapshot {
  version: number;
  workspaces: Array<{ state: WorkspaceState; idempotency: unknown[] }>;
}

describe.each(TRANSPORTS)('the control API over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.fixtures = demoFixtures();
    h.clock.freeze(T0);
    expect((await h.control('POST', '/reset')).status).toBe(200);
    expect((await h.control('PUT', '/faults', { faults: [] })).status).toBe(200);
  });

  const callCount = async (tenant = 'acme') => (await h.call('GET', '/api/v1/calls', { tenant })).json<Calls>().data.total;
  const startCall = async (extra: Record<string, unknown> = {}) => {
    const res = await h.call('POST', SEND_PATHS.call, { json: bodies.body('call', extra) });
    expect(res.status, res.text).toBe(200);
    return res;
  };

  it('describes the tenants with their usable tokens, the faults and the clock', async () => {
    const res = await h.control('GET', '');
    expect(res.status).toBe(200);
    const described = res.json<Described>();
    expect(described.tenants.map((t) => t.slug).sort()).toEqual(['acme', 'globex']);
    const tokens = described.tenants.find((t) => t.slug === 'acme')?.tokens.map((t) => t.token) ?? [];
    expect(tokens).toContain(acme.fullToken);
    expect(tokens).toContain(acme.readOnlyToken);
    expect(tokens).not.toContain(acme.revokedToken);
    for (const token of tokens) expect((await h.call('GET', '/api/v1/outbound/summary', { token })).status, token).not.toBe(401);
    expect(Date.parse(described.clock.now)).toBe(T0);
    expect(described.clock.frozen).toBe(true);
  });

  it('resets every workspace to its fixtures', async () => {
    const before = await callCount();
    await startCall();
    const created = await h.call('POST', '/api/v1/tokens', { json: { name: 'Temporary' } });
    const token = created.json<ResponseBody<'createApiToken', 201>>().data.token;
    expect(await callCount()).toBe(before + 1);
    const reset = await h.control('POST', '/reset');
    expect(reset.status).toBe(200);
    expect(await callCount()).toBe(before);
    expect((await h.call('GET', '/api/v1/calls', { token })).status).toBe(401);
  });

  it('loads other fixtures, which a reset then returns to', async () => {
    const initech: WorkspaceState = { ...structuredClone(acme.state), slug: 'initech', name: 'Initech', calls: [] };
    const loaded = await h.control('POST', '/fixtures', { workspaces: [initech] });
    expect(loaded.status, loaded.text).toBe(200);
    expect((await h.call('GET', '/api/v1/calls', { tenant: 'acme' })).status).toBe(404);
    expect(await callCount('initech')).toBe(0);
    await h.call('POST', SEND_PATHS.call, { tenant: 'initech', json: bodies.body('call') });
    expect(await callCount('initech')).toBe(1);
    await h.control('POST', '/reset');
    expect(await callCount('initech')).toBe(0);
    for (const bad of [{}, { workspaces: [] }, { workspaces: [{ slug: 'x' }] }]) expect((await h.control('POST', '/fixtures', bad)).status).toBe(422);
    expect((await h.control('POST', '/fixtures', undefined)).status).toBe(422);
  });

  it('exports a snapshot and imports it back: state and idempotency keys', async () => {
    const request_key = `snapshot-${randomUUID()}`;
    const first = await startCall({ request_key });
    const uuid = first.json<ResponseBody<'startCall', 200>>().data.id;
    const exported = await h.control('GET', '/snapshot');
    expect(exported.status).toBe(200);
    const snapshot = exported.json<Snapshot>();
    expect(snapshot.version).toBe(1);

    await h.control('POST', '/reset');
    const listed = async () => (await h.call('GET', '/api/v1/calls', { query: { per_page: '100' } })).json<Calls>().data.data;
    expect((await listed()).map((c) => c.uuid)).not.toContain(uuid);

    const imported = await h.control('PUT', '/snapshot', snapshot);
    expect(imported.status, imported.text).toBe(200);
    expect((await h.control('GET', '/snapshot')).json<Snapshot>().workspaces).toEqual(snapshot.workspaces);
    const restored = (await listed()).find((c) => c.uuid === uuid);
    expect(restored && Date.parse(restored.created_at)).toBe(T0);
    const before = await sentSoFar(h);
    const replay = await startCall({ request_key });
    expect(replay.text).toBe(first.text);
    expect(await sentSoFar(h)).toEqual(before);
    for (const bad of [{ version: 2, workspaces: [] }, { version: 1 }, { version: 1, workspaces: [{ state: { slug: 'x' } }] }]) {
      expect((await h.control('PUT', '/snapshot', bad)).status).toBe(422);
    }
  });

  it('advances, freezes and unfreezes the clock, and the API follows it', async () => {
    const advanced = await h.control('POST', '/clock', { advance_ms: 90 * 60_000 });
    expect(advanced.status).toBe(200);
    expect(Date.parse(advanced.json<{ now: string }>().now)).toBe(T0 + 90 * 60_000);
    const summary = await h.call('GET', '/api/v1/outbound/summary');
    expect(Date.parse(summary.json<ResponseBody<'getOutboundSummary', 200>>().data.generated_at)).toBe(T0 + 90 * 60_000);
    for (const bad of [{ advance_ms: -1 }, { advance_ms: 'soon' }]) expect((await h.control('POST', '/clock', bad)).status).toBe(422);
    expect((await h.control('POST', '/clock', { freeze: false })).json<{ frozen: boolean }>().frozen).toBe(false);
    const frozen = (await h.control('POST', '/clock', { freeze: true })).json<{ now: string; frozen: boolean }>();
    expect(frozen.frozen).toBe(true);
    expect((await h.control('GET', '/clock')).json<{ now: string }>().now).toBe(frozen.now);
  });

  it('sets a workspace policy', async () => {
    const res = await h.control('PUT', '/workspaces/acme/policies', { ANALYTICS_MESSAGES_EXPORT: 'masked' });
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ policies: { ANALYTICS_MESSAGES_EXPORT: string } }>().policies.ANALYTICS_MESSAGES_EXPORT).toBe('masked');
    const state = (await h.control('GET', '/snapshot')).json<Snapshot>().workspaces.find((w) => w.state.slug === 'acme')?.state;
    expect(state?.policies.ANALYTICS_MESSAGES_EXPORT).toBe('masked');
    expect((await h.control('PUT', '/workspaces/acme/policies', { ANALYTICS_MESSAGES_EXPORT: 'sometimes' })).status).toBe(422);
    expect((await h.control('PUT', '/workspaces/initech/policies', { ANALYTICS_MESSAGES_EXPORT: 'masked' })).status).toBe(404);
  });

  it('forces a status on the next matching request(s) only', async () => {
    const forced = await h.control('POST', '/force', { operation_id: 'listCalls', status: 500, times: 2 });
    expect(forced.status, forced.text).toBe(201);
    expect((await h.call('GET', '/api/v1/tokens')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await h.call('GET', '/api/v1/calls');
      expect(res.status).toBe(500);
      expect(errorShapeOf(res.body)).toBe('B');
      expect(res.json<ErrorB>().error.code).toBe('INTERNAL_SERVER_ERROR');
    }
    expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);

    const body = { success: false, message: 'Maintenance', error: { code: 'INTERNAL_SERVER_ERROR', details: 'Back soon.' } };
    await h.control('POST', '/force', { method: 'POST', path: SEND_PATHS.sms, status: 500, body });
    const before = await sentSoFar(h);
    const sms = await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') });
    expect(sms.status).toBe(500);
    expect(sms.body).toEqual(body);
    expect(await sentSoFar(h)).toEqual(before);

    await h.control('POST', '/force', { operation_id: 'listCalls', status: 500 });
    expect((await h.control('DELETE', '/force')).status).toBe(200);
    expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
    for (const bad of [{ status: 99 }, { status: 500, operation_id: 'noSuchOperation' }, { status: 500, times: 0 }]) {
      expect((await h.control('POST', '/force', bad)).status).toBe(422);
    }
  });

  it('lists the recent requests with their status and source', async () => {
    expect((await h.control('DELETE', '/requests')).status).toBe(200);
    await h.call('GET', '/api/v1/calls');
    await h.call('GET', '/api/v1/calls', { token: null, query: { page: '2' } });
    await h.call('GET', `/api/v1/flow/${randomUUID()}`);
    const log = (await h.control('GET', '/requests')).json<{ requests: Array<{ method: string; path: string; query: string; status: number; host: string; source: string | null }> }>();
    const api = log.requests.filter((r) => r.path.startsWith('/api/'));
    expect(api.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/api/v1/calls', 200],
      ['GET', '/api/v1/calls', 401],
      ['GET', api[2]?.path, 404],
    ]);
    expect(api[0]?.host).toMatch(/^acme\./);
    expect(api[1]?.query).toBe('page=2');
    // Errors carry no source; no operation answers its example any more (no-example-replay.test.ts).
    expect(api.map((r) => r.source ?? null)).toEqual(['state', null, null]);
  });

  it('turns faults on and off', async () => {
    const on = await h.control('PUT', '/faults', { faults: ['no-rate-limit'] });
    expect(on.status).toBe(200);
    expect((await h.control('GET', '/faults')).json<{ active: string[] }>().active).toEqual(['no-rate-limit']);
    for (let i = 0; i < 7; i++) expect((await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })).status).toBe(200);
    expect((await h.control('PUT', '/faults', { faults: [] })).status).toBe(200);
    h.clock.advance(1000);
    for (let i = 0; i < 5; i++) expect((await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })).status).toBe(200);
    expect((await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })).status).toBe(429);

    await h.control('PUT', '/faults', { faults: ['idempotency-off'] });
    h.clock.advance(1000);
    const request_key = `fault-${randomUUID()}`;
    const before = await sentSoFar(h);
    await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms', { request_key }) });
    await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms', { request_key }) });
    expect((await sentSoFar(h)).sms).toBe(before.sms + 2);
    expect((await h.control('PUT', '/faults', { faults: ['no-such-fault'] })).status).toBe(422);
  });

  it('answers an unknown control route with 404 and a malformed body with 400', async () => {
    expect((await h.control('GET', '/nothing-here')).status).toBe(404);
    const headers = { 'content-type': 'application/json' };
    expect((await h.call('POST', '/__mock/clock', { tenant: null, token: null, body: '{oops', headers })).status).toBe(400);
  });
});
