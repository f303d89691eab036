// Listings over real HTTP (seed: "A listing is a campaign for a list of any number of contacts, with
// its own pace and report"; "Deleting a listing removes the listing campaign, detaches its pool and
// rule, and cancels pending campaign tasks. Contacts are not deleted."; behaviour 2: a campaign
// update does not rebuild tasks already scheduled; published API "Listings": the create body with
// contact objects matched by phone number, then email). Tasks run on the frozen mock clock: the
// import takes 2 s, then one task starts per pace interval and a WhatsApp send works for 2 s.
import { describe, expect, it } from 'vitest';
import { AGENT_CALL_ONLY, AGENT_WHATSAPP, CONTACT_EMAIL_ONLY, CONTACT_FULL, CONTACT_PHONE_ONLY, dataOf, expectShapeA, expectShapeB, type Json } from './campaigns-world.ts';
import {
  ACTIVE_SETTING,
  ACTIVE_SETTING_ID,
  contacts,
  createListing,
  INACTIVE_SETTING,
  type Listing,
  NEW_PHONE,
  open,
  readListing,
  report,
  taskRows,
  UNKNOWN,
  whatsappListing,
} from './listing-helpers.ts';

describe('create', () => {
  it('creates the listing and its campaign, with pace, a default rule and distinct contact counts', async () => {
    const w = await open();
    const listing = await createListing(w);
    expect(listing).toMatchObject({
      name: 'Spring offer, Berlin stores',
      campaign_type: 'text',
      agent_uuid: AGENT_WHATSAPP,
      contact_template_setting_id: ACTIVE_SETTING_ID,
      start_date: null,
      end_date: null,
      auto_start: true,
      status: 'Importing',
      pace: { per_minute: 60 },
      counts: { contacts: 4, contacts_created: 1 },
      created_at: '2026-03-14T10:30:00+01:00',
    });
    // The rule's times were sent as HH:MM and come back as HH:MM:SS; the rest are the published defaults.
    expect(listing.rule).toMatchObject({
      name: 'Spring offer, Berlin stores',
      max_calls_per_day: 3,
      max_total_calls: 10,
      retry_interval_minutes: 120,
      start_time: '00:00:00',
      end_time: '23:59:00',
      type: 'text',
    });
    expect(listing.contacts.map((c) => c.uuid)).toEqual([CONTACT_FULL, CONTACT_PHONE_ONLY, CONTACT_EMAIL_ONLY, expect.any(String)]);
    const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`));
    expect(campaign).toMatchObject({ uuid: listing.campaign_uuid, name: listing.name, status: 'Importing', campaign_type: 'text', contact_template_setting_uuid: ACTIVE_SETTING });
    expect(await readListing(w, listing)).toEqual(listing);
  });

  it('matches contacts by phone number, then email, and creates a contact only for an entry that matches none', async () => {
    const w = await open();
    const before = await contacts(w);
    await createListing(w);
    const after = await contacts(w);
    expect(after.slice(0, 3)).toEqual(before);
    expect(after).toHaveLength(4);
    expect(after[3]).toMatchObject({ name: 'Lena Hoffmann', phone: NEW_PHONE, email: 'lena.hoffmann@example.de' });
    // One task per contact of the pool, in the order of the entries.
    const rows = await taskRows(w);
    const byContact = async (contact: string) => (await taskRows(w, { contact })).map((r) => r.uuid);
    expect(rows).toHaveLength(4);
    for (const contact of [CONTACT_FULL, CONTACT_PHONE_ONLY, CONTACT_EMAIL_ONLY, after[3]?.uuid as string]) expect(await byContact(contact)).toHaveLength(1);
  });

  it('names a created contact after its phone number, or its email, when the entry has no name', async () => {
    const w = await open();
    await createListing(w, whatsappListing({ contacts: [{ phone_number: '+4917600000002' }, { email: 'new.person@example.de' }] }));
    const created = (await contacts(w)).slice(3);
    expect(created.map(({ name, phone, email }) => ({ name, phone, email }))).toEqual([
      { name: '+4917600000002', phone: '+4917600000002', email: null },
      { name: 'new.person@example.de', phone: null, email: 'new.person@example.de' },
    ]);
  });

  it('defaults the pace to 10 per minute', async () => {
    const w = await open();
    const { pace: _pace, ...body } = whatsappListing();
    expect((await createListing(w, body)).pace).toEqual({ per_minute: 10 });
  });

  it('takes any number of contacts in one request', async () => {
    const w = await open();
    const entries = Array.from({ length: 5_000 }, (_, i) => ({ phone_number: `+49170${String(i).padStart(7, '0')}` }));
    const listing = await createListing(w, whatsappListing({ contacts: entries }));
    expect(listing.counts).toEqual({ contacts: 5_000, contacts_created: 5_000 });
    expect((await report(w, listing)).tasks).toMatchObject({ total: 5_000, pending: 5_000 });
  });

  it('refuses bad input with 422 naming the field, and creates nothing', async () => {
    const w = await open();
    const cases: Array<[Json, string, string]> = [
      [whatsappListing({ contact_template_setting_id: undefined }), 'contact_template_setting_id', 'VALIDATION_ERROR'],
      [whatsappListing({ contact_template_setting_id: INACTIVE_SETTING }), 'contact_template_setting_id', 'VALIDATION_ERROR'],
      [whatsappListing({ contact_template_setting_id: UNKNOWN }), 'contact_template_setting_id', 'VALIDATION_ERROR'],
      [whatsappListing({ contacts: [{ phone_number: NEW_PHONE }, { phone_number: '0151-2345' }] }), 'contacts[1].phone_number', 'INVALID_FORMAT'],
      [whatsappListing({ contacts: [{ phone_number: NEW_PHONE }, { email: 'not an email' }] }), 'contacts[1].email', 'INVALID_FORMAT'],
      [whatsappListing({ agent_uuid: UNKNOWN }), 'agent_uuid', 'VALIDATION_ERROR'],
      [whatsappListing({ agent_uuid: AGENT_CALL_ONLY }), 'agent_uuid', 'VALIDATION_ERROR'],
      [whatsappListing({ campaign_type: 'email' }), 'campaign_type', 'VALIDATION_ERROR'],
      [whatsappListing({ pace: { per_minute: 0 } }), 'pace.per_minute', 'VALIDATION_ERROR'],
      [whatsappListing({ start_date: '2026-03-20', end_date: '2026-03-19' }), 'end_date', 'VALIDATION_ERROR'],
      [whatsappListing({ start_date: '2026-02-30' }), 'start_date', 'INVALID_FORMAT'],
      [whatsappListing({ rule: { start_time: '17:00:00', end_time: '09:00:00' } }), 'rule.end_time', 'VALIDATION_ERROR'],
      [whatsappListing({ rule: { uuid: UNKNOWN } }), 'rule.uuid', 'VALIDATION_ERROR'],
      [whatsappListing({ rule: { type: 'call' } }), 'rule.type', 'VALIDATION_ERROR'],
      [whatsappListing({ rules: { region: 'berlin' } }), 'rules', 'VALIDATION_ERROR'],
      [whatsappListing({ contact_template_setting_uuid: ACTIVE_SETTING }), 'contact_template_setting_uuid', 'VALIDATION_ERROR'],
    ];
    for (const [body, field, code] of cases) {
      const error = expectShapeB(await w.call('POST', '/api/v1/listings', { json: body }), 422);
      expect([error.field, error.code], JSON.stringify(body)).toEqual([field, code]);
    }
    expect(expectShapeB(await w.call('POST', '/api/v1/listings', { json: whatsappListing({ contacts: [{ name: 'Nobody' }] }) }), 422).code).toBe('VALIDATION_ERROR');
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
    const details = async () => Promise.all(before.map(async (row) => dataOf<Json>(await w.call('GET', `/api/v1/logs/actions/task/${row.uuid}`))));
    const detailsBefore = await details();
    const campaign = dataOf<Json>(
      await w.call('PUT', `/api/v1/campaigns/${listing.campaign_uuid}`, { json: { name: 'Spring offer, renamed', rules: { region: 'hamburg' }, description: 'changed' } }),
    );
    expect(campaign).toMatchObject({ name: 'Spring offer, renamed', status: 'Active' });
    expect(await taskRows(w)).toEqual(before);
    expect(await details()).toEqual(detailsBefore);
    expect(await readListing(w, listing)).toMatchObject({ name: 'Spring offer, renamed', description: 'changed', rule: listing.rule });
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
    expectShapeB(await w.call('POST', `/api/v1/listings/${listing.uuid}/contacts`, { json: { contacts: [{ phone_number: NEW_PHONE }] } }), 404);
    expectShapeB(await w.call('DELETE', `/api/v1/listings/${listing.uuid}/contacts/${CONTACT_FULL}`), 404);
    expectShapeB(await w.call('DELETE', `/api/v1/listings/${listing.uuid}`), 404);
    expect(expectShapeA(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`), 404)).toBe('Campaign not found');
    // The pool and the rule are detached, not deleted: they stay in their collections, attached to no campaign.
    const rules = dataOf(await w.call('GET', '/api/v1/rules', { query: { per_page: '100' } })) as { data: Array<{ uuid: string }> };
    expect(rules.data.map((r) => r.uuid)).toContain(listing.rule.uuid);
    const detached = (await w.snapshotState()) as { campaign_details: Array<{ rule_uuid?: string }> };
    expect(detached.campaign_details.some((d) => d.rule_uuid === listing.rule.uuid)).toBe(false);

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
    const forContact = await taskRows(w, { contact: CONTACT_PHONE_ONLY });
    expect(forContact).toHaveLength(1);
    expect(forContact[0]?.description).toContain('+4915112345602');
  });
});
