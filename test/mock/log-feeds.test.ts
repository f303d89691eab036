// The API and webhook log feeds over real HTTP (seed "Logs are read-only feeds" > API and Webhooks;
// "Authentication" rule 8: secrets masked; published API, "Lists and paging": page, per_page
// (default 15, at most 100) and the paged list answer; "Webhooks": the six event kinds): rows the
// workspace keeps, newest first, filtered, paged, with the calling token resolved and masked and
// every secret in bodies, payloads and headers read as `***`.
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_WHATSAPP, dataOf, expectShapeB, type Json, openWorld, READ_ONLY_TOKEN, TOKEN, type World, workspace } from './campaigns-world.ts';

const API = '/api/v1/logs/api';
const WEBHOOKS = '/api/v1/logs/webhooks';
const TOKEN_ALL = '2e3f4051-6b7c-4d8e-9f0a-1b2c3d4e5f61';
const TOKEN_READ = '2e3f4051-6b7c-4d8e-9f0a-1b2c3d4e5f62';
const MEMBER = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e51';
const USER_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub3J0aHdpbmQifQ.sig-for-tests-Wx9k';

const api = (n: number) => `a9a9a9a9-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const hook = (n: number) => `b8b8b8b8-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

function request(n: number, fields: Json): Json {
  return { uuid: api(n), method: 'GET', path: '/api/v1/calls', status: 200, duration_ms: 12, token: { kind: 'workspace_token', token_uuid: TOKEN_ALL }, request_body: null, response_body: { success: true }, ...fields };
}

const apiLogs = [
  request(1, { created_at: '2026-03-12T09:00:00+01:00' }),
  request(2, {
    method: 'PUT',
    path: '/api/v1/assistant-channels/sms/security',
    status: 200,
    token: { kind: 'user_token', member_uuid: MEMBER },
    request_body: { user_email: 'eva.klein@northwind.example', two_factor_enabled: true, pin: '4711', reverify_after_minutes: 60 },
    response_body: { success: true, data: { two_factor_enabled: true } },
    created_at: '2026-03-13T10:00:00+01:00',
  }),
  request(3, {
    method: 'POST',
    path: '/api/v1/tokens',
    status: 201,
    request_body: { name: 'Zapier', permissions: ['calls:read'] },
    response_body: { success: true, data: { uuid: '6a0c7e58-2b1d-4f3a-9c8e-5d7b1a2f4e90', secret: 'wst_q8Lr2VnX0cPz7TgY4kHs9WbE1mJd6FaU3oNi5Rt', auth: { password: 'x', nested: [{ api_key: 'k' }] } } },
    created_at: '2026-03-13T11:00:00+01:00',
  }),
  request(4, { method: 'POST', path: '/api/v1/sms/send', status: 422, token: { kind: 'workspace_token', token_uuid: TOKEN_READ }, created_at: '2026-03-13T23:30:00+01:00' }),
  request(5, { status: 401, token: null, response_body: { success: false }, created_at: '2026-03-14T08:00:00+01:00' }),
];

function delivery(n: number, fields: Json): Json {
  return {
    uuid: hook(n),
    event: 'conversation_status',
    destination: 'https://crm.northwind.example/hooks',
    status: 'delivered',
    attempt: 1,
    headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': 't=1,v1=abc' },
    payload: { event: 'conversation_status', agent_uuid: AGENT_WHATSAPP },
    response: { status_code: 200, headers: { 'Content-Type': 'text/plain', 'Set-Cookie': 'session=1' }, body: 'ok' },
    duration_ms: 100,
    error: null,
    ...fields,
  };
}

const deliveries = [
  delivery(1, { created_at: '2026-03-10T12:00:00+01:00' }),
  delivery(2, { event: 'conversation_end_report', status: 'failed', response: null, duration_ms: 10000, error: 'Timed out after 10 s', payload: { event: 'conversation_end_report', client_secret: 's3' }, created_at: '2026-03-11T12:00:00+01:00' }),
  delivery(3, { event: 'voice_evaluation', created_at: '2026-03-12T12:00:00+01:00' }),
  delivery(4, { event: 'intent_call', status: 'pending', response: null, duration_ms: null, created_at: '2026-03-13T12:00:00+01:00' }),
];

interface Paged<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(
    workspace({
      user_tokens: [{ member_uuid: MEMBER, token: USER_JWT, description: 'Eva', permissions: ['*'], iat: 1767225600, exp: 4102444799 }],
      api_logs: apiLogs,
      webhook_deliveries: deliveries,
    }),
  );
  return world;
}

async function list<T = Json>(w: World, path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Paged<T>> {
  return dataOf<Paged<T>>(await w.call('GET', path, { query, headers }));
}

const uuids = (page: Paged<Json>) => page.data.map((r) => r.uuid);

describe('the API feed', () => {
  it('lists the requests newest first as the paged list, 15 a page by default', async () => {
    const w = await open();
    const page = await list(w, API);
    expect({ ...page, data: uuids(page) }).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 5, data: [5, 4, 3, 2, 1].map(api) });
  });

  it('shows the calling token masked, resolved from the workspace tokens and members', async () => {
    const w = await open();
    const page = await list(w, API);
    const tokenOf = (n: number) => page.data.find((r) => r.uuid === api(n))?.token;
    expect(tokenOf(1)).toEqual({ kind: 'workspace_token', uuid: TOKEN_ALL, name: 'All permissions', masked: `****${TOKEN.slice(-4)}` });
    expect(tokenOf(4)).toEqual({ kind: 'workspace_token', uuid: TOKEN_READ, name: 'Read only', masked: `****${READ_ONLY_TOKEN.slice(-4)}` });
    expect(tokenOf(2)).toEqual({ kind: 'user_token', uuid: null, name: 'eva.klein@northwind.example', masked: '****Wx9k' });
    expect(tokenOf(5)).toBeNull();
    expect(JSON.stringify(page)).not.toContain(TOKEN);
  });

  it('masks secrets in request and response bodies, at any depth, keeping their keys', async () => {
    const w = await open();
    const page = await list(w, API);
    const row = (n: number) => page.data.find((r) => r.uuid === api(n));
    expect(row(2)?.request_body).toEqual({ user_email: 'eva.klein@northwind.example', two_factor_enabled: true, pin: '***', reverify_after_minutes: 60 });
    expect(row(3)?.response_body).toEqual({ success: true, data: { uuid: '6a0c7e58-2b1d-4f3a-9c8e-5d7b1a2f4e90', secret: '***', auth: { password: '***', nested: [{ api_key: '***' }] } } });
    expect(row(3)?.request_body).toEqual({ name: 'Zapier', permissions: ['calls:read'] });
  });

  it('filters by method, status, path prefix and an inclusive date range in the applied zone', async () => {
    const w = await open();
    expect(uuids(await list(w, API, { method: 'POST' }))).toEqual([api(4), api(3)]);
    expect(uuids(await list(w, API, { status: '422' }))).toEqual([api(4)]);
    expect(uuids(await list(w, API, { path: '/api/v1/assistant-channels' }))).toEqual([api(2)]);
    expect(uuids(await list(w, API, { from: '2026-03-13', to: '2026-03-13' }))).toEqual([4, 3, 2].map(api));
    // 23:30 on the 13th in Berlin is the 13th in New York too; 08:00 on the 14th is 03:00 on the 14th.
    // (The feed also records the requests the mock answers, this test's own reads of the feed
    // among them, on the clock's day: the path filter leaves them out.)
    expect(uuids(await list(w, API, { from: '2026-03-14', path: '/api/v1/calls' }, { 'X-Timezone': 'UTC' }))).toEqual([api(5)]);
    expect(uuids(await list(w, API, { to: '2026-03-13' }, { 'X-Timezone': 'America/New_York' }))).toEqual([4, 3, 2, 1].map(api));
    expect(expectShapeB(await w.call('GET', API, { query: { from: '2026-03-14', to: '2026-03-13' } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await w.call('GET', API, { query: { method: 'TRACE' } }), 422).field).toBe('method');
  });

  it('pages with page and per_page 1..100', async () => {
    const w = await open();
    const second = await list(w, API, { per_page: '2', page: '2' });
    expect({ ...second, data: uuids(second) }).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5, data: [api(3), api(2)] });
    expect((await list(w, API, { per_page: '2', page: '4' })).data).toEqual([]);
    expect(expectShapeB(await w.call('GET', API, { query: { per_page: '101' } }), 422).field).toBe('per_page');
    expect(expectShapeB(await w.call('GET', API, { query: { page: '0' } }), 422).field).toBe('page');
  });
});

describe('the webhooks feed', () => {
  it('lists deliveries newest first as the paged list, with signatures and secret payload fields masked', async () => {
    const w = await open();
    const page = await list(w, WEBHOOKS);
    expect({ ...page, data: uuids(page) }).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 4, data: [4, 3, 2, 1].map(hook) });
    const first = page.data.find((r) => r.uuid === hook(1));
    expect(first).toEqual({
      uuid: hook(1),
      event: 'conversation_status',
      destination: 'https://crm.northwind.example/hooks',
      status: 'delivered',
      attempt: 1,
      headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': '***' },
      payload: { event: 'conversation_status', agent_uuid: AGENT_WHATSAPP },
      response: { status_code: 200, headers: { 'Content-Type': 'text/plain', 'Set-Cookie': '***' }, body: 'ok' },
      duration_ms: 100,
      error: null,
      created_at: '2026-03-10T12:00:00+01:00',
    });
    expect(page.data.find((r) => r.uuid === hook(2))?.payload).toEqual({ event: 'conversation_end_report', client_secret: '***' });
  });

  it('filters by event kind, status and date range; an event outside the six kinds is a 422', async () => {
    const w = await open();
    expect(uuids(await list(w, WEBHOOKS, { event: 'conversation_end_report' }))).toEqual([hook(2)]);
    expect(uuids(await list(w, WEBHOOKS, { event: 'text_evaluation' }))).toEqual([]);
    expect(uuids(await list(w, WEBHOOKS, { status: 'delivered' }))).toEqual([hook(3), hook(1)]);
    expect(uuids(await list(w, WEBHOOKS, { from: '2026-03-11', to: '2026-03-12T11:59:59' }))).toEqual([hook(2)]);
    expect(expectShapeB(await w.call('GET', WEBHOOKS, { query: { event: 'conversation.closed' } }), 422).field).toBe('event');
  });

  it('pages with page and per_page', async () => {
    const w = await open();
    const last = await list(w, WEBHOOKS, { per_page: '3', page: '2' });
    expect({ ...last, data: uuids(last) }).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4, data: [hook(1)] });
  });
});
