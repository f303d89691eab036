// Agent intents over HTTP: create (key derived from the name, unique per agent), list, read, update
// (published: `name` required, answered `{success, data}` without `message`), and the intent's single
// action: set as a draft (published: webhook, app, scenario, agent; an external app needs an active
// connection of that app, 422 otherwise), read, publish (`draft` → `deployed`); 404 in Shape A for an
// unknown agent or intent; bad input 422 with nothing written; the fault intent-event-ignores-connection.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';

const acme = demoTenant('acme');
const found = acme.state.agents.find((a) => (a.intents ?? []).length > 0);
if (!found) throw new Error('fixture acme has no agent with intents');
const agent = found;
const intent = agent.intents?.[0]?.intent_uuid as string;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const active = acme.state.flow_connections.find((c) => c.status === 'active' && c.app_uid === 'gmail')?.uuid as string;
const inactive = acme.state.flow_connections.find((c) => c.status !== 'active' && c.app_uid === 'gmail')?.uuid as string;
const flow = acme.state.flows[0]?.uuid as string;
const base = `/api/v1/agents/${agent.uuid}/intents`;
type Json = Record<string, unknown>;

describe.each(TRANSPORTS)('agent intents over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('PUT', '/faults', { faults: [] });
    h.mock.store.load(h.mock.fixtures);
  });

  async function send(method: string, path: string, json?: unknown, status = 200): Promise<Json> {
    const res = await h.call(method, path, json === undefined ? {} : { json });
    expect(res.status, res.text).toBe(status);
    return res.json<Json>();
  }

  it('creates, lists, reads and updates intents', async () => {
    const created = (await send('POST', base, { name: 'Cancel Order', parameters: [{ key: 'order_id', required: true }] }, 201)).data as Json;
    expect(created).toMatchObject({ key: 'cancel_order', name: 'Cancel Order', confidence_threshold: 0.7, is_system: false, parameters: [{ key: 'order_id', default: null, type: 'string', required: true }] });
    const list = (await send('GET', base)).data as Json[];
    expect(list.map((i) => i.intent_uuid)).toContain(created.intent_uuid);
    const path = `${base}/${created.intent_uuid}`;
    expect((await send('GET', path)).data).toEqual(created);
    const updated = await send('PATCH', path, { name: 'Cancel an order', confidence_threshold: 0.9 });
    expect(Object.keys(updated).sort()).toEqual(['data', 'success']);
    expect(updated.data).toMatchObject({ name: 'Cancel an order', key: 'cancel_order', confidence_threshold: 0.9 });
    expect(((await send('PATCH', path, { name: 'Stop Order', key: null })).data as Json).key).toBe('stop_order');
  });

  it('refuses a duplicate key or a missing name with 422, writing nothing', async () => {
    const before = (await send('GET', base)).data;
    expect((await h.call('POST', base, { json: { name: 'Book Appointment' } })).status).toBe(422);
    expect((await h.call('PATCH', `${base}/${intent}`, { json: { description: 'x' } })).status).toBe(422);
    expect((await send('GET', base)).data).toEqual(before);
  });

  it('sets an action as a draft and publishes it', async () => {
    const path = `${base}/${intent}/event`;
    const set = await send('PUT', path, { event_type: 'webhook', webhook: { url: 'https://crm.acme.example/hooks/i' } });
    expect(set).toMatchObject({ success: true, message: 'Intent event updated successfully', data: { event_type: 'webhook', status: 'draft', app: null, webhook: { url: 'https://crm.acme.example/hooks/i', auth_token: null } } });
    expect((await send('GET', path)).data).toMatchObject({ status: 'draft' });
    expect((await send('POST', `${path}/publish`)).data).toMatchObject({ status: 'deployed', event_type: 'webhook' });
    expect((await send('GET', path)).data).toMatchObject({ status: 'deployed' });
    const app = (await send('PUT', path, { event_type: 'app', app_uid: 'gmail', action_key: 'send_email', app_connection_uuid: active, config: { to: 'a@b.example' } })).data;
    expect(app).toMatchObject({ app: { uid: 'gmail', is_builtin: false }, action: { key: 'send_email' }, app_connection_uuid: active, config: { to: 'a@b.example' } });
    expect((await send('PUT', path, { event_type: 'app', app_uid: 'webhook', action_key: 'send_webhook' })).data).toMatchObject({ app: { is_builtin: true }, app_connection_uuid: null });
    expect((await send('PUT', path, { event_type: 'scenario', flow_uuid: flow })).data).toMatchObject({ flow_uuid: flow });
    expect((await send('PUT', path, { event_type: 'agent', agent_uuid: agent.uuid, channel: 'call' })).data).toMatchObject({ agent_uuid: agent.uuid, channel: 'call' });
  });

  it('refuses an external app without an active connection, and other bad actions, with 422', async () => {
    const path = `${base}/${intent}/event`;
    const before = (await send('GET', path)).data;
    const cases: Array<[Json, string]> = [
      [{ event_type: 'app', app_uid: 'gmail', action_key: 'send_email' }, 'app_connection_uuid'],
      [{ event_type: 'app', app_uid: 'gmail', action_key: 'send_email', app_connection_uuid: inactive }, 'app_connection_uuid'],
      [{ event_type: 'app', app_uid: 'gmail', action_key: 'send_email', app_connection_uuid: UNKNOWN }, 'app_connection_uuid'],
      [{ event_type: 'app', app_uid: 'nope', action_key: 'send_email' }, 'app_uid'],
      [{ event_type: 'app', app_uid: 'gmail', action_key: 'nope', app_connection_uuid: active }, 'action_key'],
      [{ event_type: 'scenario', flow_uuid: UNKNOWN }, 'flow_uuid'],
      [{ event_type: 'agent', agent_uuid: UNKNOWN }, 'agent_uuid'],
      [{ event_type: 'webhook' }, 'event_type'],
      [{ event_type: 'scenario' }, 'event_type'],
    ];
    for (const [json, field] of cases) {
      const res = await h.call('PUT', path, { json });
      expect(res.status, res.text).toBe(422);
      expect(res.json<{ error: { field?: string } }>().error.field).toBe(field);
    }
    expect((await send('GET', path)).data).toEqual(before);
  });

  it('answers 404 in Shape A for an unknown agent or intent; an intent without an action reads null and cannot publish', async () => {
    const other = agent.intents?.find((i) => i.event === undefined)?.intent_uuid as string;
    expect((await send('GET', `${base}/${other}/event`)).data).toBeNull();
    for (const res of [await h.call('GET', `/api/v1/agents/${UNKNOWN}/intents`), await h.call('GET', `${base}/${UNKNOWN}`), await h.call('GET', `${base}/${UNKNOWN}/event`)]) {
      expect(res.status).toBe(404);
      expect(res.json<Json>()).toMatchObject({ success: false, data: [] });
    }
    expect((await h.call('POST', `${base}/${other}/event/publish`)).status).toBe(409);
  });

  it('fault intent-event-ignores-connection: an unconnected external app is accepted', async () => {
    await h.control('PUT', '/faults', { faults: ['intent-event-ignores-connection'] });
    expect((await h.call('PUT', `${base}/${intent}/event`, { json: { event_type: 'app', app_uid: 'gmail', action_key: 'send_email' } })).status).toBe(200);
  });
});
