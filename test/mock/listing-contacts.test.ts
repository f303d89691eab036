// Adding contacts to a listing and removing one (published API, "Listings": POST
// /api/v1/listings/{uuid}/contacts adds contacts, DELETE /api/v1/listings/{uuid}/contacts/{contact_uuid}
// removes one; as with the listing delete, seed "Other statuses": a pending task is cancelled and the
// contact is not deleted). On the frozen mock clock: import 2 s, one task a second, a WhatsApp send 2 s.
import { describe, expect, it } from 'vitest';
import { CONTACT_EMAIL_ONLY, CONTACT_FULL, CONTACT_PHONE_ONLY, dataOf, expectShapeB, type Json } from './campaigns-world.ts';
import { contacts, createListing, NEW_PHONE, open, readListing, report, UNKNOWN, whatsappListing } from './listing-helpers.ts';

const PAUL = { name: 'Paul Schulz', phone_number: '+4917698700001' };

/** A listing contact with no details beyond its name, phone number and email. */
const bare = (contact: Json): Json => ({
  surname: null,
  timezone: null,
  country_code: null,
  primary_language: null,
  preferred_contact_time: null,
  preferred_contact_channel: null,
  company: null,
  city: null,
  lead_source: null,
  notes: null,
  ...contact,
});

interface Added {
  listing_uuid: string;
  contacts: Array<Json & { uuid: string; name: string; phone_number: string | null; email: string | null }>;
  added: number;
  already_in_listing: number;
  contacts_created: number;
  tasks_queued: number;
}

describe('add contacts', () => {
  it('adds new contacts with tasks after the last one, and counts those already in the listing', async () => {
    const w = await open();
    const listing = await createListing(w);
    const reply = await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, {
      json: { contacts: [{ phone_number: '+4915112345601' }, PAUL, { email: 'jonas.becker@example.de' }] },
    });
    const added = dataOf<Added>(reply);
    const paul = (await contacts(w)).find((c) => c.phone === PAUL.phone_number);
    expect(added).toEqual({
      listing_uuid: listing.uuid,
      contacts: [bare({ uuid: paul?.uuid, name: 'Paul Schulz', phone_number: '+4917698700001', email: null })],
      added: 1,
      already_in_listing: 1,
      contacts_created: 1,
      tasks_queued: 1,
    });
    expect((await readListing(w, listing)).counts).toEqual({ contacts: 5, contacts_created: 2 });
    // The four first tasks start at +2, +3, +4 and +5 s; the new one after them, at +6 s.
    await w.advance(5_500);
    expect((await report(w, listing)).tasks).toEqual({ total: 5, pending: 1, in_progress: 1, completed: 2, failed: 1, cancelled: 0 });
    await w.advance(1_000);
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 0, in_progress: 2 });
    await w.advance(2_000);
    expect(await report(w, listing)).toMatchObject({ status: 'Completed', contacts: 5, tasks: { total: 5, completed: 4, failed: 1 } });
  });

  it('takes contacts into a completed listing without queueing tasks for them', async () => {
    const w = await open();
    const listing = await createListing(w);
    await w.advance(10_000);
    const added = dataOf<Added>(await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [PAUL] } }));
    expect(added).toMatchObject({ added: 1, contacts_created: 1, tasks_queued: 0 });
    expect(await report(w, listing)).toMatchObject({ status: 'Completed', contacts: 5, tasks: { total: 4, pending: 0 } });
  });

  it('refuses bad entries with 422 naming the field, and creates nothing; an unknown listing is 404', async () => {
    const w = await open();
    const listing = await createListing(w);
    const bad = await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [PAUL, { phone_number: 'call me' }] } });
    expect(expectShapeB(bad, 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'contacts[1].phone_number' });
    expect(expectShapeB(await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [] } }), 422).code).toBe('VALIDATION_ERROR');
    expect(await contacts(w)).toHaveLength(4);
    expect(expectShapeB(await w.call('POST', `/api/v1/listings/${UNKNOWN}/contacts`, { json: { contacts: [PAUL] } }), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(await contacts(w)).toHaveLength(4);
  });
});

describe('remove a contact', () => {
  it('cancels its pending task, lets a started one run, and keeps the contact', async () => {
    const w = await open();
    const listing = await createListing(w);
    await w.advance(2_500); // Jonas Becker's task runs; the other three are pending
    const removed = (contact: string) => w.call('DELETE', `/api/v1/listings/${listing.uuid}/contacts/${contact}`);
    expect(dataOf(await removed(CONTACT_PHONE_ONLY))).toEqual({ listing_uuid: listing.uuid, contact_uuid: CONTACT_PHONE_ONLY, cancelled_tasks: 1, contact_deleted: false });
    expect(dataOf<Json>(await removed(CONTACT_FULL)).cancelled_tasks).toBe(0);
    expect((await readListing(w, listing)).counts).toEqual({ contacts: 2, contacts_created: 1 });
    expect(await report(w, listing)).toMatchObject({ contacts: 2, tasks: { total: 4, pending: 2, in_progress: 1, cancelled: 1 } });
    expect((await contacts(w)).map((c) => c.uuid)).toEqual(expect.arrayContaining([CONTACT_PHONE_ONLY, CONTACT_FULL]));

    await w.advance(60_000);
    expect(await report(w, listing)).toMatchObject({ status: 'Completed', tasks: { total: 4, completed: 2, failed: 1, cancelled: 1 } });
  });

  it('gives 404 for a contact not in the listing, a second removal and an unknown listing; 422 for a malformed uuid', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ contacts: [{ phone_number: NEW_PHONE }, { email: 'felix.wagner@example.de' }] }));
    const remove = (listingUuid: string, contact: string) => w.call('DELETE', `/api/v1/listings/${listingUuid}/contacts/${contact}`);
    expect(expectShapeB(await remove(listing.uuid, CONTACT_FULL), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect((await remove(listing.uuid, CONTACT_EMAIL_ONLY)).status).toBe(200);
    expectShapeB(await remove(listing.uuid, CONTACT_EMAIL_ONLY), 404);
    expectShapeB(await remove(UNKNOWN, CONTACT_EMAIL_ONLY), 404);
    expect(expectShapeB(await remove(listing.uuid, 'not-a-uuid'), 422)).toMatchObject({ code: 'INVALID_UUID', field: 'contact_uuid' });
    expect((await readListing(w, listing)).counts.contacts).toBe(1);
  });

  it('queues a task again for a contact added back while the listing runs', async () => {
    const w = await open();
    const listing = await createListing(w);
    expect((await w.call('DELETE', `/api/v1/listings/${listing.uuid}/contacts/${CONTACT_PHONE_ONLY}`)).status).toBe(200);
    const back = dataOf<Added>(await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [{ phone_number: '+4915112345602' }] } }));
    expect(back).toMatchObject({ added: 1, already_in_listing: 0, contacts_created: 0, tasks_queued: 1 });
    expect(await report(w, listing)).toMatchObject({ contacts: 4, tasks: { total: 5, pending: 4, cancelled: 1 } });
  });
});
