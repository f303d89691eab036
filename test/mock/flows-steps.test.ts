// Flow editing over HTTP (published flows and flow-steps pages): the flows list, the app catalogue
// and connections, adding steps (append, insert with renumbered references, branch children),
// updating steps, testing steps (the result becomes `last_test.data`, which later steps resolve
// against), and deploying: an untested step blocks it (409), and a deployed flow refuses edits with 409
// until it is undeployed. Refusals write nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeB, type Json } from './campaigns-world.ts';

const FLOW = '983b74d3-aa70-46d7-b037-d87a8a3c6474';
const TRIGGER = '27e2faf7-4e20-4861-98d6-cff976efa44b';
const CONDITION = 'b0e80a9b-1c04-4cac-8b72-6274c3c58e4b';
const CALL_STEP = '1ec75d4a-23b3-40d3-a4d1-8f611e198a48';
const EMAIL_STEP = '18511750-0ff6-40e9-83e4-8b08cfc23258';
const AGENT = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';
const GMAIL = '5df0b02e-e484-4955-9928-02e80c4dee30';
const GMAIL_INACTIVE = '9c0d2e71-6a4b-4f8e-b3d5-2e7a1c9f4b68';

type Step = Json & { uuid: string; position: number; config: Json; last_test: { data: Json } | null };

describe('flow steps', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness('fetch');
  });
  afterEach(() => h.close());

  const steps = async (flow = FLOW): Promise<Step[]> => ((await h.call('GET', `/api/v1/flow/${flow}`)).body as { data: { steps: Step[] } }).data.steps;
  const add = (json: unknown, flow = FLOW) => h.call('POST', `/api/v1/flow/${flow}/steps`, { json });
  const update = (step: string, json: unknown) => h.call('PATCH', `/api/v1/flow/${FLOW}/steps/${step}`, { json });
  const test = (step: string, json: unknown = {}) => h.call('POST', `/api/v1/flow/${FLOW}/steps/${step}/test`, { json });

  it('lists flows newest first in the paged list, filtered by status', async () => {
    const res = await h.call('GET', '/api/v1/flows', { query: { per_page: '1' } });
    expect(res.status, res.text).toBe(200);
    const page = (res.body as { data: Json & { data: Array<Json & { steps: Step[] }> } }).data;
    expect(page).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(page.data[0]?.uuid).toBe('cd83cea2-42e4-442d-bdfb-65d6f55a8669');
    const empty = await h.call('GET', '/api/v1/flows', { query: { status: 'deployed' } });
    expect((empty.body as { data: { total: number } }).data.total).toBe(0);
  });

  it('lists the app catalogue with a builtin app, its triggers and actions, and the connections', async () => {
    const apps = ((await h.call('GET', '/api/v1/flow/apps')).body as { data: Array<Json & { uid: string }> }).data;
    expect(apps.find((a) => a.uid === 'webhook')).toMatchObject({ category: 'builtin', requires_connection: false, triggers: [{ key: 'catch_hook', name: 'Catch webhook' }] });
    const actions = await h.call('GET', '/api/v1/flow/apps/gmail/actions');
    expect((actions.body as { data: Json[] }).data).toContainEqual({ key: 'send_email', name: 'Send email', destructive: true });
    const triggers = await h.call('GET', '/api/v1/flow/apps/webhook/triggers');
    expect((triggers.body as { data: Json[] }).data).toEqual([{ key: 'catch_hook', name: 'Catch webhook' }]);
    expectShapeB(await h.call('GET', '/api/v1/flow/apps/nothing/actions'), 404);
    const connections = await h.call('GET', '/api/v1/flow/connections', { query: { app_uid: 'gmail' } });
    expect((connections.body as { data: Json[] }).data.map((c) => c.status).sort()).toEqual(['active', 'inactive']);
  });

  it('appends an action as `{data: step}` with 201 and stores it', async () => {
    const res = await add({ kind: 'action', app_uid: 'gmail', action_key: 'find_email', app_connection_uuid: GMAIL, config: { query: '{{step1.email}}' } });
    expect(res.status, res.text).toBe(201);
    const body = res.body as { data: Step };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toMatchObject({ position: 5, kind: 'action', status: 'draft', action: { key: 'find_email' }, app_connection: { uuid: GMAIL, label: 'support@acme.example' }, last_test: null });
    expect((await steps()).at(-1)?.uuid).toBe(body.data.uuid);
  });

  it('inserts after a step: later steps move down and their references are renumbered', async () => {
    const marker = await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook', config: { body: 'result {{step2.result}} for {{step1.name}}' } });
    expect(marker.status, marker.text).toBe(201);
    const inserted = await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook', insert_after_step_uuid: TRIGGER });
    expect((inserted.body as { data: Step }).data.position).toBe(2);
    const after = await steps();
    expect(after.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(after.find((s) => s.uuid === CONDITION)?.position).toBe(3);
    expect(after.find((s) => s.uuid === (marker.body as { data: Step }).data.uuid)?.config).toEqual({ body: 'result {{step3.result}} for {{step1.name}}' });
    expect(after.find((s) => s.uuid === CONDITION)?.config).toEqual({ conditions: [{ left: '{{step1.budget}}', operator: 'greater_than', right: 5000 }] });
  });

  it('nests a step under an if_condition branch', async () => {
    const res = await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook', parent_step_uuid: CONDITION, branch_key: 'false' });
    expect(res.status, res.text).toBe(201);
    expect((res.body as { data: Step }).data).toMatchObject({ parent_step_uuid: CONDITION, branch_key: 'false' });
    expect(expectShapeB(await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook', parent_step_uuid: CALL_STEP, branch_key: 'true' }), 422).field).toBe('parent_step_uuid');
    expect(expectShapeB(await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook', parent_step_uuid: CONDITION }), 422).field).toBe('branch_key');
  });

  it.each([
    ['a second trigger', { kind: 'trigger', app_uid: 'webhook', trigger_key: 'catch_hook' }, 'kind'],
    ['an unknown app', { kind: 'action', app_uid: 'nothing', action_key: 'x' }, 'app_uid'],
    ['an action the app lacks', { kind: 'action', app_uid: 'webhook', action_key: 'catch_hook' }, 'action_key'],
    ['a connected app without its connection', { kind: 'action', app_uid: 'gmail', action_key: 'send_email' }, 'app_connection_uuid'],
    ['an inactive connection', { kind: 'action', app_uid: 'gmail', action_key: 'send_email', app_connection_uuid: GMAIL_INACTIVE }, 'app_connection_uuid'],
    ['a connection on a builtin app', { kind: 'action', app_uid: 'webhook', action_key: 'send_webhook', app_connection_uuid: GMAIL }, 'app_connection_uuid'],
    ['an agent action without an agent', { kind: 'action', app_uid: 'ai_agent', action_key: 'start_call' }, 'agent_uuid'],
    ['an unknown agent', { kind: 'action', app_uid: 'ai_agent', action_key: 'start_call', agent_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' }, 'agent_uuid'],
  ])('refuses %s with 422 and writes nothing', async (_what, json, field) => {
    const before = await steps();
    expect(expectShapeB(await add(json), 422).field).toBe(field);
    expect(await steps()).toEqual(before);
  });

  it('updates a subset of fields; switching the app clears trigger, action, config and connection', async () => {
    const res = await update(CALL_STEP, { config: { to: '{{step1.phone}}', note: 'urgent' } });
    expect(res.status, res.text).toBe(200);
    expect((res.body as { data: Step }).data).toMatchObject({ config: { to: '{{step1.phone}}', note: 'urgent' }, agent: { uuid: AGENT } });
    const switched = await update(EMAIL_STEP, { app_uid: 'webhook' });
    expect((switched.body as { data: Step }).data).toMatchObject({ app: { uid: 'webhook' }, action: null, config: {}, app_connection: null });
    expect((await steps()).find((s) => s.uuid === EMAIL_STEP)?.app).toMatchObject({ uid: 'webhook' });
    expect(expectShapeB(await update(CALL_STEP, { action_key: 'nothing' }), 422).field).toBe('action_key');
    expectShapeB(await update('0f0e0d0c-0b0a-4909-8807-060504030201', { config: {} }), 404);
  });

  it('stores a test result as last_test.data, and later steps resolve their references against it', async () => {
    const trigger = await test(TRIGGER, { data: { name: 'Jonas', phone: '+4915123456789', email: 'jonas@example.com', budget: 20000 } });
    expect(trigger.status, trigger.text).toBe(200);
    expect((trigger.body as { data: Json }).data).toMatchObject({ kind: 'trigger', dry_run: false, selected: null, samples: [] });
    const stored = (await steps()).find((s) => s.uuid === TRIGGER);
    expect(stored).toMatchObject({ status: 'active', last_test: { data: { name: 'Jonas', budget: 20000 } } });
    const condition = await test(CONDITION);
    expect((condition.body as { data: Json }).data).toMatchObject({ kind: 'if_condition', data: { result: true }, resolved: { conditions: [{ left: 20000 }] } });
    const call = await test(CALL_STEP);
    // start_call is destructive, so it runs dry unless `live` is sent.
    expect((call.body as { data: Json }).data).toMatchObject({ kind: 'action', dry_run: true, resolved: { to: '+4915123456789' } });
    expect((await test(CALL_STEP, { live: true })).body).toMatchObject({ data: { dry_run: false } });
  });

  it('does not store a test sent with persist false', async () => {
    const before = (await steps()).find((s) => s.uuid === TRIGGER);
    const res = await test(TRIGGER, { data: { name: 'Nobody' }, persist: false });
    expect((res.body as { data: Json }).data).toMatchObject({ data: { name: 'Nobody' } });
    expect((await steps()).find((s) => s.uuid === TRIGGER)).toEqual(before);
  });

  it('tests a trigger with its samples, and a trigger without any is a 404', async () => {
    expectShapeB(await test(TRIGGER), 404);
    const scheduled = await h.call('POST', '/api/v1/flow/cd83cea2-42e4-442d-bdfb-65d6f55a8669/steps/f089d63c-707a-4513-9dc2-b4933b8ced21/test', { json: {} });
    expect(scheduled.status, scheduled.text).toBe(200);
    const data = (scheduled.body as { data: Json & { samples: Json[] } }).data;
    expect(data.samples).toHaveLength(1);
    expect(data.selected).toMatchObject({ sample_uuid: '6e3b1d94-2c7f-4a58-9b0e-5f8d2a7c1e39' });
  });

  it('deploys only a tested flow; a deployed flow refuses edits with 409 until undeployed', async () => {
    const untested = await h.call('POST', `/api/v1/flow/${FLOW}/deploy`);
    expect(expectShapeB(untested, 409).code).toBe('CONFLICT');
    await test(TRIGGER, { data: { name: 'Jonas', phone: '+4915123456789', email: 'jonas@example.com', budget: 20000 } });
    for (const step of [CONDITION, CALL_STEP, EMAIL_STEP]) expect((await test(step)).status).toBe(200);
    const deployed = await h.call('POST', `/api/v1/flow/${FLOW}/deploy`);
    expect(deployed.status, deployed.text).toBe(200);
    expect(deployed.body).toMatchObject({ success: true, message: 'Flow deployed', data: { uuid: FLOW, status: 'deployed' } });
    const before = await steps();
    expect(expectShapeB(await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook' }), 409).code).toBe('CONFLICT');
    expect(expectShapeB(await update(CALL_STEP, { config: {} }), 409).code).toBe('CONFLICT');
    expect(await steps()).toEqual(before);
    const undeployed = await h.call('POST', `/api/v1/flow/${FLOW}/undeploy`);
    expect(undeployed.body).toMatchObject({ success: true, message: 'Flow undeployed', data: { status: 'draft' } });
    expect((await add({ kind: 'action', app_uid: 'webhook', action_key: 'send_webhook' })).status).toBe(201);
  });
});
