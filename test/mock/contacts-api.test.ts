// The contacts API over HTTP (published API, "Contacts": the paged list with its filters and
// `limit`, create, read, update, delete, tags, blacklist; custom contact fields as top-level keys,
// an unregistered key a 422 naming it; `phone_number` E.164 as seed "Errors" requires), contact
// settings and approvals (seed "What the service does" > Contacts; designed here). On the acme
// demo workspace, frozen at T0 (2026-12-01 10:30 in Berlin).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, type Reply, startHarness } from '../support/harness.ts';

type Json = Record<string, unknown>;
type Contact = Json & { uuid: string; name: string; status: string; phone_number: string | null; tags: Array<{ id: number; uuid: string; name: string }> };
type Page<T> = { current_page: number; last_page: number; per_page: number; total: number; first_page_url: string; data: T[] };

const JONAS = '325b55dd-7857-4976-ba12-917c1a26f889';
const ANNA = '9fc2d0a1-7b8f-4ab5-b451-d0135675f6ad';
const FELIX = 'd726c86b-9c3a-43cd-a67a-9b75fc394724';
const VIP = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const NEWSLETTER = 'a2b3c4d5-e6f7-4a8b-9c0d-1e2f3a4b5c6d';
const PENDING_APPROVAL = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const REJECTED_APPROVAL = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';

let h: Harness;
beforeEach(async () => {
  h = await startHarness('fetch');
});
afterEach(() => h.close());

const data = <T>(reply: Reply): T => {
  expect(reply.status, reply.text).toBeLessThan(300);
  return reply.json<{ data: T }>().data;
};
const error = (reply: Reply, status: number) => {
  expect(reply.status, reply.text).toBe(status);
  return reply.json<{ error: { code: string; field?: string } }>().error;
};
const list = (query: Record<string, string> = {}) => h.call('GET', '/api/v1/contacts', { query }).then((r) => data<Page<Contact>>(r));
const read = (uuid: string) => h.call('GET', `/api/v1/contacts/${uuid}`).then((r) => data<Contact>(r));
const create = (json: Json) => h.call('POST', '/api/v1/contacts', { json });

describe('the contact list', () => {
  it('pages the contacts newest first with the published fields, `limit` as the page size', async () => {
    const page = await list();
    expect(page).toMatchObject({ current_page: 1, per_page: 15, total: 7, last_page: 1, first_page_url: '/api/v1/contacts?page=1' });
    expect(page.data[0]).toMatchObject({ uuid: '2ba53a45-51de-44c9-ac33-da59f2bc8dc8', country_code: 'AT' });
    expect(page.data.find((c) => c.uuid === JONAS)).toEqual({
      uuid: JONAS,
      name: 'Jonas Becker',
      surname: null,
      email: 'jonas.becker@example.de',
      phone_number: '+4915112345678',
      number_type: 'mobile',
      country_code: 'DE',
      timezone: 'Europe/Berlin',
      primary_language: 'de',
      preferred_contact_channel: 'WhatsApp',
      preferred_contact_time: 'Morning',
      status: 'Active',
      stage_uuid: null,
      company: null,
      city: null,
      lead_source: null,
      notes: null,
      created_at: '2026-02-02T09:30:00+01:00',
      updated_at: '2026-02-02T09:30:00+01:00',
      tags: [{ id: 1, uuid: VIP, name: 'VIP' }],
      order_number: 'ORD-1001',
    });
    const one = await list({ limit: '1' });
    expect(one).toMatchObject({ per_page: 1, total: 7, last_page: 7 });
    expect(one.data).toHaveLength(1);
    expect((await list({ limit: '1', per_page: '3' })).per_page).toBe(3);
  });

  it('counts total and last_page over the contacts the filters keep', async () => {
    const tagged = await list({ tag_uuid: NEWSLETTER, per_page: '1' });
    expect(tagged).toMatchObject({ total: 2, last_page: 2, first_page_url: `/api/v1/contacts?per_page=1&tag_uuid=${NEWSLETTER}&page=1` });
    const second = await list({ tag_uuid: NEWSLETTER, per_page: '1', page: '2' });
    expect([tagged.data[0]?.uuid, second.data[0]?.uuid].sort()).toEqual([ANNA, '94242342-2ac0-4419-b390-53ab4a861e8d'].sort());
    expect((await list({ status: 'Inactive' })).data.map((c) => c.uuid)).toEqual([FELIX]);
    expect((await list({ contact_channel: 'WhatsApp' })).total).toBe(2);
    expect((await list({ search: 'müller' })).data.map((c) => c.uuid)).toEqual([ANNA]);
    expect((await list({ search: '4917698765' })).data.map((c) => c.uuid)).toEqual([ANNA]);
    expect((await list({ search: '+49 176 98765' })).data.map((c) => c.uuid)).toEqual([ANNA]);
    // Text that happens to hold digits is not read as a phone number: "Müller 17" finds no one.
    expect((await list({ search: 'Müller 17' })).total).toBe(0);
    const none = await list({ campaign_uuid: UNKNOWN, per_page: '5' });
    expect(none).toMatchObject({ total: 0, last_page: 1, data: [] });
    expect((await list({ pool_uuid: UNKNOWN })).total).toBe(0);
    expect(error(await h.call('GET', '/api/v1/contacts', { query: { status: 'Blacklisted' } }), 422).field).toBe('status');
  });
});

describe('create, read, update and delete', () => {
  it('creates a contact from the published body and reads it back', async () => {
    const body = { name: 'John', surname: 'Doe', email: 'john.doe@example.com', phone_number: '+12345678901', number_type: 'mobile', country_code: 'US', timezone: 'America/New_York', primary_language: 'en', preferred_contact_channel: 'email', preferred_contact_time: 'Morning', status: 'Active' };
    const res = await create(body);
    expect(res.status, res.text).toBe(201);
    expect(res.json<Json>().message).toBe('Contact created successfully');
    const { phone_number, ...rest } = body;
    const created = res.json<{ data: Contact }>().data;
    expect(created).toMatchObject({ ...rest, phone_number, tags: [], order_number: '', created_at: '2026-12-01T10:30:00+01:00' });
    expect(await read(created.uuid)).toEqual(created);
    expect((await list()).total).toBe(8);
  });

  it('takes registered custom fields as top-level keys, refuses an unregistered one naming it, and stores nothing then', async () => {
    const created = data<Contact>(await create({ phone_number: '+4917612345678', order_number: 'ORD-2041' }));
    expect(created).toMatchObject({ name: '+4917612345678', order_number: 'ORD-2041', status: 'Active' });
    expect((await read(created.uuid)).order_number).toBe('ORD-2041');
    expect(error(await create({ phone_number: '+4917612345679', shoe_size: '42' }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'shoe_size' });
    expect(error(await h.call('PUT', `/api/v1/contacts/${JONAS}`, { json: { name: 'X', favourite_colour: 'blue' } }), 422).field).toBe('favourite_colour');
    expect((await read(JONAS)).name).toBe('Jonas Becker');
    expect((await list()).total).toBe(8);
  });

  it('requires an E.164 phone number held by no other contact', async () => {
    for (const phone of ['4917612345678', '+49 176 1234', '+49-176-12345']) {
      expect(error(await create({ phone_number: phone }), 422), phone).toMatchObject({ code: 'INVALID_FORMAT', field: 'phone_number' });
    }
    expect(error(await create({ name: 'No phone' }), 422).field).toBe('phone_number');
    expect(error(await create({ phone_number: '+4915112345678' }), 409).code).toBe('CONFLICT');
    expect(error(await h.call('PUT', `/api/v1/contacts/${ANNA}`, { json: { phone_number: '+4915112345678' } }), 409).code).toBe('CONFLICT');
    expect((await list()).total).toBe(7);
  });

  it('updates only the fields sent; null or an empty string clears a custom field; tags replace', async () => {
    const res = await h.call('PUT', `/api/v1/contacts/${JONAS}`, { json: { surname: 'Becker', status: 'Inactive', tags: [NEWSLETTER] } });
    expect(res.json<Json>().message).toBe('Contact updated successfully');
    const updated = data<Contact>(res);
    expect(updated).toMatchObject({ name: 'Jonas Becker', surname: 'Becker', status: 'Inactive', email: 'jonas.becker@example.de', order_number: 'ORD-1001', updated_at: '2026-12-01T10:30:00+01:00' });
    expect(updated.tags.map((t) => t.name)).toEqual(['Newsletter']);
    expect((await read(JONAS)).surname).toBe('Becker');
    for (const cleared of [null, '']) {
      await h.call('PUT', `/api/v1/contacts/${JONAS}`, { json: { order_number: 'X' } });
      expect(data<Contact>(await h.call('PUT', `/api/v1/contacts/${JONAS}`, { json: { order_number: cleared } })).order_number).toBe('');
    }
    expect(error(await h.call('PUT', `/api/v1/contacts/${JONAS}`, { json: { tags: [UNKNOWN] } }), 422).field).toBe('tags');
    expect(error(await h.call('PUT', `/api/v1/contacts/${JONAS}`, { json: {} }), 422).code).toBe('VALIDATION_ERROR');
    expect(error(await h.call('PUT', `/api/v1/contacts/${UNKNOWN}`, { json: { name: 'X' } }), 404).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('deletes a contact with its approvals; it then reads 404', async () => {
    const res = await h.call('DELETE', `/api/v1/contacts/${ANNA}`);
    expect(data<Contact>(res).uuid).toBe(ANNA);
    error(await h.call('GET', `/api/v1/contacts/${ANNA}`), 404);
    error(await h.call('DELETE', `/api/v1/contacts/${ANNA}`), 404);
    const approvals = data<Page<Json>>(await h.call('GET', '/api/v1/contacts/approvals'));
    expect(approvals.data.map((a) => a.uuid)).toEqual([REJECTED_APPROVAL]);
  });

  it('refuses a custom field key that is a contact field name (409)', async () => {
    const res = await h.call('POST', '/api/v1/contacts/fields', { json: { key: 'status', name: 'Status', type: 'text' } });
    expect(error(res, 409).code).toBe('CONFLICT');
  });
});

describe('tags', () => {
  it('attaches a tag by id, uuid or name (a new name creates the tag) and detaches it', async () => {
    const tags = async (reply: Reply) => data<Contact>(reply).tags.map((t) => t.name);
    const add = (json: Json) => h.call('POST', `/api/v1/contacts/${FELIX}/add-tag`, { json });
    expect(await tags(await add({ tag_id: 1 }))).toEqual(['VIP']);
    expect(await tags(await add({ tag_uuid: VIP }))).toEqual(['VIP']);
    expect(await tags(await add({ name: 'Key account' }))).toEqual(['VIP', 'Key account']);
    const created = data<Contact>(await h.call('GET', `/api/v1/contacts/${FELIX}`)).tags[1];
    expect(created).toMatchObject({ id: 3, name: 'Key account' });
    expect(await tags(await h.call('POST', `/api/v1/contacts/${FELIX}/remove-tag`, { json: { tag_id: 1 } }))).toEqual(['Key account']);
    expect(await tags(await h.call('POST', `/api/v1/contacts/${FELIX}/remove-tag`, { json: { tag_id: 1 } }))).toEqual(['Key account']);
    expect(error(await add({ tag_id: 99 }), 422).field).toBe('tag_id');
    expect(error(await h.call('POST', `/api/v1/contacts/${FELIX}/remove-tag`, { json: { name: 'Nobody' } }), 422).field).toBe('name');
    expect(error(await add({ tag_id: 1, name: 'Both' }), 422).code).toBe('VALIDATION_ERROR');
    error(await h.call('POST', `/api/v1/contacts/${UNKNOWN}/add-tag`, { json: { tag_id: 1 } }), 404);
    expect((await list({ tag_uuid: created?.uuid as string })).data.map((c) => c.uuid)).toEqual([FELIX]);
  });
});

describe('the blacklist', () => {
  it('blacklists a contact with the published body; it reads Blacklisted and leaves the status filter', async () => {
    const res = await h.call('POST', `/api/v1/contacts/${JONAS}/blacklist`, { json: { reason: 'Repeated abusive behavior', type: 'Both', is_permanent: true, expires_at: '2026-12-31' } });
    expect(res.json<Json>().message).toBe('Contact added to blacklist');
    expect(data(res)).toEqual({
      uuid: JONAS,
      status: 'Blacklisted',
      blacklist: { type: 'Both', reason: 'Repeated abusive behavior', is_permanent: true, expires_at: null, blacklisted_at: '2026-12-01T10:30:00+01:00' },
    });
    expect((await read(JONAS)).status).toBe('Blacklisted');
    expect((await list({ status: 'Active' })).data.map((c) => c.uuid)).not.toContain(JONAS);
  });

  it('ends a temporary entry when its date begins; the date is required and after today', async () => {
    const blacklist = (json: Json) => h.call('POST', `/api/v1/contacts/${ANNA}/blacklist`, { json });
    expect(error(await blacklist({ reason: 'Pause', is_permanent: false }), 422).field).toBe('expires_at');
    expect(error(await blacklist({ reason: 'Pause', is_permanent: false, expires_at: '2026-12-01' }), 422).field).toBe('expires_at');
    expect(error(await blacklist({ reason: 'no' }), 422).field).toBe('reason');
    const entry = data<{ blacklist: Json }>(await blacklist({ reason: 'Pause until tomorrow', is_permanent: false, expires_at: '2026-12-02' }));
    expect(entry.blacklist).toMatchObject({ type: 'Both', is_permanent: false, expires_at: '2026-12-02T00:00:00+01:00' });
    expect((await read(ANNA)).status).toBe('Blacklisted');
    expect((await h.control('POST', '/clock', { advance_ms: 14 * 3_600_000 })).status).toBe(200);
    expect((await read(ANNA)).status).toBe('Active');
  });
});

describe('contact settings', () => {
  it('lists the display toggles and sets one by key; a key no setting has is a 422 naming it', async () => {
    const settings = data<Json[]>(await h.call('GET', '/api/v1/contacts/settings'));
    expect(settings).toEqual([
      { key: 'mask_emails', name: 'Mask email addresses', enabled: false, updated_at: null },
      { key: 'mask_phone_numbers', name: 'Mask phone numbers', enabled: true, updated_at: '2026-02-10T08:00:00+01:00' },
    ]);
    const set = data<Json>(await h.call('PUT', '/api/v1/contacts/settings/mask_emails', { json: { enabled: true } }));
    expect(set).toEqual({ key: 'mask_emails', name: 'Mask email addresses', enabled: true, updated_at: '2026-12-01T10:30:00+01:00' });
    expect(data<Json[]>(await h.call('GET', '/api/v1/contacts/settings'))[0]).toEqual(set);
    expect(error(await h.call('PUT', '/api/v1/contacts/settings/mask_names', { json: { enabled: true } }), 422).field).toBe('key');
  });
});

describe('contact approvals', () => {
  it('lists approvals with filters; approving applies the suggestion once, a decided approval is 409', async () => {
    const pending = data<Page<Json>>(await h.call('GET', '/api/v1/contacts/approvals', { query: { status: 'pending' } }));
    expect(pending.data.map((a) => a.uuid)).toEqual([PENDING_APPROVAL]);
    expect(data<Page<Json>>(await h.call('GET', '/api/v1/contacts/approvals', { query: { contact_uuid: JONAS } })).total).toBe(1);
    const approved = data<Json>(await h.call('POST', `/api/v1/contacts/approvals/${PENDING_APPROVAL}/approve`));
    expect(approved).toMatchObject({ status: 'approved', decided_at: '2026-12-01T10:30:00+01:00', suggested_value: 'ORD-2087' });
    expect((await read(ANNA)).order_number).toBe('ORD-2087');
    expect(error(await h.call('POST', `/api/v1/contacts/approvals/${PENDING_APPROVAL}/approve`), 409).code).toBe('CONFLICT');
    expect(error(await h.call('POST', `/api/v1/contacts/approvals/${PENDING_APPROVAL}/reject`), 409).code).toBe('CONFLICT');
    expect(error(await h.call('POST', `/api/v1/contacts/approvals/${REJECTED_APPROVAL}/approve`), 409).code).toBe('CONFLICT');
    expect((await read(JONAS)).email).toBe('jonas.becker@example.de');
    error(await h.call('POST', `/api/v1/contacts/approvals/${UNKNOWN}/reject`), 404);
  });

  it('rejects a pending approval and leaves the contact as it is', async () => {
    const rejected = data<Json>(await h.call('POST', `/api/v1/contacts/approvals/${PENDING_APPROVAL}/reject`));
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect((await read(ANNA)).order_number).toBe('');
  });
});
