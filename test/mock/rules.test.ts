// Rules (published rules API): list (paged, search, type), create with the published defaults, the
// one-shot `text` rule (caps coerced to 1, call-only fields nulled), times `HH:MM` in and
// `HH:MM:SS` out, partial update, and an update that never rebuilds tasks already scheduled
// (seed behaviour 2). A listing's rule is a rule of the collection.
import { describe, expect, it } from 'vitest';
import { dataOf, expectShapeB, type Json } from './campaigns-world.ts';
import { createListing, open, taskRows, UNKNOWN } from './listing-helpers.ts';

interface Page<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
}

describe('create', () => {
  it('fills the published call defaults and answers times as HH:MM:SS', async () => {
    const w = await open();
    const reply = await w.call('POST', '/api/v1/rules', { json: { name: 'Weekday calls', start_time: '08:30' } });
    expect(reply.status, reply.text).toBe(201);
    expect((reply.body as Json).message).toBe('Rule created successfully');
    expect(dataOf(reply)).toMatchObject({
      name: 'Weekday calls',
      type: 'call',
      max_calls_per_day: 3,
      max_total_calls: 10,
      retry_interval_minutes: 120,
      start_time: '08:30:00',
      end_time: '18:00:00',
      dnc_check: true,
      remove_on_opt_out: true,
      escalation_after_failed_attempts: null,
      escalation_type: null,
      escalation_target: null,
    });
  });

  it('makes a text rule one-shot whatever is sent', async () => {
    const w = await open();
    const sent = { name: 'One reminder', type: 'text', max_calls_per_day: 4, max_total_calls: 9, retry_interval_minutes: 30, start_time: '10:00:00', end_time: '16:00', escalation_after_failed_attempts: 2, escalation_type: 'email', escalation_target: 'a@example.com', dnc_check: false };
    const rule = dataOf<Json>(await w.call('POST', '/api/v1/rules', { json: sent }));
    expect(rule).toMatchObject({
      type: 'text',
      max_calls_per_day: 1,
      max_total_calls: 1,
      retry_interval_minutes: null,
      start_time: '10:00:00',
      end_time: null,
      escalation_after_failed_attempts: null,
      escalation_type: null,
      escalation_target: null,
      dnc_check: false,
    });
    // Switching a call rule to text coerces it too; back to call, the call-only fields get their defaults.
    const call = dataOf<Json>(await w.call('POST', '/api/v1/rules', { json: { name: 'Calls', max_calls_per_day: 5 } }));
    const text = dataOf<Json>(await w.call('PUT', `/api/v1/rules/${call.uuid}`, { json: { type: 'text' } }));
    expect(text).toMatchObject({ type: 'text', max_calls_per_day: 1, max_total_calls: 1, retry_interval_minutes: null, end_time: null });
    const back = dataOf<Json>(await w.call('PUT', `/api/v1/rules/${call.uuid}`, { json: { type: 'call', max_calls_per_day: 2 } }));
    expect(back).toMatchObject({ type: 'call', max_calls_per_day: 2, max_total_calls: 1, retry_interval_minutes: 120, end_time: '18:00:00' });
  });

  it('refuses bad input with 422 and stores nothing', async () => {
    const w = await open();
    const bad: Array<[Json, string]> = [
      [{ name: 'ab' }, 'name'],
      [{ name: 'Calls', type: 'sms' }, 'type'],
      [{ name: 'Calls', start_time: '9:00' }, 'start_time'],
      [{ name: 'Calls', max_total_calls: 0 }, 'max_total_calls'],
      [{ name: 'Calls', start_time: '18:00', end_time: '09:00' }, 'end_time'],
      // Past the default end (18:00) with no end sent: the field the request sent is named.
      [{ name: 'Calls', start_time: '20:00' }, 'start_time'],
      [{ name: 'Calls', colour: 'red' }, 'colour'],
    ];
    for (const [json, field] of bad) expect(expectShapeB(await w.call('POST', '/api/v1/rules', { json }), 422).field, JSON.stringify(json)).toBe(field);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/rules')).total).toBe(0);
  });
});

describe('update', () => {
  it('changes only the fields sent; an unknown rule is a 404', async () => {
    const w = await open();
    const rule = dataOf<Json>(await w.call('POST', '/api/v1/rules', { json: { name: 'Weekday calls', escalation_type: 'email', escalation_target: 'a@example.com' } }));
    const reply = await w.call('PUT', `/api/v1/rules/${rule.uuid}`, { json: { start_time: '10:30', max_calls_per_day: 2 } });
    expect((reply.body as Json).message).toBe('Rule updated successfully');
    expect(dataOf(reply)).toEqual({ ...rule, start_time: '10:30:00', max_calls_per_day: 2, updated_at: rule.updated_at });
    expect(expectShapeB(await w.call('PUT', `/api/v1/rules/${UNKNOWN}`, { json: { name: 'Nobody' } }), 404).code).toBe('RESOURCE_NOT_FOUND');
    expectShapeB(await w.call('PUT', `/api/v1/rules/${rule.uuid}`, { json: {} }), 422);
  });

  it('never rebuilds tasks already scheduled (seed behaviour 2)', async () => {
    const w = await open();
    const listing = await createListing(w);
    const before = await taskRows(w);
    expect(before.length).toBeGreaterThan(0);
    // The WhatsApp listing's rule is a text rule: the update makes it one-shot as well.
    const updated = dataOf<Json>(await w.call('PUT', `/api/v1/rules/${listing.rule.uuid}`, { json: { start_time: '12:00' } }));
    expect(updated).toMatchObject({ type: 'text', start_time: '12:00:00', end_time: null, max_total_calls: 1 });
    expect(await taskRows(w)).toEqual(before);
    // The listing follows its rule record.
    const read = dataOf<Json>(await w.call('GET', `/api/v1/listings/${listing.uuid}`));
    expect(read.rule).toMatchObject({ uuid: listing.rule.uuid, start_time: '12:00:00', end_time: null });
  });
});

describe('list', () => {
  it('pages newest first, filters by type and search, and shows listing rules', async () => {
    const w = await open();
    const listing = await createListing(w);
    for (const [name, type] of [
      ['Morning calls', 'call'],
      ['Evening calls', 'call'],
      ['Nudge', 'text'],
    ]) {
      expect((await w.call('POST', '/api/v1/rules', { json: { name, type, escalation_target: name === 'Evening calls' ? 'ops-team' : null } })).status).toBe(201);
    }
    const page = dataOf<Page<Json>>(await w.call('GET', '/api/v1/rules', { query: { per_page: '2' } }));
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 4 });
    const all = dataOf<Page<Json>>(await w.call('GET', '/api/v1/rules', { query: { per_page: '100' } })).data;
    expect(all.map((r) => r.uuid)).toContain(listing.rule.uuid);
    const calls = dataOf<Page<Json>>(await w.call('GET', '/api/v1/rules', { query: { type: 'call' } })).data;
    expect(calls.map((r) => r.name).sort()).toEqual(['Evening calls', 'Morning calls']);
    const found = dataOf<Page<Json>>(await w.call('GET', '/api/v1/rules', { query: { search: 'OPS-' } })).data;
    expect(found.map((r) => r.name)).toEqual(['Evening calls']);
    expectShapeB(await w.call('GET', '/api/v1/rules', { query: { type: 'sms' } }), 422);
  });
});
