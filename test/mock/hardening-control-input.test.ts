// Control API input: every body is validated against mock/control/openapi.yaml before anything
// changes; errors come in Shape B without internal messages; the clock refuses absurd moves and
// stays usable; a snapshot is checked record by record before it replaces anything.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoFixtures } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, T0, TRANSPORTS } from '../support/harness.ts';

interface ErrorB {
  success: false;
  message: string;
  error: { code: string; details: string; field?: string };
}
// biome-ignore lint/suspicious/noExplicitAny: test bodies are read loosely and asserted field by field
type Json = Record<string, any>;

interface Snapshot {
  version: number;
  workspaces: Array<{ state: Json; idempotency: unknown[] }>;
}

function expectB(res: Reply, status: number, field?: string): ErrorB {
  expect(res.status, res.text).toBe(status);
  const body = res.json<ErrorB>();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.details).toBe('string');
  if (field !== undefined) expect(body.error.field).toBe(field);
  return body;
}

describe.each(TRANSPORTS)('control API input over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.fixtures = demoFixtures();
    h.clock.freeze(T0);
    expect((await h.control('POST', '/reset')).status).toBe(200);
  });

  it('refuses an absurd clock move, changing nothing, and the clock and API stay usable', async () => {
    for (const advance_ms of [1e308, 1e15, 10 * 366 * 24 * 3_600_000, -1]) {
      const res = await h.control('POST', '/clock', { advance_ms });
      expectB(res, 422, 'advance_ms');
      expect(Date.parse((await h.control('GET', '/clock')).json<{ now: string }>().now)).toBe(T0);
    }
    // Within ten years per move, but past 9999-12-31 in the end: refused at the step that would cross it.
    h.clock.freeze(Date.UTC(9995, 0, 1));
    expectB(await h.control('POST', '/clock', { advance_ms: 9 * 365 * 24 * 3_600_000 }), 422, 'advance_ms');
    expect(h.clock.now()).toBe(Date.UTC(9995, 0, 1));
    h.clock.freeze(T0);
    const moved = await h.control('POST', '/clock', { advance_ms: 60_000 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.json<{ now: string }>().now)).toBe(T0 + 60_000);
    const calls = await h.call('GET', '/api/v1/calls');
    expect(calls.status, calls.text).toBe(200);
    expect(calls.text).toMatch(/"created_at":"\d{4}-\d{2}-\d{2}T/);
    // A freeze with a bad value changes nothing either.
    expectB(await h.control('POST', '/clock', { freeze: 'yes' }), 422, 'freeze');
    expect(h.clock.frozen).toBe(true);
  });

  it('answers every refusal in Shape B with no internal message', async () => {
    const broken = await h.call('POST', '/__mock/clock', { tenant: null, token: null, body: '{"advance_ms": 1,', headers: { 'content-type': 'application/json' } });
    const body = expectB(broken, 400);
    expect(body.error.details).not.toMatch(/position|Unexpected|JSON at|SyntaxError/);
    expectB(await h.control('POST', '/clock', { advance_ms: 1, extra: true }), 422, 'extra');
    expectB(await h.control('PUT', '/faults', { faults: ['no-such-fault'] }), 422, 'faults');
    expectB(await h.control('POST', '/force', { status: 99 }), 422, 'status');
    expectB(await h.control('PUT', '/workspaces/acme/policies', { ANALYTICS_MESSAGES_EXPORT: 'sometimes' }), 422, 'ANALYTICS_MESSAGES_EXPORT');
    expectB(await h.control('GET', '/nothing-here'), 404);
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    expectB(await h.call('PUT', '/__mock/faults', { tenant: null, token: null, body: `{"faults": ${deep}}`, headers: { 'content-type': 'application/json' } }), 400);
  });

  it('checks a whole snapshot before importing it, and a refused one changes nothing', async () => {
    const snapshot = (await h.control('GET', '/snapshot')).json<Snapshot>();
    const acmeIndex = snapshot.workspaces.findIndex((w) => w.state.slug === 'acme');
    const calls = h.mock.store.get('acme')?.state.calls.length ?? 0;
    h.mock.store.get('acme')?.state.calls.pop();

    const nullToken = structuredClone(snapshot);
    (nullToken.workspaces[acmeIndex]?.state.tokens as Array<Record<string, unknown>>)[0] = { ...nullToken.workspaces[acmeIndex]?.state.tokens[0], secret: null };
    expectB(await h.control('PUT', '/snapshot', nullToken), 422, `workspaces[${acmeIndex}].state.tokens[0].secret`);

    const badInstant = structuredClone(snapshot);
    (badInstant.workspaces[acmeIndex]?.state.calls[0] as Record<string, unknown>).created_at = { $date: 'yesterday' };
    expectB(await h.control('PUT', '/snapshot', badInstant), 422, `workspaces[${acmeIndex}].state.calls[0].created_at`);

    const badRecord = structuredClone(snapshot);
    (badRecord.workspaces[acmeIndex]?.state.calls[0] as Record<string, unknown>).uuid = 42;
    expectB(await h.control('PUT', '/snapshot', badRecord), 422);

    const twice = structuredClone(snapshot);
    twice.workspaces.push(structuredClone(snapshot.workspaces[acmeIndex] as Snapshot['workspaces'][number]));
    expectB(await h.control('PUT', '/snapshot', twice), 422);

    expect(h.mock.store.get('acme')?.state.calls.length).toBe(calls - 1);
    // The user tokens still verify: the workspace kept its JWT secret.
    const user = h.mock.fixtures.find((w) => w.slug === 'acme')?.user_tokens[0]?.token ?? '';
    expect((await h.call('GET', '/api/v1/calls', { token: user })).status).toBe(200);

    expect((await h.control('PUT', '/snapshot', snapshot)).status).toBe(200);
    expect(h.mock.store.get('acme')?.state.calls.length).toBe(calls);
    expect((await h.call('GET', '/api/v1/calls', { token: user })).status).toBe(200);
  });

  it('holds back every secret of a snapshot exported without secrets=true, and says which it could not restore', async () => {
    const live = h.mock.store.get('acme')?.state;
    if (!live) throw new Error('acme is loaded');
    const secrets = [
      ...live.tokens.map((t) => t.secret),
      ...live.user_tokens.map((t) => t.token),
      ...live.agent_webhooks.flatMap((w) => (w.secret_key ? [w.secret_key] : [])),
      ...live.builders.map((b) => b.service_token),
      ...live.assistant_channels.flatMap((c) => (c.pin ? [c.pin] : [])),
      live.jwt_secret,
    ].filter((secret) => typeof secret === 'string' && secret.length >= 4);
    expect(secrets.length).toBeGreaterThan(5);
    const withheld = await h.control('GET', '/snapshot');
    for (const secret of secrets) expect(withheld.text).not.toContain(`"${secret}"`);
    const full = await h.control('GET', '/snapshot?secrets=true');
    for (const secret of secrets) expect(full.text).toContain(`"${secret}"`);

    const snapshot = withheld.json<Snapshot>();
    const acmeIndex = snapshot.workspaces.findIndex((w) => w.state.slug === 'acme');
    const tokens = snapshot.workspaces[acmeIndex]?.state.tokens as Array<Record<string, unknown>>;
    const added = { ...tokens[0], uuid: '0b5d6a8e-7c41-4f2a-9e3b-1d2c3b4a5f60', name: 'Made elsewhere' };
    tokens.push(added);
    const imported = await h.control('PUT', '/snapshot', snapshot);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json<{ not_restored: string[] }>().not_restored).toEqual([`acme: tokens[uuid=${added.uuid}].secret`]);
    // Every other secret came back from the running workspace: its tokens still work.
    expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
    const user = live.user_tokens[0]?.token ?? '';
    expect((await h.call('GET', '/api/v1/calls', { token: user })).status).toBe(200);
  });

  it('refuses a snapshot whose records name records that are not there, repeat a uuid, or whose clock is not an instant', async () => {
    const snapshot = (await h.control('GET', '/snapshot')).json<Snapshot>();
    const acmeIndex = snapshot.workspaces.findIndex((w) => w.state.slug === 'acme');
    const before = (await h.control('GET', '/snapshot')).text;
    const missing = '5f0e1d2c-3b4a-4958-8776-a5b4c3d2e1f0';

    const orphanCall = structuredClone(snapshot);
    (orphanCall.workspaces[acmeIndex]?.state.calls[0] as Record<string, unknown>).agent_uuid = missing;
    expectB(await h.control('PUT', '/snapshot', orphanCall), 422, `workspaces[${acmeIndex}].state.calls[0].agent_uuid`);

    const orphanConversation = structuredClone(snapshot);
    (orphanConversation.workspaces[acmeIndex]?.state.conversations[0] as Record<string, unknown>).contact_uuid = missing;
    expectB(await h.control('PUT', '/snapshot', orphanConversation), 422, `workspaces[${acmeIndex}].state.conversations[0].contact_uuid`);

    const twins = structuredClone(snapshot);
    const contacts = twins.workspaces[acmeIndex]?.state.contacts as Array<Record<string, unknown>>;
    (contacts[1] as Record<string, unknown>).uuid = contacts[0]?.uuid;
    expectB(await h.control('PUT', '/snapshot', twins), 422, `workspaces[${acmeIndex}].state.contacts[1].uuid`);

    expectB(await h.control('PUT', '/snapshot', { ...structuredClone(snapshot), clock: 'tomorrow' }), 422, 'clock');
    expect((await h.control('GET', '/snapshot')).text).toBe(before);
  });

  it('checks loaded fixtures the same way', async () => {
    const acme = structuredClone(h.mock.fixtures.find((w) => w.slug === 'acme')) as unknown as Json;
    acme.members[0].uuid = 'not-a-uuid';
    expectB(await h.control('POST', '/fixtures', { workspaces: [acme] }), 422, 'workspaces[0].members[0].uuid');
    const { jwt_secret: _, ...noSecret } = structuredClone(h.mock.fixtures.find((w) => w.slug === 'acme')) as unknown as Record<string, unknown>;
    expectB(await h.control('POST', '/fixtures', { workspaces: [noSecret] }), 422);
    expect(h.mock.store.get('globex')).toBeDefined();
  });
});
