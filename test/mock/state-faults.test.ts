// The faults of the seed's state machines and settings (mock/pipeline/faults-state.ts), in the mock
// itself: each breaks its one rule the way a server bug would, and without it the mock keeps the
// rule. Builder agents, template settings and coaching agents run on the Northwind world
// (campaigns-world.ts); queues, rates and assistant channels on the demo workspace acme.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchHandler } from '../../mock/adapters/fetch.ts';
import { createMock } from '../../mock/core/mock.ts';
import { MockClock } from '../../mock/time/clock.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';
import { campaignRecord, dataOf, type Json, openWorld, settingRecord, TEMPLATE_SPRING, type World, workspace } from './campaigns-world.ts';

const SETTINGS = '/api/v1/whatsapp/template-settings';
const SETTING = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01';
const CAMPAIGN = '6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01';
const acme = demoTenant('acme').state;

let world: World | undefined;
let harness: Harness | undefined;
afterEach(async () => {
  await world?.close();
  await harness?.close();
  world = undefined;
  harness = undefined;
});

async function open(faults: string[], extra: Json = {}): Promise<World> {
  world = await openWorld(workspace(extra), 'fetch', faults);
  return world;
}

async function openAcme(faults: string[]): Promise<Harness> {
  harness = await startHarness('fetch', { faults });
  return harness;
}

interface Conversation {
  uuid: string;
  status: string;
  prompt: string;
}

/** A conversation driven to deployed (markers of README "Builder agents and apps"). */
async function deployed(w: World, prompt: string): Promise<Conversation> {
  const created = await w.call('POST', '/api/v1/builder-agents', { json: { prompt: `${prompt} [outcome:deployed] [delay:10]` } });
  expect(created.status, created.text).toBe(201);
  await w.advance(20);
  const read = dataOf<Conversation>(await w.call('GET', `/api/v1/builder-agents/${dataOf<Conversation>(created).uuid}`));
  expect(read.status).toBe('deployed');
  return read;
}

describe('builder agent faults', () => {
  it('answers-after-finish: a deployed conversation takes answers and goes back to processing (409 without it)', async () => {
    const clean = await open([]);
    const c = await deployed(clean, 'A booking page');
    expect((await clean.call('POST', `/api/v1/builder-agents/${c.uuid}/answers`, { json: { message: 'More colour' } })).status).toBe(409);
    await clean.close();
    const w = await open(['answers-after-finish']);
    const d = await deployed(w, 'A booking page');
    const answered = await w.call('POST', `/api/v1/builder-agents/${d.uuid}/answers`, { json: { message: 'More colour' } });
    expect(answered.status, answered.text).toBe(200);
    expect(dataOf<Conversation>(answered).status).toBe('processing');
  });

  it('rebuild-drops-intent: a rebuild without replace_prompt replaces the intent', async () => {
    const w = await open(['rebuild-drops-intent']);
    const c = await deployed(w, 'A booking page');
    const rebuilt = await w.call('POST', `/api/v1/builder-agents/${c.uuid}/rebuild`, { json: { message: 'Bigger buttons', replace_prompt: false } });
    expect(rebuilt.status, rebuilt.text).toBe(200);
    expect(dataOf<Conversation>(rebuilt).prompt).toBe('Bigger buttons');
  });

  it('builder-agents-oldest-first: the list is oldest first', async () => {
    const w = await open(['builder-agents-oldest-first']);
    const first = await deployed(w, 'First app');
    await w.advance(1_000);
    const second = await deployed(w, 'Second app');
    const listed = dataOf<{ data: Conversation[] }>(await w.call('GET', '/api/v1/builder-agents')).data.map((c) => c.uuid);
    expect(listed.indexOf(first.uuid)).toBeLessThan(listed.indexOf(second.uuid));
  });
});

describe('template setting faults', () => {
  it('template-delete-refused-when-finished: a Completed campaign blocks the delete', async () => {
    const w = await open(['template-delete-refused-when-finished'], {
      template_settings: [settingRecord(SETTING, 'active')],
      campaigns: [campaignRecord(CAMPAIGN, 'Completed', { contact_template_setting_uuid: SETTING })],
    });
    expect((await w.call('DELETE', `${SETTINGS}/${SETTING}`)).status).toBe(409);
  });

  it('template-settings-ignore-status: the status filter is ignored', async () => {
    const w = await open(['template-settings-ignore-status'], { template_settings: [settingRecord(SETTING, 'active')] });
    const page = dataOf<{ data: Array<{ status: string }> }>(await w.call('GET', SETTINGS, { query: { status: 'inactive' } }));
    expect(page.data.map((s) => s.status)).toEqual(['active']);
  });

  it('template-setting-default-inactive: a setting created without a status is inactive', async () => {
    const w = await open(['template-setting-default-inactive']);
    const created = await w.call('POST', SETTINGS, { json: { template_uuid: TEMPLATE_SPRING } });
    expect(dataOf<{ status: string }>(created).status).toBe('inactive');
  });

  it('template-delete-removes-template: the template goes with the setting, so no new setting can use it', async () => {
    const w = await open(['template-delete-removes-template'], { template_settings: [settingRecord(SETTING, 'active')] });
    expect((await w.call('DELETE', `${SETTINGS}/${SETTING}`)).status).toBe(200);
    expect((await w.call('POST', SETTINGS, { json: { template_uuid: TEMPLATE_SPRING } })).status).toBe(422);
  });
});

describe('coaching agent faults', () => {
  it('coach-update-resets-unsent: an update resets the settings it does not send', async () => {
    const w = await open(['coach-update-resets-unsent']);
    const created = dataOf<{ uuid: string }>(await w.call('POST', '/api/v1/coaching-agents', { json: { name: 'Sales coach', coaching_tone: 'direct' } }));
    const updated = dataOf<{ coaching_tone: string; auto_trigger_threshold: number; name: string }>(
      await w.call('PATCH', `/api/v1/coaching-agents/${created.uuid}`, { json: { auto_trigger_threshold: 45 } }),
    );
    expect(updated).toMatchObject({ name: 'Sales coach', coaching_tone: 'supportive', auto_trigger_threshold: 45 });
  });
});

describe('queue faults', () => {
  const queue = acme.queues[0];
  const free = acme.phone_numbers.find((n) => n.call.capable && !acme.queues.some((q) => q.endpoints.call.some((e) => e.id === n.uuid)));
  if (!queue || !free) throw new Error('fixture acme lacks a queue or a free call endpoint');
  const available = async (h: Harness) => (await h.call('GET', '/api/v1/queues/available-endpoints')).json<{ data: { call: Array<{ id: string }> } }>().data.call.map((e) => e.id);

  it('queue-endpoints-still-listed: an assigned endpoint stays on the available list', async () => {
    const h = await openAcme(['queue-endpoints-still-listed']);
    const assigned = await h.call('PUT', `/api/v1/queues/${queue.uuid}`, { json: { endpoints: { call: [...queue.endpoints.call.map((e) => e.id), free.uuid] } } });
    expect(assigned.status, assigned.text).toBe(200);
    expect(await available(h)).toContain(free.uuid);
  });

  it('queue-update-ignored: the fields are not stored, the endpoint assignment is', async () => {
    const h = await openAcme(['queue-update-ignored']);
    const answer = await h.call('PUT', `/api/v1/queues/${queue.uuid}`, { json: { name: 'Renamed', endpoints: { call: [...queue.endpoints.call.map((e) => e.id), free.uuid] } } });
    expect(answer.json<{ data: { name: string } }>().data.name).toBe('Renamed');
    expect((await h.call('GET', `/api/v1/queues/${queue.uuid}`)).json<{ data: { name: string } }>().data.name).toBe(queue.name);
    expect(await available(h)).not.toContain(free.uuid);
  });
});

describe('rates and assistant channel faults', () => {
  it('rates-has-more-on-last-page: has_more is true on the last page', async () => {
    const h = await openAcme(['rates-has-more-on-last-page']);
    const page = (await h.call('GET', '/api/v1/phone-numbers/rates', { query: { per_page: '200', page: '1' } })).json<{
      data: { pagination: { current_page: number; last_page: number; has_more: boolean } };
    }>().data.pagination;
    const last = (await h.call('GET', '/api/v1/phone-numbers/rates', { query: { per_page: '200', page: String(page.last_page) } })).json<{
      data: { pagination: { has_more: boolean } };
    }>().data.pagination;
    expect(last.has_more).toBe(true);
  });

  it('pin-echoed: the saved settings carry the PIN', async () => {
    const member = acme.members[0];
    if (!member) throw new Error('fixture acme has no member');
    const h = await openAcme(['pin-echoed']);
    const saved = await h.call('PUT', '/api/v1/assistant-channels/sms/security', { json: { user_email: member.email, pin: '48291637', two_factor_enabled: true } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json<{ data: { pin?: string } }>().data.pin).toBe('48291637');
  });
});

describe('the sms-code-verification fault', () => {
  it('saves the sms channel with another verification method than the static PIN (the answer breaks the contract, so the mock runs unchecked)', async () => {
    const member = acme.members[0];
    if (!member) throw new Error('fixture acme has no member');
    const mock = createMock({ clock: new MockClock({ frozenAt: T0 }), faults: ['sms-code-verification'] });
    const handle = fetchHandler(mock);
    const save = async (channel: string) => {
      const res = await handle(
        new Request(`http://acme.${mock.config.baseDomain}/api/v1/assistant-channels/${channel}/security`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${demoTenant('acme').fullToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ user_email: member.email, reverify_after_minutes: 30 }),
        }),
      );
      return ((await res.json()) as { data: { verification_method: string } }).data.verification_method;
    };
    expect(await save('sms')).toBe('sms_code');
    expect(await save('email')).toBe('static_pin');
  });
});

describe('the builder-files-no-default fault', () => {
  it('lists nothing without a path, the root with path .', async () => {
    const w = await open(['builder-files-no-default']);
    const c = await deployed(w, 'A booking page');
    const app = dataOf<{ builder: { uuid: string } }>(await w.call('GET', `/api/v1/builder-agents/${c.uuid}`)).builder.uuid;
    expect(dataOf<unknown[]>(await w.call('GET', `/api/v1/builders/${app}/files`))).toEqual([]);
    expect(dataOf<unknown[]>(await w.call('GET', `/api/v1/builders/${app}/files`, { query: { path: '.' } })).length).toBeGreaterThan(0);
  });
});

describe('the builder lifecycle and email release faults', () => {
  const APP = '5c4a140b-274b-4383-907b-31cc2d14a630';
  const status = async (h: Harness) => (await h.call('GET', `/api/v1/builders/${APP}`)).json<{ data: { status: string } }>().data.status;

  it('builder-stop-ignored: the stop answers stopped and the app keeps running', async () => {
    const h = await openAcme(['builder-stop-ignored']);
    expect((await h.call('POST', `/api/v1/builders/${APP}/start`)).status).toBe(200);
    h.clock.advance(60_000);
    expect(await status(h)).toBe('running');
    const stopped = await h.call('POST', `/api/v1/builders/${APP}/stop`);
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json<{ data: { status: string } }>().data.status).toBe('stopped');
    expect(await status(h)).toBe('running');
  });

  it('email-release-keeps-inbox: a second release succeeds again (404 without the fault)', async () => {
    const member = acme.members[0];
    if (!member) throw new Error('fixture acme has no member');
    const release = { query: { user_email: member.email } };
    const h = await openAcme(['email-release-keeps-inbox']);
    expect((await h.call('DELETE', '/api/v1/assistant-channels/email', release)).status).toBe(200);
    expect((await h.call('DELETE', '/api/v1/assistant-channels/email', release)).status).toBe(200);
    await h.close();
    harness = undefined;
    const plain = await openAcme([]);
    expect((await plain.call('DELETE', '/api/v1/assistant-channels/email', release)).status).toBe(200);
    expect((await plain.call('DELETE', '/api/v1/assistant-channels/email', release)).status).toBe(404);
  });
});
