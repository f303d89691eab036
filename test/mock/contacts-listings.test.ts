// Contacts shared with listings (published API, "Listings": a listing's contact objects are matched
// to existing contacts by phone number, then email, and update them), read through the contacts
// API; a blacklisted contact gets no new task (its listing task is not queued). On the campaign
// world of the listing tests (frozen clock, an agent with a WhatsApp binding).
import { describe, expect, it } from 'vitest';
import { CONTACT_EMAIL_ONLY, CONTACT_PHONE_ONLY, dataOf, type Json, openWorld, settingRecord, workspace } from './campaigns-world.ts';
import { ACTIVE_SETTING, ACTIVE_SETTING_ID, createListing, INACTIVE_SETTING, open, report, whatsappListing } from './listing-helpers.ts';

type Contact = Json & { uuid: string; phone_number: string | null };

describe('contacts shared with listings', () => {
  it('updates the contact a listing entry matches by phone number, then by email, with what the entry sends', async () => {
    const w = await open();
    const created = dataOf<Contact>(await w.call('POST', '/api/v1/contacts', { json: { name: 'Paul', phone_number: '+4917698700001' } }));
    const before = dataOf<{ total: number }>(await w.call('GET', '/api/v1/contacts')).total;
    await createListing(
      w,
      whatsappListing({
        contacts: [
          { phone_number: '+4917698700001', name: 'Paul', surname: 'Schulz', city: 'Hamburg', timezone: 'Europe/Berlin' },
          { email: 'FELIX.wagner@example.de', surname: 'Wagner', company: 'Wagner GmbH' },
        ],
      }),
    );
    expect(dataOf<{ total: number }>(await w.call('GET', '/api/v1/contacts')).total).toBe(before);
    expect(dataOf<Contact>(await w.call('GET', `/api/v1/contacts/${created.uuid}`))).toMatchObject({ name: 'Paul', surname: 'Schulz', city: 'Hamburg', timezone: 'Europe/Berlin', phone_number: '+4917698700001' });
    expect(dataOf<Contact>(await w.call('GET', `/api/v1/contacts/${CONTACT_EMAIL_ONLY}`))).toMatchObject({ surname: 'Wagner', company: 'Wagner GmbH', email: 'felix.wagner@example.de' });
  });

  it('creates a contact for an entry that matches none, readable through the contacts API', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ contacts: [{ phone_number: '+4917600000009', name: 'Lena', surname: 'Hoffmann', lead_source: 'Fair' }] }));
    const uuid = listing.contacts[0]?.uuid as string;
    expect(dataOf<Contact>(await w.call('GET', `/api/v1/contacts/${uuid}`))).toMatchObject({ name: 'Lena', surname: 'Hoffmann', lead_source: 'Fair', status: 'Active', created_at: '2026-03-14T10:30:00+01:00' });
  });

  it('queues no task for a blacklisted contact, in a new listing and in contacts added later', async () => {
    const w = await open();
    expect((await w.call('POST', `/api/v1/contacts/${CONTACT_PHONE_ONLY}/blacklist`, { json: { reason: 'Opted out by phone' } })).status).toBe(200);
    const listing = await createListing(w);
    expect(listing.counts.contacts).toBe(4);
    expect((await report(w, listing)).tasks.total).toBe(3);
    const added = dataOf<Json>(await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [{ phone_number: '+4917698700002' }] } }));
    expect(added).toMatchObject({ added: 1, tasks_queued: 1 });
    expect((await w.call('POST', '/api/v1/contacts/' + String((added.contacts as Contact[])[0]?.uuid) + '/blacklist', { json: { reason: 'Changed their mind' } })).status).toBe(200);
    expect((await report(w, listing)).tasks.total).toBe(4);
  });

  it('queues tasks for blacklisted contacts under the fault blacklisted-contact-gets-tasks', async () => {
    const ws = workspace({ template_settings: [{ ...settingRecord(ACTIVE_SETTING, 'active'), id: ACTIVE_SETTING_ID }, settingRecord(INACTIVE_SETTING, 'inactive')] });
    const w = await openWorld(ws, 'fetch', ['blacklisted-contact-gets-tasks']);
    try {
      expect((await w.call('POST', `/api/v1/contacts/${CONTACT_PHONE_ONLY}/blacklist`, { json: { reason: 'Opted out by phone' } })).status).toBe(200);
      expect((await report(w, await createListing(w))).tasks.total).toBe(4);
    } finally {
      await w.close();
    }
  });
});
