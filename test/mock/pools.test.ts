// Pools (published pools API): list (paged, search, type, is_active), create with the published
// defaults, partial update, members list (25 a page, search, status) with `pool_uuid`, adding
// members (skipped, not found, tasks in running campaigns), duplicating. A listing's contacts are
// a pool of the collection.
import { describe, expect, it } from 'vitest';
import { AGENT_CALL_ONLY, CONTACT_EMAIL_ONLY, CONTACT_FULL, CONTACT_PHONE_ONLY, dataOf, expectShapeB, type Json } from './campaigns-world.ts';
import { createListing, open, UNKNOWN, whatsappListing } from './listing-helpers.ts';

interface Page<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
  pool_uuid?: string;
}

const members = async (w: Awaited<ReturnType<typeof open>>, pool: string, query: Record<string, string> = {}) =>
  dataOf<Page<Json>>(await w.call('GET', `/api/v1/pools/${pool}/contacts`, { query }));

describe('create, update, list', () => {
  it('creates with the published defaults, updates the fields sent, and filters the list', async () => {
    const w = await open();
    const reply = await w.call('POST', '/api/v1/pools', { json: { name: 'Recall Q4', description: 'Due a check-up' } });
    expect(reply.status, reply.text).toBe(201);
    const pool = dataOf<Json>(reply);
    expect(pool).toMatchObject({ name: 'Recall Q4', description: 'Due a check-up', type: 'FIFO', max_parallel_items: 10, max_retries: 3, is_active: true, contacts_count: 0 });
    const updated = dataOf<Json>(await w.call('PUT', `/api/v1/pools/${pool.uuid}`, { json: { type: 'Parallel', max_parallel_items: 5, is_active: false } }));
    expect(updated).toEqual({ ...pool, type: 'Parallel', max_parallel_items: 5, is_active: false });
    await w.call('POST', '/api/v1/pools', { json: { name: 'Hot leads', description: 'Autumn fair', type: 'LIFO' } });
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/pools', { query: { type: 'LIFO' } })).data.map((p) => p.name)).toEqual(['Hot leads']);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/pools', { query: { is_active: 'false' } })).data.map((p) => p.name)).toEqual(['Recall Q4']);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/pools', { query: { search: 'autumn' } })).data.map((p) => p.name)).toEqual(['Hot leads']);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/pools', { query: { per_page: '1' } }))).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
  });

  it('refuses bad input and unknown pools', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('POST', '/api/v1/pools', { json: { name: 'No description' } }), 422).field).toBe('description');
    expect(expectShapeB(await w.call('POST', '/api/v1/pools', { json: { name: 'P', description: 'x' } }), 422).field).toBe('name');
    expect(expectShapeB(await w.call('POST', '/api/v1/pools', { json: { name: 'Pool', description: 'x', max_parallel_items: 101 } }), 422).field).toBe('max_parallel_items');
    expectShapeB(await w.call('PUT', `/api/v1/pools/${UNKNOWN}`, { json: { name: 'Nobody' } }), 404);
    expectShapeB(await w.call('GET', `/api/v1/pools/${UNKNOWN}/contacts`), 404);
    expectShapeB(await w.call('POST', `/api/v1/pools/${UNKNOWN}/duplicate`, { json: {} }), 404);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/pools')).total).toBe(0);
  });
});

describe('members', () => {
  it('adds contacts once, reports unknown ones, and lists them 25 a page with pool_uuid', async () => {
    const w = await open();
    const pool = dataOf<Json>(await w.call('POST', '/api/v1/pools', { json: { name: 'Recall Q4', description: 'x' } }));
    const added = await w.call('POST', `/api/v1/pools/${pool.uuid}/contacts`, { json: { contact_uuids: [CONTACT_FULL, CONTACT_FULL.toUpperCase(), CONTACT_PHONE_ONLY, UNKNOWN], priority: 5 } });
    expect((added.body as Json).message).toBe('2 contact(s) added to pool, 0 task(s) created across 0 running campaign(s).');
    expect(dataOf(added)).toEqual({ pool_uuid: pool.uuid, contacts_added: 2, contacts_skipped: 0, contact_uuids_not_found: [UNKNOWN], tasks_created: 0, running_campaign_uuids: [] });
    const again = dataOf<Json>(await w.call('POST', `/api/v1/pools/${pool.uuid}/contacts`, { json: { contact_uuids: [CONTACT_FULL, CONTACT_EMAIL_ONLY] } }));
    expect(again).toMatchObject({ contacts_added: 1, contacts_skipped: 1 });
    const page = await members(w, pool.uuid as string);
    expect(page).toMatchObject({ pool_uuid: pool.uuid, per_page: 25, total: 3 });
    expect(page.data[0]).toEqual({
      contact_uuid: CONTACT_FULL,
      name: 'Jonas Becker',
      phone_number: '+4915112345601',
      email: 'jonas.becker@example.de',
      status: 'Pending',
      priority: 5,
      retry_count: 0,
      started_at: null,
      completed_at: null,
      failed_at: null,
      next_retry_at: null,
      notes: null,
      added_at: '2026-03-14T10:30:00+01:00',
    });
    expect((await members(w, pool.uuid as string, { search: 'felix' })).data.map((m) => m.contact_uuid)).toEqual([CONTACT_EMAIL_ONLY]);
    expect((await members(w, pool.uuid as string, { status: 'Completed' })).total).toBe(0);
    expect(dataOf<Json>(await w.call('GET', '/api/v1/pools')).data).toEqual([expect.objectContaining({ uuid: pool.uuid, contacts_count: 3 })]);
    expect(expectShapeB(await w.call('POST', `/api/v1/pools/${pool.uuid}/contacts`, { json: { contact_uuids: [] } }), 422).field).toBe('contact_uuids');
  });

  it("shows a listing's contacts as a pool whose members follow their tasks, and adding to it makes work", async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ contacts: [{ phone_number: '+4915112345601' }, { phone_number: '+4915112345602' }] }));
    const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`));
    const [poolUuid] = campaign.pool_uuids as string[];
    expect(campaign.rule_uuid).toBe(listing.rule.uuid);
    expect((await members(w, poolUuid as string)).data.map((m) => m.status)).toEqual(['Scheduled', 'Scheduled']);
    await w.advance(2_500);
    expect((await members(w, poolUuid as string)).data.map((m) => m.status)).toEqual(['Processing', 'Scheduled']);
    await w.advance(10_000);
    const done = (await members(w, poolUuid as string)).data;
    expect(done.map((m) => m.status)).toEqual(['Completed', 'Completed']);
    expect(done[0]).toMatchObject({ started_at: '2026-03-14T10:30:02+01:00', completed_at: '2026-03-14T10:30:04+01:00' });
    // The listing campaign has finished: a member added now gets no task.
    const late = dataOf<Json>(await w.call('POST', `/api/v1/pools/${poolUuid}/contacts`, { json: { contact_uuids: [CONTACT_EMAIL_ONLY] } }));
    expect(late).toMatchObject({ contacts_added: 1, tasks_created: 0, running_campaign_uuids: [] });
    expect(dataOf<Json>(await w.call('GET', `/api/v1/listings/${listing.uuid}`)).counts).toMatchObject({ contacts: 3 });
  });

  it('adding to the pool of a running listing, or attaching a pool to it, queues a task per new contact', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ contacts: [{ phone_number: '+4915112345601' }] }));
    const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`));
    const poolUuid = (campaign.pool_uuids as string[])[0];
    const total = async () => (dataOf<Json>(await w.call('GET', `/api/v1/listings/${listing.uuid}/report`)).tasks as Json).total;
    expect(await total()).toBe(1);
    const joined = dataOf<Json>(await w.call('POST', `/api/v1/pools/${poolUuid}/contacts`, { json: { contact_uuids: [CONTACT_PHONE_ONLY, UNKNOWN] } }));
    expect(joined).toEqual({ pool_uuid: poolUuid, contacts_added: 1, contacts_skipped: 0, contact_uuids_not_found: [UNKNOWN], tasks_created: 1, running_campaign_uuids: [listing.campaign_uuid] });
    expect(await total()).toBe(2);
    const other = dataOf<Json>(await w.call('POST', '/api/v1/pools', { json: { name: 'Extra', description: 'x' } }));
    await w.call('POST', `/api/v1/pools/${other.uuid}/contacts`, { json: { contact_uuids: [CONTACT_FULL, CONTACT_EMAIL_ONLY] } });
    const attach = dataOf<Json>(await w.call('POST', `/api/v1/campaigns/${listing.campaign_uuid}/pools`, { json: { pool_uuids: [other.uuid, poolUuid, UNKNOWN] } }));
    // Jonas already has a task in this campaign; Felix gets one.
    expect(attach).toEqual({ campaign_uuid: listing.campaign_uuid, pool_uuids: [poolUuid, other.uuid], pools_attached: 1, pools_skipped: 1, pool_uuids_not_found: [UNKNOWN], tasks_created: 1 });
    expect(await total()).toBe(3);
  });
});

describe('a campaign without a listing', () => {
  it('gives each contact joining it while In Process a task of GET /tasks, due at once; a Draft one none', async () => {
    const w = await open();
    const campaign = dataOf<Json>(await w.call('POST', '/api/v1/campaigns', { json: { name: 'Recall calls', campaign_type: 'call', agent_uuid: AGENT_CALL_ONLY, status: 'In Process' } }));
    const draft = dataOf<Json>(await w.call('POST', '/api/v1/campaigns', { json: { name: 'Later', campaign_type: 'call', agent_uuid: AGENT_CALL_ONLY } }));
    const pool = dataOf<Json>(await w.call('POST', '/api/v1/pools', { json: { name: 'Recall Q4', description: 'x' } }));
    await w.call('POST', `/api/v1/pools/${pool.uuid}/contacts`, { json: { contact_uuids: [CONTACT_FULL] } });
    const attach = dataOf<Json>(await w.call('POST', `/api/v1/campaigns/${campaign.uuid}/pools`, { json: { pool_uuids: [pool.uuid] } }));
    expect(attach).toMatchObject({ pools_attached: 1, tasks_created: 1 });
    const joined = dataOf<Json>(await w.call('POST', `/api/v1/pools/${pool.uuid}/contacts`, { json: { contact_uuids: [CONTACT_PHONE_ONLY] } }));
    expect(joined).toMatchObject({ contacts_added: 1, tasks_created: 1, running_campaign_uuids: [campaign.uuid] });
    expect(dataOf<Json>(await w.call('POST', `/api/v1/campaigns/${draft.uuid}/pools`, { json: { pool_uuids: [pool.uuid] } }))).toMatchObject({ tasks_created: 0 });
    const tasks = dataOf<Page<Json>>(await w.call('GET', '/api/v1/tasks', { query: { campaign_uuid: String(campaign.uuid) } })).data;
    expect(tasks.map((t) => t.contact_uuid).sort()).toEqual([CONTACT_FULL, CONTACT_PHONE_ONLY].sort());
    expect(tasks.every((t) => t.type === 'make_call' && t.agent_uuid === AGENT_CALL_ONLY)).toBe(true);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/tasks', { query: { campaign_uuid: String(draft.uuid) } })).total).toBe(0);
  });
});

describe('duplicate', () => {
  it('copies the settings and, by default, the members as Pending with their priority', async () => {
    const w = await open();
    const pool = dataOf<Json>(await w.call('POST', '/api/v1/pools', { json: { name: 'Recall Q4', description: 'x', type: 'LIFO', max_retries: 1 } }));
    await w.call('POST', `/api/v1/pools/${pool.uuid}/contacts`, { json: { contact_uuids: [CONTACT_FULL, CONTACT_PHONE_ONLY], priority: 7 } });
    const reply = await w.call('POST', `/api/v1/pools/${pool.uuid}/duplicate`, { json: {} });
    expect(reply.status, reply.text).toBe(200);
    const copy = dataOf<Json>(reply);
    expect(copy).toMatchObject({ name: 'Recall Q4 (copy)', type: 'LIFO', max_retries: 1, contacts_count: 2, contacts_copied: 2 });
    expect(copy.uuid).not.toBe(pool.uuid);
    expect((await members(w, copy.uuid as string)).data.map((m) => [m.status, m.priority])).toEqual([
      ['Pending', 7],
      ['Pending', 7],
    ]);
    const empty = dataOf<Json>(await w.call('POST', `/api/v1/pools/${pool.uuid}/duplicate`, { json: { name: 'Empty copy', copy_contacts: false } }));
    expect(empty).toMatchObject({ name: 'Empty copy', contacts_count: 0, contacts_copied: 0 });
    expect((await members(w, pool.uuid as string)).total).toBe(2);
  });
});
