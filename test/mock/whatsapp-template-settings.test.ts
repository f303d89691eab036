// WhatsApp template settings over real HTTP (seed "WhatsApp template setting"; "Endpoints" > GET and
// DELETE /api/v1/whatsapp/template-settings; "Other statuses": delete refused (409) while a campaign
// referencing the setting is `In Process`, `Importing`, `Active` or `Paused`; the template is
// unaffected; the published create: an APPROVED template, status active by default, 201 "Template
// setting created successfully"). The mock validates every response against the contract.
import { afterEach, describe, expect, it } from 'vitest';
import {
  campaignRecord,
  dataOf,
  expectShapeB,
  type Json,
  openWorld,
  settingRecord,
  TEMPLATE_REMINDER,
  TEMPLATE_SPRING,
  WABA_MAIN,
  WABA_OTHER,
  type World,
  workspace,
} from './campaigns-world.ts';

const SETTINGS = '/api/v1/whatsapp/template-settings';
const SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01';
const CAMPAIGN = '6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01';

interface Setting {
  uuid: string;
  status: string;
  params: { body: Record<string, string>; header: Record<string, string> };
  content: string;
  template: { uuid: string; waba_id: string; name: string };
  created_at: string;
  updated_at: string;
}

interface SettingPage {
  current_page: number;
  data: Setting[];
  last_page: number;
  per_page: number;
  total: number;
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(extra: Json = {}, faults: string[] = []): Promise<World> {
  world = await openWorld(workspace(extra), 'http', faults);
  return world;
}

async function create(w: World, body: Json): Promise<Setting> {
  const reply = await w.call('POST', SETTINGS, { json: body });
  expect(reply.status, reply.text).toBe(201);
  expect(JSON.parse(reply.text).message).toBe('Template setting created successfully');
  return dataOf<Setting>(reply);
}

describe('create', () => {
  it('creates an active setting by default, with the template and the rendered content', async () => {
    const w = await open();
    const setting = await create(w, { template_uuid: TEMPLATE_SPRING, params: { header: { '1': 'Spring sale' }, body: { '2': '20%', '1': '{{contact.first_name}}' } } });
    expect(setting.status).toBe('active');
    expect(setting.template).toEqual({ uuid: TEMPLATE_SPRING, name: 'spring_offer', language: 'en', category: 'MARKETING', status: 'APPROVED', waba_id: WABA_MAIN });
    expect(setting.params).toEqual({ header: { '1': 'Spring sale' }, body: { '1': '{{contact.first_name}}', '2': '20%' } });
    expect(setting.content).toBe('spring_offer: Spring sale | {{contact.first_name}} | 20%');
    // The mock clock is frozen at 2026-03-14T09:30:00Z; the workspace token works in Berlin time.
    expect(setting.created_at).toBe('2026-03-14T10:30:00+01:00');
    const inactive = await create(w, { template_uuid: TEMPLATE_REMINDER, status: 'inactive' });
    expect(inactive.status).toBe('inactive');
    expect(inactive.params).toEqual({ body: {}, header: {} });
  });

  it('refuses an unknown template with 422 naming template_uuid', async () => {
    const w = await open();
    const reply = await w.call('POST', SETTINGS, { json: { template_uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' } });
    const error = expectShapeB(reply, 422);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'template_uuid' });
    expect(dataOf<SettingPage>(await w.call('GET', SETTINGS)).total).toBe(0);
  });

  it('refuses a template that is not APPROVED with 422 naming template_uuid (published: an APPROVED template)', async () => {
    const pending = '7e6d5c4b-3a29-4817-8f6e-5d4c3b2a1908';
    const w = await open({
      whatsapp_templates: [
        { uuid: TEMPLATE_SPRING, name: 'spring_offer', language: 'en', category: 'MARKETING', status: 'APPROVED', waba_id: WABA_MAIN },
        { uuid: pending, name: 'summer_offer', language: 'en', category: 'MARKETING', status: 'PENDING', waba_id: WABA_MAIN },
      ],
    });
    const error = expectShapeB(await w.call('POST', SETTINGS, { json: { template_uuid: pending } }), 422);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'template_uuid' });
    expect(dataOf<SettingPage>(await w.call('GET', SETTINGS)).total).toBe(0);
    expect((await create(w, { template_uuid: TEMPLATE_SPRING })).status).toBe('active');
  });
});

describe('list', () => {
  it('lists newest first with the paged shape, and pages', async () => {
    const w = await open();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await create(w, { template_uuid: TEMPLATE_SPRING, params: { body: { '1': `v${i}` } } })).uuid);
      await w.advance(60_000);
    }
    const all = dataOf<SettingPage>(await w.call('GET', SETTINGS));
    expect(all).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 5 });
    expect(all.data.map((s) => s.uuid)).toEqual([...made].reverse());

    const second = dataOf<SettingPage>(await w.call('GET', SETTINGS, { query: { per_page: '2', page: '2' } }));
    expect(second).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(second.data.map((s) => s.uuid)).toEqual([made[2], made[1]]);
    const last = dataOf<SettingPage>(await w.call('GET', SETTINGS, { query: { per_page: '2', page: '3' } }));
    expect(last.data.map((s) => s.uuid)).toEqual([made[0]]);
    const beyond = dataOf<SettingPage>(await w.call('GET', SETTINGS, { query: { per_page: '2', page: '9' } }));
    expect(beyond).toEqual({ current_page: 9, data: [], last_page: 3, per_page: 2, total: 5 });
  });

  it('shows 15 settings a page by default (published API, "Lists and paging")', async () => {
    const w = await open();
    for (let i = 0; i < 16; i++) await create(w, { template_uuid: TEMPLATE_SPRING, params: { body: { '1': `v${i}` } } });
    const first = dataOf<SettingPage>(await w.call('GET', SETTINGS));
    expect({ ...first, data: first.data.length }).toEqual({ current_page: 1, data: 15, last_page: 2, per_page: 15, total: 16 });
    const second = dataOf<SettingPage>(await w.call('GET', SETTINGS, { query: { page: '2' } }));
    expect(second.data.map((s) => s.params.body['1'])).toEqual(['v0']);
    expect(expectShapeB(await w.call('GET', SETTINGS, { query: { page: '0' } }), 422).field).toBe('page');
  });

  it('keeps creation order newest first for settings created at the same instant', async () => {
    const w = await open();
    const a = await create(w, { template_uuid: TEMPLATE_SPRING });
    const b = await create(w, { template_uuid: TEMPLATE_SPRING });
    expect(dataOf<SettingPage>(await w.call('GET', SETTINGS)).data.map((s) => s.uuid)).toEqual([b.uuid, a.uuid]);
  });

  it('filters by template_uuid, waba_id and status, combined with AND', async () => {
    const w = await open();
    const springActive = await create(w, { template_uuid: TEMPLATE_SPRING });
    const springInactive = await create(w, { template_uuid: TEMPLATE_SPRING, status: 'inactive' });
    const reminderActive = await create(w, { template_uuid: TEMPLATE_REMINDER });
    const uuids = async (query: Record<string, string>) => dataOf<SettingPage>(await w.call('GET', SETTINGS, { query })).data.map((s) => s.uuid).sort();

    expect(await uuids({ template_uuid: TEMPLATE_SPRING })).toEqual([springActive.uuid, springInactive.uuid].sort());
    expect(await uuids({ waba_id: WABA_OTHER })).toEqual([reminderActive.uuid]);
    expect(await uuids({ status: 'active' })).toEqual([springActive.uuid, reminderActive.uuid].sort());
    expect(await uuids({ status: 'inactive' })).toEqual([springInactive.uuid]);
    expect(await uuids({ waba_id: WABA_MAIN, status: 'active' })).toEqual([springActive.uuid]);
    expect(await uuids({ waba_id: 'no-such-account' })).toEqual([]);
    expect(dataOf<SettingPage>(await w.call('GET', SETTINGS, { query: { waba_id: 'no-such-account' } }))).toEqual({ current_page: 1, data: [], last_page: 1, per_page: 15, total: 0 });
  });

  it('rejects a status outside active/inactive and a per_page over 100 with 422', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', SETTINGS, { query: { status: 'paused' } }), 422).field).toBe('status');
    expect(expectShapeB(await w.call('GET', SETTINGS, { query: { per_page: '101' } }), 422).field).toBe('per_page');
  });
});

describe('delete', () => {
  const campaignWith = (status: string) => ({
    template_settings: [settingRecord(SETTING, 'active')],
    campaigns: [campaignRecord(CAMPAIGN, status, { contact_template_setting_uuid: SETTING })],
  });

  for (const status of ['In Process', 'Importing', 'Active', 'Paused']) {
    it(`is refused with 409 while a referencing campaign is ${status}`, async () => {
      const w = await open(campaignWith(status));
      const reply = await w.call('DELETE', `${SETTINGS}/${SETTING}`);
      expect(expectShapeB(reply, 409).code).toBe('CONFLICT');
      expect(dataOf<SettingPage>(await w.call('GET', SETTINGS)).data.map((s) => s.uuid)).toEqual([SETTING]);
      const campaign = dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${CAMPAIGN}`));
      expect(campaign.contact_template_setting_uuid).toBe(SETTING);
    });
  }

  for (const status of ['Draft', 'Completed', 'Archived']) {
    it(`is allowed while the referencing campaign is ${status}; the template stays`, async () => {
      const w = await open(campaignWith(status));
      const templatesBefore = (await w.snapshotState()).whatsapp_templates;
      const reply = await w.call('DELETE', `${SETTINGS}/${SETTING}`);
      expect(dataOf(reply)).toEqual({ uuid: SETTING, template_uuid: TEMPLATE_SPRING, deleted: true });
      expect(dataOf<SettingPage>(await w.call('GET', SETTINGS)).total).toBe(0);
      expect((await w.snapshotState()).whatsapp_templates).toEqual(templatesBefore);
      // The template is still usable: a new setting for it is created.
      expect((await create(w, { template_uuid: TEMPLATE_SPRING })).template.uuid).toBe(TEMPLATE_SPRING);
      // The campaign no longer names a setting that is gone.
      expect(dataOf<Json>(await w.call('GET', `/api/v1/campaigns/${CAMPAIGN}`)).contact_template_setting_uuid).toBeNull();
    });
  }

  it('is allowed for a setting no campaign references, and a second delete is 404', async () => {
    const w = await open({ template_settings: [settingRecord(SETTING, 'inactive')] });
    expect((await w.call('DELETE', `${SETTINGS}/${SETTING}`)).status).toBe(200);
    expect(expectShapeB(await w.call('DELETE', `${SETTINGS}/${SETTING}`), 404).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('with the template-delete-no-409 fault, deletes a setting a blocking campaign references', async () => {
    const w = await open(campaignWith('Active'), ['template-delete-no-409']);
    expect((await w.call('DELETE', `${SETTINGS}/${SETTING}`)).status).toBe(200);
    expect(dataOf<SettingPage>(await w.call('GET', SETTINGS)).total).toBe(0);
  });
});
