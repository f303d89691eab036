// Listings over real HTTP (seed: "A listing is a campaign for a list of any number of contacts, with
// its own pace and report"; "Deleting a listing removes the listing campaign, detaches its pool and
// rule, and cancels pending campaign tasks. Contacts are not deleted."; behaviour 2: a campaign
// update does not rebuild tasks already scheduled). Tasks run on the frozen mock clock: the import
// takes 2 s, then one task starts per pace interval and a WhatsApp send works for 2 s.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_CALL_ONLY,
  AGENT_WHATSAPP,
  CONTACT_EMAIL_ONLY,
  CONTACT_FULL,
  CONTACT_PHONE_ONLY,
  dataOf,
  expectShapeA,
  expectShapeB,
  type Json,
  openWorld,
  settingRecord,
  type World,
  workspace,
} from './campaigns-world.ts';

const ACTIVE_SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01';
const INACTIVE_SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e02';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const NEW_PHONE = '+4917600000001';

interface Listing {
  uuid: string;
  campaign_uuid: string;
  status: string;
  pace: { per_minute: number };
  counts: { contacts: number; contacts_created: number };
  rules: Json;
  name: string;
}

interface Report {
  status: string;
  contacts: number;
  tasks: { total: number; pending: number; in_progress: number; completed: number; failed: number; cancelled: number };
  generated_at: string;
}

interface LogItem {
  uuid: string;
  type: string;
  status: string;
  name: string;
  description: string;
  created_at: string;
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(workspace({ template_settings: [settingRecord(ACTIVE_SETTING, 'active'), settingRecord(INACTIVE_SETTING, 'inactive')] }));
  return world;
}

const whatsappListing = (extra: Json = {}): Json => ({
  name: 'Spring offer, Berlin stores',
  campaign_type: 'text',
  agent_uuid: AGENT_WHATSAPP,
  contact_template_setting_uuid: ACTIVE_SETTING,
  // Four distinct contacts: a repeat uuid and a known phone number without `+` count once.
  contacts: [CONTACT_FULL, CONTACT_PHONE_ONLY, CONTACT_EMAIL_ONLY, NEW_PHONE, CONTACT_FULL, '4915112345602'],
  pace: { per_minute: 60 },
  rules: { region: 'berlin' },
  ...extra,
});

async function createListing(w: World, body: Json = whatsappListing()): Promise<Listing> {
  const reply = await w.call('POST', '/api/v1/listings', { json: body });
  expect(reply.status, reply.text).toBe(201);
  return dataOf<Listing>(reply);
}

async function report(w: World, listing: Listing): Promise<Report> {
  return dataOf<Report>(await w.call('GET', `/api/v1/listings/${listing.uuid}/report`));
}

async function taskRows(w: World): Promise<LogItem[]> {
  return dataOf<{ items: LogItem[] }>(await w.call('GET', '/api/v1/logs/actions', { query: { type: 'task', per_page: '100' } })).items;
}

async function contactCount(w: World): Promise<number> {
  return ((await w.snapshotState()).contacts as unknown[]).length;
}

describe('create', () => {
  it('creates the listing and its campaign, with pace, rules and distinct contact counts', async () => {
    const w = await open();
    const listing = await createListing(w);
    expect(listing).toMatchObject({
      name: 'Spring offer, Berlin stores',
      campaign_type: 'text',
      agent_uuid: AGENT_WHATSAPP,
      contact_template_setting_uuid: ACTIVE_SETTING,
      status: 'Importing',
      pace: { per_minute: 60 },
      rules: { region: 'berlin' },
      counts: { contacts: 4, contacts_created: 1 },
      created_at: '2026-03-14T10:30:00+01:00',
    });
    const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`));
    expect(campaign).toMatchObject({ uuid: listing.campaign_uuid, name: listing.name, status: 'Importing', campaign_type: 'text' });
    expect(await contactCount(w)).toBe(4);
    expect(dataOf<Listing>(await w.call('GET', `/api/v1/listings/${listing.uuid}`))).toEqual(listing);
  });

  it('defaults the pace to 10 per minute', async () => {
    const w = await open();
    const { pace: _pace, ...body } = whatsappListing();
    expect((await createListing(w, body)).pace).toEqual({ per_minute: 10 });
  });

  it('takes any number of contacts in one request', async () => {
    const w = await open();
    const phones = Array.from({ length: 5_000 }, (_, i) => `+49170${String(i).padStart(7, '0')}`);
    const listing = await createListing(w, whatsappListing({ contacts: phones }));
    expect(listing.counts).toEqual({ contacts: 5_000, contacts_created: 5_000 });
    expect((await report(w, listing)).tasks).toMatchObject({ total: 5_000, pending: 5_000 });
  });

  it('refuses bad input with 422 naming the field, and creates nothing', async () => {
    const w = await open();
    const cases: Array<[Json, string]> = [
      [whatsappListing({ contact_template_setting_uuid: undefined }), 'contact_template_setting_uuid'],
      [whatsappListing({ contact_template_setting_uuid: INACTIVE_SETTING }), 'contact_template_setting_uuid'],
      [whatsappListing({ contact_template_setting_uuid: UNKNOWN }), 'contact_template_setting_uuid'],
      [whatsappListing({ contacts: [NEW_PHONE, CONTACT_FULL, UNKNOWN] }), 'contacts[2]'],
      [whatsappListing({ agent_uuid: UNKNOWN }), 'agent_uuid'],
      [whatsappListing({ agent_uuid: AGENT_CALL_ONLY }), 'agent_uuid'],
      [whatsappListing({ campaign_type: 'fax' }), 'campaign_type'],
      [whatsappListing({ pace: { per_minute: 0 } }), 'pace.per_minute'],
    ];
    for (const [body, field] of cases) {
      const error = expectShapeB(await w.call('POST', '/api/v1/listings', { json: body }), 422);
      expect(error.field, JSON.stringify(body)).toBe(field);
    }
    expect(expectShapeB(await w.call('POST', '/api/v1/listings', { json: whatsappListing({ contacts: [] }) }), 422).code).toBe('VALIDATION_ERROR');
    const state = await w.snapshotState();
    expect(state.contacts as unknown[]).toHaveLength(3);
    expect(state.listings).toEqual([]);
    expect(state.campaigns).toEqual([]);
  });
});

describe('progress on the mock clock', () => {
  it('imports, runs the tasks at the pace, fails a contact without a phone, then completes', async () => {
    const w = await open();
    const listing = await createListing(w);
    expect(await report(w, listing)).toMatchObject({ status: 'Importing', contacts: 4, tasks: { total: 4, pending: 4, in_progress: 0, completed: 0, failed: 0, cancelled: 0 } });
    await w.advance(2_500); // import done at +2 s; the first task started at +2 s
    expect(await report(w, listing)).toMatchObject({ status: 'Active', tasks: { pending: 3, in_progress: 1, completed: 0 } });
    await w.advance(2_000); // +4.5 s: first done, second running, the e-mail-only contact failed, last pending
    expect(await report(w, listing)).toMatchObject({ status: 'Active', tasks: { pending: 1, in_progress: 1, completed: 1, failed: 1, cancelled: 0 } });
    await w.advance(2_500); // +7 s: the last task (started +5 s) ended
    const done = await report(w, listing);
    expect(done).toMatchObject({ status: 'Completed', tasks: { total: 4, pending: 0, in_progress: 0, completed: 3, failed: 1, cancelled: 0 } });
    expect(done.generated_at).toBe('2026-03-14T10:30:07+01:00');
    expect(dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`))).toMatchObject({ status: 'Completed', updated_at: '2026-03-14T10:30:07+01:00' });
  });

  it('applies a new pace to tasks not yet started, and refuses it once completed', async () => {
    const w = await open();
    const listing = await createListing(w);
    await w.advance(2_500);
    const updated = dataOf<Listing>(await w.call('PUT', `/api/v1/listings/${listing.uuid}/pace`, { json: { per_minute: 6 } }));
    expect(updated.pace).toEqual({ per_minute: 6 });
    // At 60/min the second task would have started at +3 s; at 6/min it starts 10 s after the first (+12 s).
    await w.advance(8_500); // +11 s
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 3, completed: 1 });
    await w.advance(1_500); // +12.5 s
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 2, in_progress: 1, completed: 1 });
    await w.advance(60_000);
    expect((await report(w, listing)).status).toBe('Completed');
    expect(expectShapeB(await w.call('PUT', `/api/v1/listings/${listing.uuid}/pace`, { json: { per_minute: 30 } }), 409).code).toBe('CONFLICT');
  });

  it('keeps scheduled tasks when the listing campaign is updated', async () => {
    const w = await open();
    const listing = await createListing(w);
    await w.advance(2_500);
    const before = await taskRows(w);
    const details = async () =>
      Promise.all(before.map(async (row) => dataOf<Json>(await w.call('GET', `/api/v1/logs/actions/${row.uuid}`))));
    const detailsBefore = await details();
    const campaign = dataOf<Json>(
      await w.call('PUT', `/api/v1/campaigns/${listing.campaign_uuid}`, { json: { name: 'Spring offer, renamed', rules: { region: 'hamburg' }, description: 'changed' } }),
    );
    expect(campaign).toMatchObject({ name: 'Spring offer, renamed', status: 'Active' });
    expect(await taskRows(w)).toEqual(before);
    expect(await details()).toEqual(detailsBefore);
    expect(dataOf<Listing>(await w.call('GET', `/api/v1/listings/${listing.uuid}`))).toMatchObject({ name: 'Spring offer, renamed', rules: { region: 'hamburg' } });
    await w.advance(2_000);
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 1, in_progress: 1, completed: 1, failed: 1 });
  });

  it('blocks deleting its template setting while importing or active, not once completed', async () => {
    const w = await open();
    await createListing(w);
    const del = () => w.call('DELETE', `/api/v1/whatsapp/template-settings/${ACTIVE_SETTING}`);
    expect((await del()).status).toBe(409); // Importing
    await w.advance(2_500);
    expect((await del()).status).toBe(409); // Active
    await w.advance(10_000);
    expect((await del()).status).toBe(200); // Completed
  });
});

describe('delete', () => {
  it('cancels pending tasks, removes the campaign, detaches pool and rule, and keeps contacts', async () => {
    const w = await open();
    const listing = await createListing(w);
    await w.advance(4_500); // one completed, one running, one failed, one pending
    const reply = await w.call('DELETE', `/api/v1/listings/${listing.uuid}`);
    expect(dataOf(reply)).toEqual({ uuid: listing.uuid, campaign_uuid: listing.campaign_uuid, cancelled_tasks: 1, contacts_deleted: 0 });

    expect(expectShapeB(await w.call('GET', `/api/v1/listings/${listing.uuid}`), 404).code).toBe('RESOURCE_NOT_FOUND');
    expectShapeB(await w.call('GET', `/api/v1/listings/${listing.uuid}/report`), 404);
    expectShapeB(await w.call('PUT', `/api/v1/listings/${listing.uuid}/pace`, { json: { per_minute: 5 } }), 404);
    expectShapeB(await w.call('DELETE', `/api/v1/listings/${listing.uuid}`), 404);
    expect(expectShapeA(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`), 404)).toBe('Campaign not found');

    const state = await w.snapshotState();
    expect(state.listings).toEqual([]);
    expect(state.campaigns).toEqual([]);
    expect(state.campaign_details).toEqual([]);
    const phones = (state.contacts as Array<{ phone: string | null }>).map((c) => c.phone);
    expect(phones).toHaveLength(4);
    expect(phones).toContain(NEW_PHONE);

    // The running task finishes; the cancelled one never starts.
    await w.advance(60_000);
    const statuses = (await taskRows(w)).map((r) => r.status).sort();
    expect(statuses).toEqual(['cancelled', 'completed', 'completed', 'failed']);
  });

  it('cancels every task of a listing deleted while importing', async () => {
    const w = await open();
    const listing = await createListing(w);
    expect(dataOf<Json>(await w.call('DELETE', `/api/v1/listings/${listing.uuid}`)).cancelled_tasks).toBe(4);
    await w.advance(60_000);
    expect((await taskRows(w)).map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });
});

describe('tasks in the action log', () => {
  it('shows one task row per contact, with the listing in its description', async () => {
    const w = await open();
    await createListing(w);
    const rows = await taskRows(w);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({ type: 'task', status: 'pending', name: 'WhatsApp template message send', created_at: '2026-03-14T10:30:00+01:00' });
      expect(row.description).toContain('Listing Spring offer, Berlin stores');
    }
    const forContact = dataOf<{ items: LogItem[] }>(await w.call('GET', '/api/v1/logs/actions', { query: { contact: CONTACT_PHONE_ONLY } })).items;
    expect(forContact).toHaveLength(1);
    expect(forContact[0]?.description).toContain('+4915112345602');
  });
});
