// Campaigns beyond the read and update (published API): list (paged, search, status), create
// (the update's rules: agent binding, a text campaign sending only with an active template
// setting), delete with the listing delete's cascade (pending tasks cancelled, pools and rule
// detached, contacts kept), attaching pools and the rule. The template-setting delete stays
// refused (409) while a campaign created here in a blocking status references the setting.
import { describe, expect, it } from 'vitest';
import { AGENT_CALL_ONLY, AGENT_WHATSAPP, CONTACT_FULL, dataOf, expectShapeA, expectShapeB, type Json } from './campaigns-world.ts';
import { ACTIVE_SETTING, createListing, INACTIVE_SETTING, open, taskRows, UNKNOWN } from './listing-helpers.ts';

interface Page<T> {
  total: number;
  last_page: number;
  data: T[];
}

describe('create and list', () => {
  it('creates a Draft campaign bound to its agent and lists it with the filters', async () => {
    const w = await open();
    const reply = await w.call('POST', '/api/v1/campaigns', {
      json: { name: 'Recall calls', description: 'Spring recall', campaign_type: 'call', agent_uuid: AGENT_CALL_ONLY, start_date: '2026-04-01', agent_id: 12, rules: { region: 'north' } },
    });
    expect(reply.status, reply.text).toBe(201);
    const created = dataOf<Json>(reply);
    expect(created).toMatchObject({ name: 'Recall calls', status: 'Draft', campaign_type: 'call', agent_uuid: AGENT_CALL_ONLY, start_date: '2026-04-01', end_date: null, agent_id: 12, rules: { region: 'north' }, pool_uuids: [], rule_uuid: null });
    expect(dataOf(await w.call('GET', `/api/v1/campaigns/${created.uuid}`))).toEqual(created);
    await w.call('POST', '/api/v1/campaigns', { json: { name: 'Newsletter', status: 'Paused' } });
    const all = dataOf<Page<Json>>(await w.call('GET', '/api/v1/campaigns'));
    expect(all.total).toBe(2);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/campaigns', { query: { status: 'Paused' } })).data.map((c) => c.name)).toEqual(['Newsletter']);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/campaigns', { query: { search: 'SPRING' } })).data.map((c) => c.name)).toEqual(['Recall calls']);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/campaigns', { query: { per_page: '1', page: '2' } })).last_page).toBe(2);
  });

  it('refuses what the update refuses, storing nothing', async () => {
    const w = await open();
    const bad: Array<[Json, string]> = [
      [{ name: 'WhatsApp', campaign_type: 'text', agent_uuid: AGENT_WHATSAPP, status: 'In Process', contact_template_setting_uuid: INACTIVE_SETTING }, 'contact_template_setting_uuid'],
      [{ name: 'WhatsApp', campaign_type: 'text', agent_uuid: AGENT_CALL_ONLY }, 'agent_uuid'],
      [{ name: 'Dates', start_date: '2026-04-02', end_date: '2026-04-01' }, 'end_date'],
      [{ name: 'Status', status: 'Running' }, 'status'],
      [{ description: 'No name' }, 'name'],
    ];
    for (const [json, field] of bad) expect(expectShapeB(await w.call('POST', '/api/v1/campaigns', { json }), 422).field, JSON.stringify(json)).toBe(field);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/campaigns')).total).toBe(0);
    expect((await w.snapshotState()).campaign_details ?? []).toEqual([]);
  });

  it('keeps the template-setting delete refused for a created campaign in every blocking status', async () => {
    for (const status of ['In Process', 'Importing', 'Active', 'Paused']) {
      const w = await open();
      const json = { name: `Blocking ${status}`, campaign_type: 'text', agent_uuid: AGENT_WHATSAPP, contact_template_setting_uuid: ACTIVE_SETTING, status };
      expect((await w.call('POST', '/api/v1/campaigns', { json })).status).toBe(201);
      expect(expectShapeB(await w.call('DELETE', `/api/v1/whatsapp/template-settings/${ACTIVE_SETTING}`), 409).code, status).toBe('CONFLICT');
      await w.close();
    }
    const w = await open();
    await w.call('POST', '/api/v1/campaigns', { json: { name: 'Draft', campaign_type: 'text', agent_uuid: AGENT_WHATSAPP, contact_template_setting_uuid: ACTIVE_SETTING } });
    expect((await w.call('DELETE', `/api/v1/whatsapp/template-settings/${ACTIVE_SETTING}`)).status).toBe(200);
  });
});

describe('rule', () => {
  it("attaches or replaces the campaign's rule without touching scheduled tasks", async () => {
    const w = await open();
    const listing = await createListing(w);
    const before = await taskRows(w);
    const rule = dataOf<Json>(await w.call('POST', '/api/v1/rules', { json: { name: 'Late calls', start_time: '19:00', end_time: '20:00' } }));
    const reply = await w.call('PUT', `/api/v1/campaigns/${listing.campaign_uuid}/rule`, { json: { rule_uuid: rule.uuid } });
    expect((reply.body as Json).message).toBe('Rule assigned to campaign');
    expect(dataOf(reply)).toEqual({
      campaign_uuid: listing.campaign_uuid,
      rule: { uuid: rule.uuid, name: 'Late calls', type: 'call', max_calls_per_day: 3, max_total_calls: 10, retry_interval_minutes: 120, start_time: '19:00:00', end_time: '20:00:00' },
    });
    expect(await taskRows(w)).toEqual(before);
    expect(dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`)).rule_uuid).toBe(rule.uuid);
    expect(dataOf<Json>(await w.call('GET', `/api/v1/listings/${listing.uuid}`)).rule).toMatchObject({ uuid: rule.uuid });
    expect(expectShapeB(await w.call('PUT', `/api/v1/campaigns/${listing.campaign_uuid}/rule`, { json: { rule_uuid: UNKNOWN } }), 422).field).toBe('rule_uuid');
    expectShapeB(await w.call('PUT', `/api/v1/campaigns/${UNKNOWN}/rule`, { json: { rule_uuid: rule.uuid } }), 404);
  });
});

describe('delete', () => {
  it("cancels pending tasks, detaches pools and rule, deletes the campaign's listing and keeps contacts", async () => {
    const w = await open();
    const listing = await createListing(w);
    await w.advance(4_500); // one completed, one running, one failed, one pending
    const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`));
    const reply = await w.call('DELETE', `/api/v1/campaigns/${listing.campaign_uuid}`);
    expect((reply.body as Json).message).toBe('Campaign deleted successfully');
    expect(dataOf(reply)).toEqual({ uuid: listing.campaign_uuid, cancelled_tasks: 1, pools_detached: 1, rule_detached: true, listing_uuid: listing.uuid, contacts_deleted: 0 });
    expect(expectShapeA(await w.call('GET', `/api/v1/campaigns/${listing.campaign_uuid}`), 404)).toBe('Campaign not found');
    expectShapeB(await w.call('GET', `/api/v1/listings/${listing.uuid}`), 404);
    expectShapeB(await w.call('DELETE', `/api/v1/campaigns/${listing.campaign_uuid}`), 404);
    const statuses = (await taskRows(w)).map((t) => t.status).sort();
    expect(statuses).toContain('cancelled');
    expect(statuses).not.toContain('pending');
    // The pool and the rule stay, attached to nothing; the contacts stay.
    const pool = (campaign.pool_uuids as string[])[0];
    expect(dataOf<Json>(await w.call('GET', `/api/v1/pools/${pool}/contacts`)).total).toBe(listing.counts.contacts);
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/rules')).data.map((r) => r.uuid)).toContain(campaign.rule_uuid);
    const state = await w.snapshotState();
    expect(state.campaign_details).toEqual([]);
    expect((state.contacts as Json[]).map((c) => c.uuid)).toContain(CONTACT_FULL);
  });

  it('deletes a campaign without a listing, detaching its pools', async () => {
    const w = await open();
    const campaign = dataOf<Json>(await w.call('POST', '/api/v1/campaigns', { json: { name: 'Plain' } }));
    const pool = dataOf<Json>(await w.call('POST', '/api/v1/pools', { json: { name: 'Plain pool', description: 'x' } }));
    await w.call('POST', `/api/v1/campaigns/${campaign.uuid}/pools`, { json: { pool_uuids: [pool.uuid] } });
    expect(dataOf(await w.call('DELETE', `/api/v1/campaigns/${campaign.uuid}`))).toEqual({ uuid: campaign.uuid, cancelled_tasks: 0, pools_detached: 1, rule_detached: false, listing_uuid: null, contacts_deleted: 0 });
    expect(dataOf<Page<Json>>(await w.call('GET', '/api/v1/pools')).total).toBe(1);
  });
});
