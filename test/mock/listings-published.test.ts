// The published listing requests (developer documentation, "Create a new listing with rule and
// bulk contacts"; the n8n node's create, "Send Contacts" and "Delete Contact"): the template setting
// named by an integer id, rule times as HH:MM, the full contact object kept with the listing and read
// back, a matched contact updated, `whatsapp` taken as `text`, and an empty listing that waits for
// its contacts. The clock is frozen at 2026-03-14T10:30:00+01:00 (Berlin).
import { describe, expect, it } from 'vitest';
import { AGENT_CALL_ONLY, AGENT_WHATSAPP, CONTACT_FULL, dataOf, expectShapeB, type Json } from './campaigns-world.ts';
import {
  ACTIVE_SETTING,
  ACTIVE_SETTING_ID,
  contacts,
  createListing,
  INACTIVE_SETTING,
  type Listing,
  open,
  readListing,
  report,
  whatsappListing,
} from './listing-helpers.ts';

const JOHN = {
  name: 'John',
  surname: 'Doe',
  phone_number: '+905551234567',
  email: 'john@example.com',
  timezone: 'Europe/Istanbul',
  country_code: 'TR',
  primary_language: 'tr',
  preferred_contact_time: 'morning',
  preferred_contact_channel: 'whatsapp',
  company: 'Acme Corp',
  city: 'Istanbul',
  lead_source: 'website',
  notes: 'VIP customer',
};

const callListing = (extra: Json = {}): Json => ({
  name: 'My Call List',
  campaign_type: 'call',
  agent_uuid: AGENT_CALL_ONLY,
  contacts: [JOHN],
  start_date: '2026-03-16',
  end_date: '2026-03-22',
  rule: { name: 'Default Rule', max_calls_per_day: 3, max_total_calls: 10, retry_interval_minutes: 120, start_time: '09:00', end_time: '18:00', type: 'call' },
  auto_start: true,
  ...extra,
});

describe('the template setting by integer id', () => {
  it('takes the integer id, or the uuid, and answers the integer id', async () => {
    const w = await open();
    const byId = await createListing(w, whatsappListing({ contact_template_setting_id: ACTIVE_SETTING_ID }));
    expect(byId.contact_template_setting_id).toBe(ACTIVE_SETTING_ID);
    const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${byId.campaign_uuid}`));
    expect(campaign.contact_template_setting_uuid).toBe(ACTIVE_SETTING);
    const byUuid = await createListing(w, whatsappListing({ name: 'By uuid', contact_template_setting_id: ACTIVE_SETTING }));
    expect(byUuid.contact_template_setting_id).toBe(ACTIVE_SETTING_ID);
  });

  it('derives a stable id for a setting the workspace gives none, and finds the setting by it', async () => {
    const w = await open();
    // A call listing may name any setting; the inactive one has no own id.
    const first = await createListing(w, callListing({ contact_template_setting_id: INACTIVE_SETTING }));
    const derived = first.contact_template_setting_id;
    expect(derived).toBeGreaterThan(1_000_000);
    const second = await createListing(w, callListing({ name: 'Again', contact_template_setting_id: derived }));
    expect(dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${second.campaign_uuid}`)).contact_template_setting_uuid).toBe(INACTIVE_SETTING);
  });

  it('refuses an unknown id, an inactive setting or none for a text listing, and takes null for a call listing', async () => {
    const w = await open();
    for (const id of [999, null]) {
      const error = expectShapeB(await w.call('POST', '/api/v1/listings', { json: whatsappListing({ contact_template_setting_id: id }) }), 422);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'contact_template_setting_id' });
    }
    for (const id of [0, 1.5, 'seven']) {
      expect(expectShapeB(await w.call('POST', '/api/v1/listings', { json: whatsappListing({ contact_template_setting_id: id }) }), 422).field).toBe('contact_template_setting_id');
    }
    expect((await createListing(w, callListing({ contact_template_setting_id: null }))).contact_template_setting_id).toBeNull();
  });
});

describe('the published create', () => {
  it('takes the published call listing: HH:MM times echoed as HH:MM:SS, the full contact object read back', async () => {
    const w = await open();
    const listing = await createListing(w, callListing({ description: null }));
    expect(listing).toMatchObject({
      campaign_type: 'call',
      description: null,
      start_date: '2026-03-16',
      end_date: '2026-03-22',
      auto_start: true,
      contact_template_setting_id: null,
      rule: { name: 'Default Rule', max_calls_per_day: 3, max_total_calls: 10, retry_interval_minutes: 120, start_time: '09:00:00', end_time: '18:00:00', type: 'call' },
      counts: { contacts: 1, contacts_created: 1 },
    });
    const { phone_number, email, ...rest } = JOHN;
    expect(listing.contacts).toEqual([{ uuid: expect.any(String), phone_number, email, ...rest }]);
    expect((await readListing(w, listing)).contacts).toEqual(listing.contacts);
    // The created contact takes the entry's name.
    expect((await contacts(w)).find((c) => c.phone === JOHN.phone_number)).toMatchObject({ name: 'John', email: 'john@example.com' });
  });

  it('updates a matched contact with the entry: its name, and an email it lacked', async () => {
    const w = await open();
    const before = (await contacts(w)).find((c) => c.uuid === CONTACT_FULL);
    const listing = await createListing(w, whatsappListing({ contacts: [{ phone_number: before?.phone, name: 'Jonas', surname: 'Becker', email: 'other@example.de' }] }));
    const after = (await contacts(w)).find((c) => c.uuid === CONTACT_FULL);
    // The email it has stays: contacts are matched by it. The contact holds what the entry sent.
    expect(after).toEqual({ ...before, name: 'Jonas', surname: 'Becker', updated_at: { $date: '2026-03-14T09:30:00.000Z' } });
    expect(listing.contacts[0]).toMatchObject({ uuid: CONTACT_FULL, name: 'Jonas', surname: 'Becker', email: before?.email });
  });

  it("takes the n8n node's create: campaign_type and rule type whatsapp, no contacts; it waits, then runs the contacts sent", async () => {
    const w = await open();
    const body = {
      name: 'From n8n',
      campaign_type: 'whatsapp',
      agent_uuid: AGENT_WHATSAPP,
      contact_template_setting_id: ACTIVE_SETTING_ID,
      contacts: [],
      auto_start: true,
      rule: { type: 'whatsapp', max_calls_per_day: 3, retry_interval_minutes: 120 },
    };
    const listing = await createListing(w, body);
    expect(listing).toMatchObject({ campaign_type: 'text', rule: { type: 'text' }, counts: { contacts: 0 }, contacts: [] });
    await w.advance(60_000);
    expect(await report(w, listing)).toMatchObject({ status: 'Active', contacts: 0, tasks: { total: 0 } });
    // The n8n node's "Send Contacts".
    const sent = await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, {
      json: { contacts: [{ phone_number: '+4917698700001', name: 'Paul', surname: 'Schulz', email: 'paul.schulz@example.de' }] },
    });
    expect(dataOf<Json>(sent)).toMatchObject({ added: 1, tasks_queued: 1, contacts: [{ name: 'Paul', surname: 'Schulz', email: 'paul.schulz@example.de' }] });
    const read: Listing = await readListing(w, listing);
    expect(read.contacts).toMatchObject([{ name: 'Paul', surname: 'Schulz', city: null }]);
    // Saturday 10:31: inside the default window (09:00 to 18:00).
    await w.advance(5_000);
    expect((await report(w, listing)).tasks).toMatchObject({ total: 1, completed: 1 });
  });

  it('does not start on its own unless auto_start is true', async () => {
    const w = await open();
    const { auto_start: _auto, ...body } = whatsappListing();
    const listing = await createListing(w, body);
    expect(listing.auto_start).toBe(false);
    await w.advance(10_000);
    expect(await report(w, listing)).toMatchObject({ status: 'Draft', tasks: { total: 0 } });
  });

  it('keeps the details a later request gives for a contact already in the listing', async () => {
    const w = await open();
    const listing = await createListing(w);
    const added = dataOf<Json>(
      await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [{ phone_number: '+4915112345601', city: 'Hamburg', notes: 'Moved' }] } }),
    );
    expect(added).toMatchObject({ added: 0, already_in_listing: 1 });
    expect((await readListing(w, listing)).contacts.find((c) => c.uuid === CONTACT_FULL)).toMatchObject({ city: 'Hamburg', notes: 'Moved', surname: null });
  });
});

describe('a text listing without a setting', () => {
  it('waits in Draft when it does not start at once, and publishes only once its campaign has an active setting', async () => {
    const w = await open();
    // The n8n node's WhatsApp create: no template setting, auto_start left out.
    const listing = await createListing(w, { name: 'n8n WhatsApp list', campaign_type: 'whatsapp', agent_uuid: AGENT_WHATSAPP, contacts: [{ phone_number: '+4917698700001' }] });
    expect(listing).toMatchObject({ campaign_type: 'text', contact_template_setting_id: null, auto_start: false });
    await w.advance(3_000);
    expect((await report(w, listing)).status).toBe('Draft');
    const put = (json: Json) => w.call('PUT', `/api/v1/campaigns/${listing.campaign_uuid}`, { json });
    expect((await put({ status: 'Active' })).status).toBe(422);
    expect((await put({ status: 'Active', contact_template_setting_uuid: ACTIVE_SETTING })).status).toBe(200);
    expect(await report(w, listing)).toMatchObject({ status: 'Active', tasks: { total: 1 } });
    expect((await readListing(w, listing)).contact_template_setting_id).toBe(ACTIVE_SETTING_ID);
  });
});
