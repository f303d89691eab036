// When a listing's tasks start (published API, "Listings": start_date, end_date, rule {...},
// auto_start, with the published rule defaults 3 a day, 10 in all, 120 minutes apart, 09:00 to
// 18:00; their meaning is the contract's, inferred): never before start_date, only inside the rule's
// daily window, in the workspace zone (Berlin here); max_calls_per_day counts attempts to one
// contact, so it never holds the listing back; a task that cannot start by end_date is cancelled
// then; with auto_start false (the default) the listing waits in Draft until its campaign is set
// Active. The clock is frozen at 2026-03-14T10:30:00+01:00.
import { describe, expect, it } from 'vitest';
import { AGENT_CALL_ONLY, dataOf, expectShapeB, type Json } from './campaigns-world.ts';
import { createListing, type Listing, open, readListing, report, whatsappListing } from './listing-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('rule', () => {
  it('starts tasks only inside the daily window, continuing the next day', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ rule: { start_time: '11:00:00', end_time: '11:00:02' } }));
    expect(listing.rule).toMatchObject({ start_time: '11:00:00', end_time: '11:00:02', max_calls_per_day: 3, type: 'text' });
    await w.advance(30 * MINUTE - 1_000); // 10:59:59
    expect(await report(w, listing)).toMatchObject({ status: 'Active', tasks: { pending: 4 } });
    await w.advance(6_000); // 11:00:05: the two first started at 11:00:00 and 11:00:01, the window closed at 11:00:02
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 2, completed: 2 });
    await w.advance(DAY - 6_000); // the next day, 10:59:59
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 2, completed: 2 });
    await w.advance(6_000); // 11:00:05
    expect(await report(w, listing)).toMatchObject({ status: 'Completed', tasks: { completed: 3, failed: 1 } });
  });

  it('starts none before start_date, and max_calls_per_day (per contact) holds none of the listing back', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ start_date: '2026-03-16', rule: { max_calls_per_day: 1, start_time: '00:00', end_time: '23:59' } }));
    expect(listing).toMatchObject({ start_date: '2026-03-16', end_date: null, rule: { max_calls_per_day: 1 } });
    expect(dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`)).start_date).toBe('2026-03-16');
    await w.advance(DAY); // 2026-03-15 10:30
    expect(await report(w, listing)).toMatchObject({ status: 'Active', tasks: { pending: 4 } });
    await w.advance(13 * HOUR + 30 * MINUTE + 10_000); // 2026-03-16 00:00:10: all four started from midnight, one a second
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 0, in_progress: 0, completed: 3, failed: 1 });
  });

  it('applies the published rule defaults when no rule is sent: the window opens at 09:00', async () => {
    const w = await open();
    const { rule: _rule, ...body } = whatsappListing({ start_date: '2026-03-15' });
    const listing = await createListing(w, body);
    expect(listing.rule).toMatchObject({
      name: listing.name,
      max_calls_per_day: 3,
      max_total_calls: 10,
      retry_interval_minutes: 120,
      start_time: '09:00:00',
      end_time: '18:00:00',
      type: 'text',
    });
    await w.advance(22 * HOUR + 30 * MINUTE - 1_000); // 2026-03-15 08:59:59
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 4 });
    await w.advance(1_500); // 09:00:00.5: the first started at 09:00
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 3, in_progress: 1 });
  });

  it('cancels, at end_date, the tasks that could not start by then', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ start_date: '2026-03-15', end_date: '2026-03-15T00:00:01+01:00' }));
    expect(listing).toMatchObject({ start_date: '2026-03-15', end_date: '2026-03-15T00:00:01+01:00' });
    await w.advance(HOUR);
    expect((await report(w, listing)).tasks).toMatchObject({ pending: 4, cancelled: 0 });
    await w.advance(12 * HOUR + 30 * MINUTE + 10_000); // 2026-03-15 00:00:10
    expect(await report(w, listing)).toMatchObject({ status: 'Completed', tasks: { total: 4, completed: 2, failed: 0, cancelled: 2 } });
  });

  it('reuses a rule by uuid as it is, or makes a new one from it with the fields given', async () => {
    const w = await open();
    const rule = { name: 'Weekday daytime', max_calls_per_day: 100, start_time: '09:00', end_time: '18:00:00', retry_interval_minutes: 30 };
    const first = await createListing(w, whatsappListing({ rule }));
    expect(first.rule).toMatchObject({ ...rule, start_time: '09:00:00', max_total_calls: 10, type: 'text' });
    const same = await createListing(w, whatsappListing({ name: 'Second', rule: { uuid: first.rule.uuid } }));
    expect(same.rule).toEqual(first.rule);
    const changed = await createListing(w, whatsappListing({ name: 'Third', rule: { uuid: first.rule.uuid, max_calls_per_day: 5 } }));
    expect(changed.rule).toEqual({ ...first.rule, uuid: changed.rule.uuid, max_calls_per_day: 5 });
    expect(changed.rule.uuid).not.toBe(first.rule.uuid);
    const call = { name: 'Recall', campaign_type: 'call', agent_uuid: AGENT_CALL_ONLY, contacts: [{ phone_number: '+4915112345601' }] };
    expect(expectShapeB(await w.call('POST', '/api/v1/listings', { json: { ...call, rule: { uuid: first.rule.uuid } } }), 422).field).toBe('rule.uuid');
    const callListing = await createListing(w, { ...call, rule: { max_total_calls: 3 } });
    expect(callListing).toMatchObject({ campaign_type: 'call', contact_template_setting_id: null, rule: { type: 'call', max_total_calls: 3 } });
  });
});

describe('auto_start false', () => {
  it('waits in Draft with its pool, and queues the tasks when its campaign is set Active', async () => {
    const w = await open();
    const listing = await createListing(w, whatsappListing({ auto_start: false }));
    expect(listing).toMatchObject({ auto_start: false, status: 'Importing' });
    await w.advance(2_500);
    expect(await report(w, listing)).toMatchObject({ status: 'Draft', contacts: 4, tasks: { total: 0 } });
    const added = dataOf<Json>(await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [{ phone_number: '+4917698700001' }] } }));
    expect(added).toMatchObject({ added: 1, tasks_queued: 0 });
    await w.advance(60_000);
    expect(await report(w, listing)).toMatchObject({ status: 'Draft', tasks: { total: 0 } });

    const put = (json: Json) => w.call('PUT', `/api/v1/campaigns/${listing.campaign_uuid}`, { json });
    expect(dataOf<Json>(await put({ status: 'Active' })).status).toBe('Active');
    expect(await report(w, listing)).toMatchObject({ status: 'Active', contacts: 5, tasks: { total: 5, pending: 4, in_progress: 1 } });
    expect((await put({ status: 'Active' })).status).toBe(200);
    expect((await report(w, listing)).tasks.total).toBe(5);
    await w.advance(10_000);
    const done: Listing = await readListing(w, listing);
    expect(done.status).toBe('Completed');
    expect((await report(w, listing)).tasks).toMatchObject({ total: 5, completed: 4, failed: 1 });
  });
});
