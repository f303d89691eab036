// Campaign read and update over real HTTP (seed "Campaign (response data)", fields accepted on
// update; "Endpoints" > PUT /api/v1/campaigns/{uuid}: errors "404 campaign not found, validation
// errors, unexpected error; each {success:false, message, data:[]}"; "Time handling" rules 2 and 6).
// The agent's channel binding matching campaign_type is resolved; a `text` campaign cannot publish
// without an active template setting.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_CALL_ONLY,
  AGENT_WHATSAPP,
  campaignRecord,
  dataOf,
  EMAIL_ADDRESS,
  expectShapeA,
  type Json,
  NUMBER_CALLS,
  NUMBER_WHATSAPP,
  openWorld,
  settingRecord,
  type World,
  workspace,
} from './campaigns-world.ts';

const CAMPAIGN = '6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01';
const EMAIL_CAMPAIGN = '6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a02';
const ACTIVE_SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01';
const INACTIVE_SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e02';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const PATH = `/api/v1/campaigns/${CAMPAIGN}`;

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(
    workspace({
      template_settings: [settingRecord(ACTIVE_SETTING, 'active'), settingRecord(INACTIVE_SETTING, 'inactive')],
      campaigns: [
        campaignRecord(CAMPAIGN, 'Draft', { name: 'Spring reactivation', start_date: '2026-03-01', end_date: '2026-03-31' }),
        campaignRecord(EMAIL_CAMPAIGN, 'Draft', { campaign_type: 'email', agent_uuid: null }),
      ],
    }),
  );
  return world;
}

async function update(w: World, json: Json, path = PATH): Promise<Json> {
  return dataOf<Json>(await w.call('PUT', path, { json }));
}

async function agentApp(w: World, campaignUuid: string): Promise<unknown> {
  const details = (await w.snapshotState()).campaign_details as Array<{ campaign_uuid: string; agent_app: unknown }>;
  return details.find((d) => d.campaign_uuid === campaignUuid)?.agent_app;
}

describe('read', () => {
  it('returns the campaign with instants in the applied zone and date-only bounds unshifted', async () => {
    const w = await open();
    const campaign = dataOf<Json>(await w.call('GET', PATH, { headers: { 'X-Timezone': 'America/New_York' } }));
    expect(campaign).toMatchObject({
      uuid: CAMPAIGN,
      name: 'Spring reactivation',
      status: 'Draft',
      campaign_type: 'text',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      created_at: '2026-02-20T08:05:11-05:00',
    });
  });

  it('answers an unknown campaign with 404 in Shape A', async () => {
    const w = await open();
    expect(expectShapeA(await w.call('GET', `/api/v1/campaigns/${UNKNOWN}`), 404)).toBe('Campaign not found');
  });
});

describe('update', () => {
  it('answers an unknown campaign with 404 in Shape A', async () => {
    const w = await open();
    expect(expectShapeA(await w.call('PUT', `/api/v1/campaigns/${UNKNOWN}`, { json: { name: 'x' } }), 404)).toBe('Campaign not found');
  });

  it('answers invalid input with 422 in Shape A', async () => {
    const w = await open();
    const invalid: Json[] = [
      {},
      { status: 'Running' },
      { status: 'Paused' },
      { name: '' },
      { agent_uuid: 'not-a-uuid' },
      { colour: 'blue' },
      { start_date: '14/03/2026' },
      { start_date: '2026-02-30' },
      { end_date: '2026-04-01T25:00:00' },
      { agent_uuid: UNKNOWN },
      { contact_template_setting_uuid: UNKNOWN },
      { start_date: '2026-04-10', end_date: '2026-04-01' },
    ];
    for (const body of invalid) {
      const message = expectShapeA(await w.call('PUT', PATH, { json: body }), 422);
      expect(message, JSON.stringify(body)).toMatch(/^Validation errors: /);
    }
    // Nothing changed.
    expect(dataOf<Json>(await w.call('GET', PATH))).toMatchObject({ status: 'Draft', start_date: '2026-03-01', end_date: '2026-03-31', agent_uuid: AGENT_WHATSAPP });
  });

  it('changes only the fields sent and stamps updated_at', async () => {
    const w = await open();
    await w.advance(3_600_000);
    const updated = await update(w, { name: 'Spring win-back', description: 'Customers idle since autumn', rules: { last_order_before: '2025-10-01' } });
    expect(updated).toMatchObject({
      uuid: CAMPAIGN,
      name: 'Spring win-back',
      description: 'Customers idle since autumn',
      status: 'Draft',
      campaign_type: 'text',
      agent_uuid: AGENT_WHATSAPP,
      start_date: '2026-03-01',
      created_at: '2026-02-20T14:05:11+01:00',
      updated_at: '2026-03-14T11:30:00+01:00',
    });
    expect(dataOf<Json>(await w.call('GET', PATH))).toEqual(updated);
    const details = (await w.snapshotState()).campaign_details as Array<{ campaign_uuid: string; rules: unknown }>;
    expect(details.find((d) => d.campaign_uuid === CAMPAIGN)?.rules).toEqual({ last_order_before: '2025-10-01' });
  });

  it('reads a date-time without offset in the applied zone and keeps a date unshifted', async () => {
    const w = await open();
    const headers = { 'X-Timezone': 'America/New_York' };
    const updated = dataOf<Json>(await w.call('PUT', PATH, { json: { start_date: '2026-04-01T09:00:00', end_date: '2026-04-30' }, headers }));
    expect(updated).toMatchObject({ start_date: '2026-04-01T09:00:00-04:00', end_date: '2026-04-30' });
    // The same instant read back in Berlin, the date still unshifted.
    expect(dataOf<Json>(await w.call('GET', PATH))).toMatchObject({ start_date: '2026-04-01T15:00:00+02:00', end_date: '2026-04-30' });
  });

  it('resolves the agent channel binding that matches campaign_type', async () => {
    const w = await open();
    await update(w, { agent_uuid: AGENT_WHATSAPP, campaign_type: 'text' });
    expect(await agentApp(w, CAMPAIGN)).toEqual({ agent_uuid: AGENT_WHATSAPP, channel: 'whatsapp', binding: NUMBER_WHATSAPP });
    await update(w, { campaign_type: 'email' });
    expect(await agentApp(w, CAMPAIGN)).toEqual({ agent_uuid: AGENT_WHATSAPP, channel: 'email', binding: EMAIL_ADDRESS });
    await update(w, { agent_uuid: AGENT_CALL_ONLY, campaign_type: 'call' });
    expect(await agentApp(w, CAMPAIGN)).toEqual({ agent_uuid: AGENT_CALL_ONLY, channel: 'call', binding: NUMBER_CALLS });
  });

  it('refuses an agent without a channel for the campaign type', async () => {
    const w = await open();
    expectShapeA(await w.call('PUT', PATH, { json: { agent_uuid: AGENT_CALL_ONLY } }), 422);
    expectShapeA(await w.call('PUT', PATH, { json: { campaign_type: 'sms' } }), 422);
    expect(dataOf<Json>(await w.call('GET', PATH))).toMatchObject({ agent_uuid: AGENT_WHATSAPP, campaign_type: 'text' });
  });
});

describe('publishing a text campaign', () => {
  it('is refused without a template setting', async () => {
    const w = await open();
    const message = expectShapeA(await w.call('PUT', PATH, { json: { status: 'Active' } }), 422);
    expect(message).toContain('cannot publish without an active WhatsApp template setting');
    expect(dataOf<Json>(await w.call('GET', PATH)).status).toBe('Draft');
  });

  it('is refused with an inactive template setting', async () => {
    const w = await open();
    expectShapeA(await w.call('PUT', PATH, { json: { status: 'Active', contact_template_setting_uuid: INACTIVE_SETTING } }), 422);
    // Attaching the inactive setting to the draft is fine; publishing it is not.
    expect(await update(w, { contact_template_setting_uuid: INACTIVE_SETTING })).toMatchObject({ status: 'Draft', contact_template_setting_uuid: INACTIVE_SETTING });
    expectShapeA(await w.call('PUT', PATH, { json: { status: 'Active' } }), 422);
  });

  it('succeeds with an active template setting', async () => {
    const w = await open();
    expect(await update(w, { status: 'Active', contact_template_setting_uuid: ACTIVE_SETTING })).toMatchObject({ status: 'Active', contact_template_setting_uuid: ACTIVE_SETTING });
    // An active text campaign cannot switch to an inactive setting.
    expectShapeA(await w.call('PUT', PATH, { json: { contact_template_setting_uuid: INACTIVE_SETTING } }), 422);
  });

  it('does not apply to an email campaign', async () => {
    const w = await open();
    const path = `/api/v1/campaigns/${EMAIL_CAMPAIGN}`;
    expect(await update(w, { status: 'Active' }, path)).toMatchObject({ status: 'Active', campaign_type: 'email', contact_template_setting_uuid: null });
  });
});

describe('the published update fields', () => {
  it('takes the published example: free-form rules and the numeric agent ids, read back as sent', async () => {
    const w = await open();
    const path = `/api/v1/campaigns/${EMAIL_CAMPAIGN}`;
    const published = {
      name: 'Updated Summer Promotion 2025',
      description: 'Updated campaign description',
      status: 'Active',
      campaign_type: 'email',
      start_date: '2025-06-01T00:00:00Z',
      end_date: '2025-08-31T23:59:59Z',
      rules: { target_audience: 'new_customers', minimum_age: 18 },
      agent_id: 1,
      agent_app_id: 2,
    };
    const updated = await update(w, published, path);
    expect(updated).toMatchObject({
      name: 'Updated Summer Promotion 2025',
      status: 'Active',
      campaign_type: 'email',
      start_date: '2025-06-01T02:00:00+02:00',
      end_date: '2025-09-01T01:59:59+02:00',
      rules: { target_audience: 'new_customers', minimum_age: 18 },
      agent_id: 1,
      agent_app_id: 2,
    });
    expect(dataOf<Json>(await w.call('GET', path))).toEqual(updated);
    // The numeric ids bind nothing: the seed's agent_uuid does.
    expect(await agentApp(w, EMAIL_CAMPAIGN)).toBeNull();
  });

  it('clears the nullable fields with null, the binding with the type', async () => {
    const w = await open();
    await update(w, { agent_uuid: AGENT_WHATSAPP, rules: { region: 'north' } });
    expect(await agentApp(w, CAMPAIGN)).not.toBeNull();
    const cleared = await update(w, { description: null, start_date: null, end_date: null, rules: null, campaign_type: null, agent_id: null });
    expect(cleared).toMatchObject({ description: null, start_date: null, end_date: null, rules: {}, campaign_type: null, agent_id: null });
    expect(await agentApp(w, CAMPAIGN)).toBeNull();
    // Without a type there is no WhatsApp rule to hold publishing back.
    expect((await update(w, { status: 'Active' })).status).toBe('Active');
  });
});
