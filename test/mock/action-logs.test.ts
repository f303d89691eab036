// The actions feed over real HTTP (seed "Action log item" and the GET /api/v1/logs/actions query
// table; "Errors": unknown conversation, session or contact → 404): listing tasks as `task` rows on
// the mock clock plus fixture workflow and intent rows, filters, stats, paging, whole-day dates in
// the applied zone, and the detail by uuid with secrets masked.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_WHATSAPP,
  CONTACT_EMAIL_ONLY,
  CONTACT_FULL,
  CONTACT_PHONE_ONLY,
  dataOf,
  expectShapeB,
  type Json,
  openWorld,
  settingRecord,
  type World,
  workspace,
} from './campaigns-world.ts';

const SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
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
    contact_uuid: null,
    conversation_uuid: null,
    session_uuid: null,
    campaign_uuid: null,
    started_at: fields.created_at,
    completed_at: fields.created_at,
    input: null,
    output: null,
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
    input: { event: 'contact.created', crm_api_key: 'sk_live_51HxQ', nested: { password: 'hunter2', kept: 1 } },
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
    contact_uuid: CONTACT_PHONE_ONLY,
    conversation_uuid: CONV_2,
    session_uuid: SESSION_2,
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
    contact_uuid: CONTACT_FULL,
    conversation_uuid: CONV_1,
    session_uuid: SESSION_1,
  }),
  row({ uuid: WORKFLOW_EXPORT, type: 'workflow', name: 'Nightly export', description: 'Export of the day', status: 'failed', created_at: '2026-03-10T02:00:00+01:00' }),
];

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

/** The fixture rows plus a listing of two contacts (two task rows created at T0). */
async function open(): Promise<{ w: World; tasks: string[]; campaign: string }> {
  const w = await openWorld(
    workspace({
      template_settings: [settingRecord(SETTING, 'active')],
      conversations: [{ uuid: CONV_QUIET, channel: 'sms', contact_uuid: CONTACT_EMAIL_ONLY, agent_uuid: null, session_uuid: '45c17c7b-4d90-4dde-898c-2616f3d67c03', created_at: '2026-03-01T09:00:00+01:00' }],
      action_logs: fixtureRows,
    }),
  );
  world = w;
  const listing = dataOf<Json>(
    await w.call('POST', '/api/v1/listings', {
      json: { name: 'Berlin reminder', campaign_type: 'text', agent_uuid: AGENT_WHATSAPP, contact_template_setting_uuid: SETTING, contacts: [CONTACT_FULL, CONTACT_PHONE_ONLY], pace: { per_minute: 60 } },
    }),
  );
  const tasks = (await feed(w, { type: 'task' })).items.map((i) => i.uuid);
  return { w, tasks, campaign: listing.campaign_uuid as string };
}

async function feed(w: World, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Feed> {
  return dataOf<Feed>(await w.call('GET', FEED, { query, headers }));
}

const uuids = (f: Feed) => f.items.map((i) => i.uuid);

describe('the feed', () => {
  it('holds listing tasks and fixture rows, newest first, with stats per kind', async () => {
    const { w, tasks } = await open();
    const all = await feed(w);
    expect(all.stats).toEqual({ total: 6, tasks: 2, workflows: 2, intents: 2 });
    expect(all.pagination).toEqual({ page: 1, per_page: 25, total: 6, total_pages: 1 });
    expect(uuids(all)).toEqual([...[...tasks].sort(), WORKFLOW_LEAD, INTENT_TRANSFER, INTENT_BOOK, WORKFLOW_EXPORT]);
    expect(all.items[0]).toMatchObject({ type: 'task', status: 'pending', created_at: '2026-03-14T10:30:00+01:00' });
  });

  it('moves task rows from pending to completed at the listing pace', async () => {
    const { w } = await open();
    const statuses = async () => (await feed(w, { type: 'task' })).items.map((i) => i.status).sort();
    expect(await statuses()).toEqual(['pending', 'pending']);
    await w.advance(3_500); // first started at +2 s (works 2 s), second at +3 s
    expect(await statuses()).toEqual(['in_progress', 'in_progress']);
    await w.advance(1_000);
    expect(await statuses()).toEqual(['completed', 'in_progress']);
    await w.advance(1_000);
    expect(await statuses()).toEqual(['completed', 'completed']);
  });

  it('filters by type and keeps the stats of the other filters', async () => {
    const { w } = await open();
    const intents = await feed(w, { type: 'intent' });
    expect(uuids(intents)).toEqual([INTENT_TRANSFER, INTENT_BOOK]);
    expect(intents.stats).toEqual({ total: 6, tasks: 2, workflows: 2, intents: 2 });
    expect(intents.pagination.total).toBe(2);
    expect(uuids(await feed(w, { type: 'workflow' }))).toEqual([WORKFLOW_LEAD, WORKFLOW_EXPORT]);
    expect((await feed(w, { type: 'all' })).items).toHaveLength(6);
  });

  it('matches status `completed` to both success and completed rows', async () => {
    const { w, tasks } = await open();
    expect(uuids(await feed(w, { status: 'completed' }))).toEqual([WORKFLOW_LEAD, INTENT_BOOK]);
    await w.advance(10_000);
    const completed = await feed(w, { status: 'completed' });
    expect(uuids(completed)).toEqual([...[...tasks].sort(), WORKFLOW_LEAD, INTENT_BOOK]);
    expect(completed.stats).toEqual({ total: 4, tasks: 2, workflows: 1, intents: 1 });
    expect(uuids(await feed(w, { status: 'success' }))).toEqual([WORKFLOW_LEAD, INTENT_BOOK]);
    expect(uuids(await feed(w, { status: 'failed' }))).toEqual([INTENT_TRANSFER, WORKFLOW_EXPORT]);
  });

  it('searches task titles and descriptions, workflow names and intent function names', async () => {
    const { w, tasks } = await open();
    expect(uuids(await feed(w, { search: 'crm' }))).toEqual([WORKFLOW_LEAD]);
    expect(uuids(await feed(w, { search: 'BOOK_app' }))).toEqual([INTENT_BOOK]);
    expect(uuids(await feed(w, { search: 'berlin reminder' }))).toEqual([...tasks].sort());
    expect(uuids(await feed(w, { search: 'whatsapp template' }))).toEqual([...tasks].sort());
    // A workflow's or an intent's description is not searched.
    expect(uuids(await feed(w, { search: 'website form' }))).toEqual([]);
    expect(uuids(await feed(w, { search: 'front desk' }))).toEqual([]);
  });

  it('filters by contact (tasks and intents, no workflows), conversation and session (intents only)', async () => {
    const { w } = await open();
    const forContact = await feed(w, { contact: CONTACT_FULL });
    expect(forContact.stats).toEqual({ total: 2, tasks: 1, workflows: 0, intents: 1 });
    expect(forContact.items.map((i) => i.type)).toEqual(['task', 'intent']);
    expect(uuids(forContact)[1]).toBe(INTENT_BOOK);
    expect(uuids(await feed(w, { conversation: CONV_1 }))).toEqual([INTENT_BOOK]);
    expect(uuids(await feed(w, { session: SESSION_2 }))).toEqual([INTENT_TRANSFER]);
    expect(uuids(await feed(w, { conversation: CONV_1, session: SESSION_2 }))).toEqual([]);
    expect((await feed(w, { conversation: CONV_QUIET })).stats.total).toBe(0);
    expect((await feed(w, { contact: CONTACT_EMAIL_ONLY })).stats.total).toBe(0);
  });

  it('answers unknown conversation, session and contact with 404', async () => {
    const { w } = await open();
    for (const name of ['conversation', 'session', 'contact']) {
      const error = expectShapeB(await w.call('GET', FEED, { query: { [name]: UNKNOWN } }), 404);
      expect(error.code, name).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('reads a date as the whole day in the applied zone, and a date-time without offset in it', async () => {
    const { w, tasks } = await open();
    // Berlin (the workspace zone): the lead workflow ran on the 14th.
    expect(uuids(await feed(w, { to: '2026-03-13' }))).toEqual([INTENT_TRANSFER, INTENT_BOOK, WORKFLOW_EXPORT]);
    expect(uuids(await feed(w, { from: '2026-03-14' }))).toEqual([...[...tasks].sort(), WORKFLOW_LEAD]);
    // UTC: the lead workflow ran on the 13th.
    expect(uuids(await feed(w, { to: '2026-03-13' }, { 'X-Timezone': 'UTC' }))).toEqual([WORKFLOW_LEAD, INTENT_TRANSFER, INTENT_BOOK, WORKFLOW_EXPORT]);
    // A date `to` covers its whole day (16:00 is inside the 12th).
    expect(uuids(await feed(w, { from: '2026-03-12', to: '2026-03-12' }))).toEqual([INTENT_TRANSFER, INTENT_BOOK]);
    expect(uuids(await feed(w, { from: '2026-03-12T15:50:00' }))).toContain(INTENT_TRANSFER);
    expect(uuids(await feed(w, { from: '2026-03-12T15:50:00' }))).not.toContain(INTENT_BOOK);
    expect(uuids(await feed(w, { to: '2026-03-12T15:42:07+01:00' }))).toEqual([INTENT_BOOK, WORKFLOW_EXPORT]);
    expect(expectShapeB(await w.call('GET', FEED, { query: { from: '2026-03-14', to: '2026-03-13' } }), 422).code).toBe('VALIDATION_ERROR');
    expect(expectShapeB(await w.call('GET', FEED, { query: { to: '2026-02-30' } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'to' });
    expect(expectShapeB(await w.call('GET', FEED, { query: { from: '14.03.2026' } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
  });

  it('pages with per_page 1..100', async () => {
    const { w } = await open();
    const page = await feed(w, { per_page: '2', page: '2' });
    expect(page.pagination).toEqual({ page: 2, per_page: 2, total: 6, total_pages: 3 });
    expect(uuids(page)).toEqual([WORKFLOW_LEAD, INTENT_TRANSFER]);
    expect((await feed(w, { per_page: '100', page: '4' })).items).toEqual([]);
    expect(expectShapeB(await w.call('GET', FEED, { query: { per_page: '0' } }), 422).field).toBe('per_page');
    expect(expectShapeB(await w.call('GET', FEED, { query: { per_page: '101' } }), 422).field).toBe('per_page');
    expect(expectShapeB(await w.call('GET', FEED, { query: { page: '0' } }), 422).field).toBe('page');
  });
});

describe('one row', () => {
  it('details a task row with its contact, campaign and timing', async () => {
    const { w, tasks, campaign } = await open();
    await w.advance(10_000);
    const details = await Promise.all(tasks.map(async (uuid) => dataOf<Json>(await w.call('GET', `${FEED}/${uuid}`))));
    const full = details.find((d) => d.contact_uuid === CONTACT_FULL);
    expect(full).toMatchObject({
      type: 'task',
      status: 'completed',
      channel: 'whatsapp',
      campaign_uuid: campaign,
      conversation_uuid: null,
      started_at: '2026-03-14T10:30:02+01:00',
      completed_at: '2026-03-14T10:30:04+01:00',
      duration_ms: 2_000,
      input: { channel: 'whatsapp', to: '+4915112345601' },
      error: null,
      steps: null,
    });
  });

  it('details a fixture row with its secrets masked', async () => {
    const { w } = await open();
    const detail = dataOf<Json>(await w.call('GET', `${FEED}/${WORKFLOW_LEAD}`));
    expect(detail).toMatchObject({ type: 'workflow', name: 'New lead to CRM', steps: [{ position: 1, name: 'Create CRM lead', status: 'success', duration_ms: 90 }] });
    expect(detail.input).toEqual({ event: 'contact.created', crm_api_key: '***', nested: { password: '***', kept: 1 } });
  });

  it('answers an unknown row with 404', async () => {
    const { w } = await open();
    expect(expectShapeB(await w.call('GET', `${FEED}/${UNKNOWN}`), 404).code).toBe('RESOURCE_NOT_FOUND');
  });
});
