// Agent webhooks over HTTP (published API: POST /api/v1/agents/{uuid}/webhooks, at most 5 per agent
// with 409 webhook_limit_reached for the sixth; PATCH /api/v1/agents/{uuid}/webhooks/{webhookUuid}
// with `url` and `events` required, `secret_key` and `is_active` optional, answered `{success, data}`
// with `webhook_uuid` and `has_secret`; the six event kinds): registration with its validation (https
// URL, a non-empty list of distinct known kinds), changes, the agent's list, the secret never
// returned (write-only), and 404 in Shape A for an unknown agent or webhook (seed "Errors", "agent not
// found"). A fast-check property drives random creates and changes and compares the list with a model.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorA, ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const EVENTS = ['conversation_status', 'conversation_end_report', 'conversation_update', 'voice_evaluation', 'text_evaluation', 'intent_call'] as const;

type Webhook = ResponseBody<'createAgentWebhook', 201>['data'];

const fixtureHook = acme.state.agent_webhooks[0];
if (!fixtureHook) throw new Error('fixture acme has no agent webhook');
const hookAgent = fixtureHook.agent_uuid;
const otherAgent = acme.state.agents.find((a) => a.uuid !== hookAgent)?.uuid as string;
const hooksOf = (agent: string) => `/api/v1/agents/${agent}/webhooks`;
const hookPath = (agent: string, hook: string) => `/api/v1/agents/${agent}/webhooks/${hook}`;

describe.each(TRANSPORTS)('agent webhooks over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.clock.freeze(T0);
    h.mock.store.load(h.mock.fixtures);
  });

  async function list(agent = hookAgent): Promise<Webhook[]> {
    const res = await h.call('GET', hooksOf(agent));
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listAgentWebhooks', 200>>().data;
  }

  async function create(json: Record<string, unknown>, agent = hookAgent): Promise<Webhook> {
    const res = await h.call('POST', hooksOf(agent), { json });
    expect(res.status, res.text).toBe(201);
    return res.json<ResponseBody<'createAgentWebhook', 201>>().data;
  }

  async function change(hook: string, json: Record<string, unknown>, agent = hookAgent): Promise<Webhook> {
    const res = await h.call('PATCH', hookPath(agent, hook), { json });
    expect(res.status, res.text).toBe(200);
    const body = res.json<ResponseBody<'updateAgentWebhook', 200>>();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    return body.data;
  }

  async function expect422(method: string, path: string, json: unknown, field: string, code = 'VALIDATION_ERROR'): Promise<void> {
    const res = await h.call(method, path, { json });
    expect(res.status, `${JSON.stringify(json)}: ${res.text}`).toBe(422);
    expect(res.json<ErrorB>().error, JSON.stringify(json)).toMatchObject({ code, field });
  }

  async function expect404A(method: string, path: string, json?: unknown): Promise<void> {
    const res = await h.call(method, path, json === undefined ? {} : { json });
    expect(res.status, res.text).toBe(404);
    const body = res.json<ErrorA>();
    expect(body).toEqual({ success: false, message: expect.any(String), data: [] });
  }

  it("lists the agent's webhooks with has_secret in place of the secret", async () => {
    const got = await list();
    expect(got).toEqual([
      {
        webhook_uuid: fixtureHook.uuid,
        url: fixtureHook.url,
        events: fixtureHook.events,
        is_active: fixtureHook.is_active,
        has_secret: true,
        created_at: fixtureHook.created_at,
        updated_at: fixtureHook.updated_at,
      },
    ]);
    const text = (await h.call('GET', hooksOf(hookAgent))).text;
    expect(text).not.toContain(fixtureHook.secret_key);
    expect(await list(otherAgent)).toEqual([]);
  });

  it("lists another tenant's webhook only there, without a secret as has_secret false", async () => {
    const hook = globex.state.agent_webhooks[0];
    if (!hook) throw new Error('fixture globex has no agent webhook');
    const res = await h.call('GET', hooksOf(hook.agent_uuid), { tenant: 'globex' });
    expect(res.status, res.text).toBe(200);
    const listed = res.json<ResponseBody<'listAgentWebhooks', 200>>().data;
    expect(listed.map((w) => [w.webhook_uuid, w.events, w.has_secret])).toEqual([[hook.uuid, hook.events, hook.secret_key !== null]]);
    expect((await h.call('GET', hooksOf(hook.agent_uuid))).status).toBe(404);
  });

  it('registers a webhook, active by default, never echoing the secret, listed after the older ones', async () => {
    const secret = 'whsec_Zq81mNc4TvB7xLp2Rk9e';
    const res = await h.call('POST', hooksOf(hookAgent), { json: { url: 'https://crm.acme.example/hooks/v2', events: ['intent_call', 'conversation_update'], secret_key: secret } });
    expect(res.status, res.text).toBe(201);
    expect(res.text).not.toContain(secret);
    const created = res.json<ResponseBody<'createAgentWebhook', 201>>().data;
    expect(created).toEqual({
      webhook_uuid: expect.any(String),
      url: 'https://crm.acme.example/hooks/v2',
      events: ['intent_call', 'conversation_update'],
      is_active: true,
      has_secret: true,
      created_at: '2026-12-01T10:30:00+01:00',
      updated_at: '2026-12-01T10:30:00+01:00',
    });
    const unsigned = await create({ url: 'https://quality.acme.example/evals', events: ['voice_evaluation'], is_active: false });
    expect(unsigned).toMatchObject({ is_active: false, has_secret: false });
    const nullSecret = await create({ url: 'https://quality.acme.example/evals2', events: ['voice_evaluation'], secret_key: null });
    expect(nullSecret.has_secret).toBe(false);
    expect((await list()).map((w) => w.webhook_uuid)).toEqual([fixtureHook.uuid, created.webhook_uuid, unsigned.webhook_uuid, nullSecret.webhook_uuid]);
    expect(await list(otherAgent)).toEqual([]);
  });

  it('refuses a sixth webhook of an agent with 409 webhook_limit_reached, and counts per agent', async () => {
    for (let i = 1; i <= 4; i++) await create({ url: `https://crm.acme.example/hooks/${i}`, events: ['conversation_status'] });
    expect(await list()).toHaveLength(5);
    const res = await h.call('POST', hooksOf(hookAgent), { json: { url: 'https://crm.acme.example/hooks/6', events: ['conversation_status'] } });
    expect(res.status, res.text).toBe(409);
    expect(res.json<ErrorB>()).toMatchObject({ success: false, error: { code: 'webhook_limit_reached' } });
    expect(await list()).toHaveLength(5);
    await create({ url: 'https://crm.acme.example/hooks/other', events: ['conversation_status'] }, otherAgent);
  });

  it('accepts every one of the six event kinds', async () => {
    const created = await create({ url: 'https://all.acme.example/events', events: [...EVENTS] });
    expect(created.events).toEqual([...EVENTS]);
  });

  it('validates the body with 422 naming the field', async () => {
    const path = hooksOf(hookAgent);
    const ok = { url: 'https://crm.acme.example/hooks', events: ['conversation_status'] };
    await expect422('POST', path, { ...ok, url: 'http://crm.acme.example/hooks' }, 'url', 'INVALID_FORMAT');
    await expect422('POST', path, { ...ok, url: 'crm.acme.example/hooks' }, 'url', 'INVALID_FORMAT');
    await expect422('POST', path, { events: ok.events }, 'url');
    await expect422('POST', path, { url: ok.url }, 'events');
    await expect422('POST', path, { ...ok, events: [] }, 'events');
    await expect422('POST', path, { ...ok, events: ['conversation_started'] }, 'events[0]');
    await expect422('POST', path, { ...ok, events: ['intent_call', 'intent_call'] }, 'events');
    await expect422('POST', path, { ...ok, secret_key: 'short' }, 'secret_key');
    await expect422('POST', path, { ...ok, is_active: 'yes' }, 'is_active');
    await expect422('POST', path, { ...ok, headers: { 'X-Api-Key': 'k' } }, 'headers');
    await expect422('POST', hooksOf('not-a-uuid'), ok, 'uuid', 'INVALID_UUID');
    expect(await list()).toHaveLength(1);
  });

  it('answers 404 in Shape A for an unknown agent, on every webhook operation', async () => {
    const body = { url: 'https://crm.acme.example/hooks', events: ['conversation_status'] };
    await expect404A('GET', hooksOf(UNKNOWN));
    await expect404A('POST', hooksOf(UNKNOWN), body);
    await expect404A('PATCH', hookPath(UNKNOWN, fixtureHook.uuid), body);
    await expect404A('POST', hooksOf(globex.state.agents[0]?.uuid as string), body);
  });

  it('replaces url and events, keeps the secret and state unless sent, and moves updated_at', async () => {
    h.clock.freeze(T0 + 90_000);
    const same = { url: fixtureHook.url, events: fixtureHook.events };
    const paused = await change(fixtureHook.uuid, { ...same, is_active: false });
    expect(paused).toEqual({ ...(await list())[0], is_active: false });
    expect(paused).toMatchObject({ ...same, has_secret: true, created_at: fixtureHook.created_at, updated_at: '2026-12-01T10:31:30+01:00' });
    const secretAfter = () => h.mock.store.get('acme')?.state.agent_webhooks.find((w) => w.uuid === fixtureHook.uuid)?.secret_key;
    expect(secretAfter()).toBe(fixtureHook.secret_key);
    const res = await h.call('PATCH', hookPath(hookAgent, fixtureHook.uuid), { json: { events: ['text_evaluation'], url: 'https://crm.acme.example/hooks/v3', secret_key: 'whsec_rotated_0001' } });
    expect(res.text).not.toContain('whsec_rotated_0001');
    const changed = res.json<ResponseBody<'updateAgentWebhook', 200>>().data;
    expect(changed).toMatchObject({ events: ['text_evaluation'], url: 'https://crm.acme.example/hooks/v3', has_secret: true, is_active: false });
    expect(secretAfter()).toBe('whsec_rotated_0001');
    expect(await change(fixtureHook.uuid, { url: changed.url, events: changed.events, secret_key: null })).toMatchObject({ has_secret: false, is_active: false });
    expect(await list()).toEqual([{ ...changed, has_secret: false }]);
  });

  it('refuses a change without url or events, an invalid one, and a webhook that is not the agent’s', async () => {
    const path = hookPath(hookAgent, fixtureHook.uuid);
    const ok = { url: fixtureHook.url, events: fixtureHook.events };
    await expect422('PATCH', path, { events: ok.events, is_active: false }, 'url');
    await expect422('PATCH', path, { url: ok.url, is_active: false }, 'events');
    await expect422('PATCH', path, { ...ok, events: [] }, 'events');
    await expect422('PATCH', path, { ...ok, url: 'ftp://crm.acme.example' }, 'url', 'INVALID_FORMAT');
    await expect422('PATCH', hookPath(hookAgent, 'nope'), { ...ok, is_active: false }, 'webhookUuid', 'INVALID_UUID');
    await expect404A('PATCH', hookPath(hookAgent, UNKNOWN), { ...ok, is_active: false });
    await expect404A('PATCH', hookPath(otherAgent, fixtureHook.uuid), { ...ok, is_active: false });
    const globexHook = globex.state.agent_webhooks[0];
    if (!globexHook) throw new Error('fixture globex has no agent webhook');
    await expect404A('PATCH', hookPath(hookAgent, globexHook.uuid), { ...ok, is_active: false });
    expect((await list())[0]?.is_active).toBe(fixtureHook.is_active);
  });

  it('needs agents:write to register or change, and agents:read to list', async () => {
    const token = acme.readOnlyToken;
    expect((await h.call('GET', hooksOf(hookAgent), { token })).status).toBe(403);
    expect((await h.call('POST', hooksOf(hookAgent), { token, json: { url: 'https://a.example', events: ['intent_call'] } })).status).toBe(403);
    expect((await h.call('PATCH', hookPath(hookAgent, fixtureHook.uuid), { token, json: { url: fixtureHook.url, events: fixtureHook.events } })).status).toBe(403);
  });
});

type Step =
  | { kind: 'create'; agent: number; url: string; events: string[]; secret: string | null; active: boolean | null }
  | { kind: 'change'; pick: number; url: string; events: string[]; secret: string | null | undefined; active: boolean | null };

const events = fc.uniqueArray(fc.constantFrom(...EVENTS), { minLength: 1, maxLength: 6 });
const url = fc.webSegment().map((s) => `https://hooks.acme.example/${encodeURIComponent(s)}`);
const secret = fc.stringMatching(/^[A-Za-z0-9]{8,30}$/).map((s) => `whsec_${s}`);
const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('create' as const), agent: fc.nat(), url, events, secret: fc.option(secret), active: fc.option(fc.boolean()) }),
    fc.record({
      kind: fc.constant('change' as const),
      pick: fc.nat(),
      url,
      events,
      secret: fc.oneof(fc.constant(undefined), fc.option(secret)),
      active: fc.option(fc.boolean()),
    }),
  ),
  { minLength: 1, maxLength: 10 },
);

interface ModelHook {
  uuid: string;
  agent: string;
  url: string;
  events: string[];
  secret: string | null;
  active: boolean;
}

describe('agent webhooks against a model', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  it('lists exactly what was registered and changed, per agent, at most 5 each, secrets never shown', async () => {
    const agents = acme.state.agents.map((a) => a.uuid);
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        h.mock.store.load(h.mock.fixtures);
        const model: ModelHook[] = acme.state.agent_webhooks.map((w) => ({ uuid: w.uuid, agent: w.agent_uuid, url: w.url, events: [...w.events], secret: w.secret_key, active: w.is_active }));
        for (const s of sequence) {
          if (s.kind === 'create') {
            const agent = agents[s.agent % agents.length] as string;
            const body = { url: s.url, events: s.events, ...(s.secret === null ? {} : { secret_key: s.secret }), ...(s.active === null ? {} : { is_active: s.active }) };
            const res = await h.call('POST', hooksOf(agent), { json: body });
            if (model.filter((m) => m.agent === agent).length >= 5) {
              expect(res.status, res.text).toBe(409);
              continue;
            }
            expect(res.status, res.text).toBe(201);
            model.push({ uuid: res.json<ResponseBody<'createAgentWebhook', 201>>().data.webhook_uuid, agent, url: s.url, events: s.events, secret: s.secret, active: s.active ?? true });
          } else {
            const target = model[s.pick % model.length] as ModelHook;
            const body: Record<string, unknown> = { url: s.url, events: s.events };
            target.url = s.url;
            target.events = s.events;
            if (s.secret !== undefined) body.secret_key = target.secret = s.secret;
            if (s.active !== null) body.is_active = target.active = s.active;
            const res = await h.call('PATCH', hookPath(target.agent, target.uuid), { json: body });
            expect(res.status, res.text).toBe(200);
          }
          for (const agent of agents) {
            const res = await h.call('GET', hooksOf(agent));
            expect(res.status).toBe(200);
            const listed = res.json<ResponseBody<'listAgentWebhooks', 200>>().data;
            const expected = model.filter((m) => m.agent === agent);
            expect(listed.map((w) => [w.webhook_uuid, w.url, w.events, w.is_active, w.has_secret])).toEqual(expected.map((m) => [m.uuid, m.url, m.events, m.active, m.secret !== null]));
            for (const m of expected) if (m.secret !== null) expect(res.text).not.toContain(m.secret);
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
