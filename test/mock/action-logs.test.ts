// The actions feed over real HTTP (seed "Action log item" and the GET /api/v1/logs/actions query
// table; "Errors": unknown conversation, session or contact → 404): listing tasks as `task` rows on
// the mock clock plus the rows a workspace keeps, filters, stats, paging, whole-day dates in the
// applied zone; and the detail by type and uuid (published API, "Action log detail"): agent,
// contact, customer, request, response, error and extras, secrets masked, another type → 404.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_CALL_ONLY,
  AGENT_WHATSAPP,
  CONTACT_EMAIL_ONLY,
  CONTACT_FULL,
  CONTACT_PHONE_ONLY,
  campaignRecord,
  dataOf,
  expectShapeB,
  type Json,
  NUMBER_WHATSAPP,
  openWorld,
  T0,
  type World,
  workspace,
} from './campaigns-world.ts';

const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const CAMPAIGN = '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b01';
const LISTING = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01';
const TASK_FULL = 'a33f7787-f0c3-4496-ba54-1fdb4d858c01';
const TASK_PHONE = 'a33f7787-f0c3-4496-ba54-1fdb4d858c02';
const CONV_1 = '0e5d013b-fb19-482e-86fd-ddb1f9ca8701';
const CONV_2 = '0e5d013b-fb19-482e-86fd-ddb1f9ca8702';
const CONV_QUIET = '0e5d013b-fb19-482e-86fd-ddb1f9ca8703';
const SESSION_1 = '45c17c7b-4d90-4dde-898c-2616f3d67c01';
const SESSION_2 = '45c17c7b-4d90-4dde-898c-2616f3d67c02';
const WORKFLOW_LEAD = '50c80180-b84d-47bb-b84d-d2da841f3b01';
const WORKFLOW_EXPORT = '50c80180-b84d-47bb-b84d-d2da841f3b02';
const INTENT_BOOK = '5ae974fa-b7d7-4d38-8157-53925630a001';
const INTENT_TRANSFER = '5ae974fa-b7d7-4d38-8157-53925630a002';
const FEED = '/api/v1/logs/actions';

function row(fields: Json): Json {
  return {
    channel: null,
    channel_id: null,
    duration_ms: 100,
    agent_uuid: null,
    contact_uuid: null,
    customer_number: null,
    campaign_uuid: null,
    conversation_uuid: null,
    session_uuid: null,
    started_at: fields.created_at,
    completed_at: fields.created_at,
    request: null,
    response: null,
    error: null,
    steps: null,
    ...fields,
  };
}

const fixtureRows = [
  // 00:30 on the 14th in Berlin is 23:30 on the 13th in UTC.
  row({
    uuid: WORKFLOW_LEAD,
    type: 'workflow',
    name: 'New lead to CRM',
    description: 'Triggered by the website form',
    status: 'success',
    created_at: '2026-03-14T00:30:00+01:00',
    contact_uuid: CONTACT_FULL,
    request: { event: 'contact.created', crm_api_key: 'sk_live_51HxQ', nested: { password: 'hunter2', kept: 1 } },
    response: { crm_lead_id: 'LD-1', refresh_token: 'rt_9c1' },
    steps: [{ position: 1, name: 'Create CRM lead', status: 'success', duration_ms: 90 }],
  }),
  row({
    uuid: INTENT_TRANSFER,
    type: 'intent',
    name: 'transfer_call',
    description: 'Transferred to the front desk',
    status: 'failed',
    channel: 'call',
    channel_id: 1,
    created_at: '2026-03-12T16:00:00+01:00',
    agent_uuid: AGENT_CALL_ONLY,
    contact_uuid: CONTACT_PHONE_ONLY,
    customer_number: '+4915112345602',
    conversation_uuid: CONV_2,
    session_uuid: SESSION_2,
    error: 'The front desk did not answer.',
  }),
  row({
    uuid: INTENT_BOOK,
    type: 'intent',
    name: 'book_appointment',
    description: 'Booked a fitting for 14 March at 10:30',
    status: 'success',
    channel: 'call',
    channel_id: 1,
    created_at: '2026-03-12T15:42:07+01:00',
    agent_uuid: AGENT_CALL_ONLY,
    contact_uuid: CONTACT_FULL,
    customer_number: '+4915112345601',
    conversation_uuid: CONV_1,
    session_uuid: SESSION_1,
    request: { date: '2026-03-14', time: '10:30:00' },
    response: { confirmed: true },
  }),
  row({ uuid: WORKFLOW_EXPORT, type: 'workflow', name: 'Nightly export', description: 'Export of the day', status: 'failed', created_at: '2026-03-10T02:00:00+01:00' }),
];

/** A WhatsApp task of the listing campaign, starting `startsIn` ms after T0 (it works 2 s). */
function task(uuid: string, contact: string, address: string | null, name: string, startsIn: number): Json {
  return {
    uuid,
    listing_uuid: LISTING,
    campaign_uuid: CAMPAIGN,
    contact_uuid: contact,
    channel: 'whatsapp',
    address,
    name,
    description: 'Berlin reminder: WhatsApp template message',
    start_at: new Date(T0 + startsIn).toISOString(),
    cancelled_at: null,
    created_at: new Date(T0).toISOString(),
  };
}

interface Item {
  uuid: string;
  type: string;
  status: string;
  created_at: string;
}

interface Feed {
  stats: { total: number; tasks: number; workflows: number; intents: number };
  pagination: { page: number; per_page: number; total: number; total_pages: number };
  items: Item[];
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The kept rows plus two task rows of a listing campaign, created at T0, starting at +2 s and +3 s. */
async function open(): Promise<World> {
  world = await openWorld(
    workspace({
      campaigns: [campaignRecord(CAMPAIGN, 'Active', { name: 'Berlin reminder' })],
      campaign_details: [{ campaign_uuid: CAMPAIGN, rules: {}, agent_app: { agent_uuid: AGENT_WHATSAPP, channel: 'whatsapp', binding: NUMBER_WHATSAPP } }],
      listing_tasks: [
        task(TASK_FULL, CONTACT_FULL, '+4915112345601', 'Berlin reminder: WhatsApp to Jonas Becker', 2_000),
        task(TASK_PHONE, CONTACT_PHONE_ONLY, '+4915112345602', 'Berlin reminder: WhatsApp to Anna Müller', 3_000),
      ],
      conversations: [{ uuid: CONV_QUIET, channel: 'sms', contact_uuid: CONTACT_EMAIL_ONLY, agent_uuid: null, session_uuid: '45c17c7b-4d90-4dde-898c-2616f3d67c03', created_at: '2026-03-01T09:00:00+01:00' }],
      action_logs: fixtureRows,
    }),
  );
  return world;
}

async function feed(w: World, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Feed> {
  return dataOf<Feed>(await w.call('GET', FEED, { query, headers }));
}

const uuids = (f: Feed) => f.items.map((i) => i.uuid);
const TASKS = [TASK_FULL, TASK_PHONE];

describe('the feed', () => {
  it('holds listing tasks and kept rows, newest first, with stats per kind', async () => {
    const w = await open();
    const all = await feed(w);
    expect(all.stats).toEqual({ total: 6, tasks: 2, workflows: 2, intents: 2 });
    expect(all.pagination).toEqual({ page: 1, per_page: 15, total: 6, total_pages: 1 });
    expect(uuids(all)).toEqual([...TASKS, WORKFLOW_LEAD, INTENT_TRANSFER, INTENT_BOOK, WORKFLOW_EXPORT]);
    expect(all.items[0]).toEqual({
      uuid: TASK_FULL,
      type: 'task',
      name: 'Berlin reminder: WhatsApp to Jonas Becker',
      description: 'Berlin reminder: WhatsApp template message',
      status: 'pending',
      channel: 'whatsapp',
      channel_id: 3,
      duration_ms: null,
      created_at: '2026-03-14T10:30:00+01:00',
    });
  });

  it('moves task rows from pending to completed on the clock', async () => {
    const w = await open();
    const statuses = async () => (await feed(w, { type: 'task' })).items.map((i) => i.status);
    expect(await statuses()).toEqual(['pending', 'pending']);
    await w.advance(3_500);
    expect(await statuses()).toEqual(['in_progress', 'in_progress']);
    await w.advance(1_000);
    expect(await statuses()).toEqual(['completed', 'in_progress']);
    await w.advance(1_000);
    expect(await statuses()).toEqual(['completed', 'completed']);
  });

  it('filters by type and keeps the stats of the other filters', async () => {
    const w = await open();
    const intents = await feed(w, { type: 'intent' });
    expect(uuids(intents)).toEqual([INTENT_TRANSFER, INTENT_BOOK]);
    expect(intents.stats).toEqual({ total: 6, tasks: 2, workflows: 2, intents: 2 });
    expect(intents.pagination.total).toBe(2);
    expect(uuids(await feed(w, { type: 'workflow' }))).toEqual([WORKFLOW_LEAD, WORKFLOW_EXPORT]);
    expect((await feed(w, { type: 'all' })).items).toHaveLength(6);
  });

  it('matches status `completed` to both success and completed rows', async () => {
    const w = await open();
    expect(uuids(await feed(w, { status: 'completed' }))).toEqual([WORKFLOW_LEAD, INTENT_BOOK]);
    await w.advance(10_000);
    const completed = await feed(w, { status: 'completed' });
    expect(uuids(completed)).toEqual([...TASKS, WORKFLOW_LEAD, INTENT_BOOK]);
    expect(completed.stats).toEqual({ total: 4, tasks: 2, workflows: 1, intents: 1 });
    expect(uuids(await feed(w, { status: 'success' }))).toEqual([WORKFLOW_LEAD, INTENT_BOOK]);
    expect(uuids(await feed(w, { status: 'failed' }))).toEqual([INTENT_TRANSFER, WORKFLOW_EXPORT]);
  });

  it('searches task titles and descriptions, workflow names and intent function names', async () => {
    const w = await open();
    expect(uuids(await feed(w, { search: 'crm' }))).toEqual([WORKFLOW_LEAD]);
    expect(uuids(await feed(w, { search: 'BOOK_app' }))).toEqual([INTENT_BOOK]);
    expect(uuids(await feed(w, { search: 'anna müller' }))).toEqual([TASK_PHONE]);
    expect(uuids(await feed(w, { search: 'whatsapp template' }))).toEqual(TASKS);
    // A workflow's or an intent's description is not searched.
    expect(uuids(await feed(w, { search: 'website form' }))).toEqual([]);
    expect(uuids(await feed(w, { search: 'front desk' }))).toEqual([]);
  });

  it('filters by contact (tasks and intents, no workflows), conversation and session (intents only)', async () => {
    const w = await open();
    const forContact = await feed(w, { contact: CONTACT_FULL });
    expect(forContact.stats).toEqual({ total: 2, tasks: 1, workflows: 0, intents: 1 });
    expect(uuids(forContact)).toEqual([TASK_FULL, INTENT_BOOK]);
    expect(uuids(await feed(w, { conversation: CONV_1 }))).toEqual([INTENT_BOOK]);
    expect(uuids(await feed(w, { session: SESSION_2 }))).toEqual([INTENT_TRANSFER]);
    expect(uuids(await feed(w, { conversation: CONV_1, session: SESSION_2 }))).toEqual([]);
    expect((await feed(w, { conversation: CONV_QUIET })).stats.total).toBe(0);
    expect((await feed(w, { contact: CONTACT_EMAIL_ONLY })).stats.total).toBe(0);
  });

  it('answers unknown conversation, session and contact with 404', async () => {
    const w = await open();
    for (const name of ['conversation', 'session', 'contact']) {
      const error = expectShapeB(await w.call('GET', FEED, { query: { [name]: UNKNOWN } }), 404);
      expect(error.code, name).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('reads a date as the whole day in the applied zone, and a date-time without offset in it', async () => {
    const w = await open();
    // Berlin (the workspace zone): the lead workflow ran on the 14th.
    expect(uuids(await feed(w, { to: '2026-03-13' }))).toEqual([INTENT_TRANSFER, INTENT_BOOK, WORKFLOW_EXPORT]);
    expect(uuids(await feed(w, { from: '2026-03-14' }))).toEqual([...TASKS, WORKFLOW_LEAD]);
    // UTC: the lead workflow ran on the 13th.
    expect(uuids(await feed(w, { to: '2026-03-13' }, { 'X-Timezone': 'UTC' }))).toEqual([WORKFLOW_LEAD, INTENT_TRANSFER, INTENT_BOOK, WORKFLOW_EXPORT]);
    // A date `to` covers its whole day (16:00 is inside the 12th).
    expect(uuids(await feed(w, { from: '2026-03-12', to: '2026-03-12' }))).toEqual([INTENT_TRANSFER, INTENT_BOOK]);
    expect(uuids(await feed(w, { from: '2026-03-12T15:50:00' }))).toContain(INTENT_TRANSFER);
    expect(uuids(await feed(w, { from: '2026-03-12T15:50:00' }))).not.toContain(INTENT_BOOK);
    expect(uuids(await feed(w, { to: '2026-03-12T15:42:07+01:00' }))).toEqual([INTENT_BOOK, WORKFLOW_EXPORT]);
    expect(expectShapeB(await w.call('GET', FEED, { query: { from: '2026-03-14', to: '2026-03-13' } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await w.call('GET', FEED, { query: { to: '2026-02-30' } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'to' });
    expect(expectShapeB(await w.call('GET', FEED, { query: { from: '14.03.2026' } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
  });

  it('pages with per_page 1..100, 15 by default', async () => {
    const w = await open();
    const page = await feed(w, { per_page: '2', page: '2' });
    expect(page.pagination).toEqual({ page: 2, per_page: 2, total: 6, total_pages: 3 });
    expect(uuids(page)).toEqual([WORKFLOW_LEAD, INTENT_TRANSFER]);
    expect((await feed(w, { per_page: '100', page: '4' })).items).toEqual([]);
    expect(expectShapeB(await w.call('GET', FEED, { query: { per_page: '0' } }), 422).field).toBe('per_page');
    expect(expectShapeB(await w.call('GET', FEED, { query: { per_page: '101' } }), 422).field).toBe('per_page');
    expect(expectShapeB(await w.call('GET', FEED, { query: { page: '0' } }), 422).field).toBe('page');
  });
});

describe('one row, by type and uuid', () => {
  it('details a task row with its agent, contact, customer, payload, outcome and extras', async () => {
    const w = await open();
    await w.advance(10_000);
    const detail = dataOf<Json>(await w.call('GET', `${FEED}/task/${TASK_FULL}`));
    expect(detail).toEqual({
      uuid: TASK_FULL,
      type: 'task',
      name: 'Berlin reminder: WhatsApp to Jonas Becker',
      description: 'Berlin reminder: WhatsApp template message',
      status: 'completed',
      channel: 'whatsapp',
      channel_id: 3,
      duration_ms: 2_000,
      created_at: '2026-03-14T10:30:00+01:00',
      agent: { uuid: AGENT_WHATSAPP, name: 'Spring Offers' },
      contact: { uuid: CONTACT_FULL, name: 'Jonas Becker', phone_number: '+4915112345601' },
      customer: { number: '+4915112345601' },
      request: { listing_uuid: LISTING, channel: 'whatsapp', to: '+4915112345601' },
      response: { result: 'sent' },
      error: null,
      extras: {
        started_at: '2026-03-14T10:30:02+01:00',
        completed_at: '2026-03-14T10:30:04+01:00',
        campaign_uuid: CAMPAIGN,
        conversation_uuid: null,
        session_uuid: null,
        steps: null,
      },
    });
  });

  it('details a pending task without outcome or timing', async () => {
    const w = await open();
    const detail = dataOf<Json>(await w.call('GET', `${FEED}/task/${TASK_PHONE}`));
    expect(detail).toMatchObject({ status: 'pending', response: null, error: null, extras: { started_at: null, completed_at: null, campaign_uuid: CAMPAIGN } });
    expect(detail.contact).toEqual({ uuid: CONTACT_PHONE_ONLY, name: 'Anna Müller', phone_number: '+4915112345602' });
  });

  it('details an intent with its agent, contact, caller number, conversation and session, in the applied zone', async () => {
    const w = await open();
    const detail = dataOf<Json>(await w.call('GET', `${FEED}/intent/${INTENT_TRANSFER}`, { headers: { 'X-Timezone': 'America/New_York' } }));
    expect(detail).toEqual({
      uuid: INTENT_TRANSFER,
      type: 'intent',
      name: 'transfer_call',
      description: 'Transferred to the front desk',
      status: 'failed',
      channel: 'call',
      channel_id: 1,
      duration_ms: 100,
      created_at: '2026-03-12T11:00:00-04:00',
      agent: { uuid: AGENT_CALL_ONLY, name: 'Recall Caller' },
      contact: { uuid: CONTACT_PHONE_ONLY, name: 'Anna Müller', phone_number: '+4915112345602' },
      customer: { number: '+4915112345602' },
      request: null,
      response: null,
      error: 'The front desk did not answer.',
      extras: {
        started_at: '2026-03-12T11:00:00-04:00',
        completed_at: '2026-03-12T11:00:00-04:00',
        campaign_uuid: null,
        conversation_uuid: CONV_2,
        session_uuid: SESSION_2,
        steps: null,
      },
    });
  });

  it('details a workflow run with its steps and its secrets masked, a contact without a phone as null number', async () => {
    const w = await open();
    const detail = dataOf<Json>(await w.call('GET', `${FEED}/workflow/${WORKFLOW_LEAD}`));
    expect(detail).toMatchObject({ type: 'workflow', name: 'New lead to CRM', agent: null, customer: null, contact: { uuid: CONTACT_FULL, name: 'Jonas Becker' } });
    expect(detail.request).toEqual({ event: 'contact.created', crm_api_key: '***', nested: { password: '***', kept: 1 } });
    expect(detail.response).toEqual({ crm_lead_id: 'LD-1', refresh_token: '***' });
    expect(detail.extras).toMatchObject({ steps: [{ position: 1, name: 'Create CRM lead', status: 'success', duration_ms: 90 }] });
  });

  it('answers an unknown row, or a row asked for under another type, with 404', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', `${FEED}/intent/${UNKNOWN}`), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await w.call('GET', `${FEED}/workflow/${INTENT_BOOK}`), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await w.call('GET', `${FEED}/intent/${TASK_FULL}`), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await w.call('GET', `${FEED}/task/${WORKFLOW_LEAD}`), 404).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('rejects a type outside task, workflow and intent, and a malformed uuid, with 422', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', `${FEED}/session/${INTENT_BOOK}`), 422).field).toBe('type');
    expect(expectShapeB(await w.call('GET', `${FEED}/intent/not-a-uuid`), 422)).toMatchObject({ code: 'INVALID_UUID', field: 'uuid' });
  });

  it('no longer serves the detail without a type', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', `${FEED}/${INTENT_BOOK}`), 404).code).toBe('ENDPOINT_NOT_FOUND');
  });
});
