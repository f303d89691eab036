// Agent channel bindings over HTTP: provisioning the call channel from an owned number, assigning
// an SMS number, a WhatsApp number (messaging, or calling as well), an Instagram account and a
// Facebook page. Each answers the agent under `data.agent`; the binding shows in the agents list,
// the phone-number channel snapshot and the available queue endpoints; a number, account or page
// another agent uses is a 409, one not connected or not the workspace's a 422; assigning again is
// idempotent; the Instagram unbind releases an account that can be assigned again.
import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeA, expectShapeB, type Json } from './campaigns-world.ts';

const acme = demoTenant('acme');
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const byName = (name: string) => {
  const agent = acme.state.agents.find((a) => a.name.startsWith(name));
  if (!agent) throw new Error(`fixture acme has no agent ${name}`);
  return agent.uuid;
};
const FAQ = byName('FAQ Assistant');
const RECEPTION = byName('Reception Assistant');
const RECALL = byName('Recall Campaign Agent');
const numberOf = (n: string) => {
  const found = acme.state.phone_numbers.find((p) => p.number === n);
  if (!found) throw new Error(`fixture acme has no number ${n}`);
  return found.uuid;
};
/** Unbound, call- and SMS-capable, connected to WhatsApp without calling. */
const FREE = numberOf('+4989123456789');
/** Reception's number on every channel; connected to WhatsApp with calling enabled. */
const RECEPTION_NUMBER = numberOf('+4930123456780');
/** Recall's number; its WhatsApp connection is not live. */
const RECALL_NUMBER = numberOf('+4930123456781');
/** The external call-only number of the after-hours line. */
const CALL_ONLY = numberOf('+4940987654321');

const path = (agent: string, channel: string) => `/api/v1/agents/${agent}/channels/${channel}`;
type Channels = Record<string, Record<string, unknown> | null>;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function assign(harness: Harness, agent: string, channel: string, json: unknown) {
  return harness.call('POST', path(agent, channel), { json });
}

async function channelsOf(harness: Harness, agent: string): Promise<Channels> {
  const list = await harness.call('GET', '/api/v1/agents');
  const items = ((list.body as Json).data as { items: Array<{ agent_uuid: string; channels: Channels }> }).items;
  const found = items.find((a) => a.agent_uuid === agent);
  if (!found) throw new Error(`agent ${agent} not listed`);
  return found.channels;
}

async function snapshotOf(harness: Harness, numberUuid: string): Promise<Record<string, Record<string, unknown>>> {
  const res = await harness.call('GET', `/api/v1/phone-numbers/${numberUuid}/channels`);
  expect(res.status, res.text).toBe(200);
  return ((res.body as Json).data as { channels: Record<string, Record<string, unknown>> }).channels;
}

type Endpoints = Record<'call' | 'sms' | 'whatsapp' | 'instagram' | 'facebook' | 'email', Array<{ id: string; label: string }>>;

async function available(harness: Harness): Promise<Endpoints> {
  const res = await harness.call('GET', '/api/v1/queues/available-endpoints');
  expect(res.status, res.text).toBe(200);
  return (res.body as Json).data as Endpoints;
}

describe('call provisioning and SMS assignment', () => {
  it('binds an owned number, answers the agent, and shows it in the list and the number snapshot', async () => {
    h = await startHarness('fetch');
    const res = await assign(h, FAQ, 'call/provision', { phone_number_uuid: FREE });
    expect(res.status, res.text).toBe(200);
    const body = res.body as Json;
    expect(body.success).toBe(true);
    const agent = (body.data as { agent: { agent_uuid: string; channels: Channels } }).agent;
    expect(agent.agent_uuid).toBe(FAQ);
    expect(agent.channels.call).toEqual({ phone_number_uuid: FREE, number: '+4989123456789' });
    expect((await channelsOf(h, FAQ)).call).toEqual({ phone_number_uuid: FREE, number: '+4989123456789' });
    expect((await snapshotOf(h, FREE)).call).toMatchObject({ bound: true, agent_uuid: FAQ });

    const sms = await assign(h, FAQ, 'sms', { phone_number_uuid: FREE });
    expect(sms.status, sms.text).toBe(200);
    expect((await snapshotOf(h, FREE)).sms).toMatchObject({ bound: true, agent_uuid: FAQ });
    const labels = (await available(h)).sms.find((e) => e.id === FREE)?.label;
    expect(labels).toContain('FAQ Assistant');
  });

  it('replaces the agent’s previous SMS number and is idempotent for the same number', async () => {
    h = await startHarness('fetch');
    expect((await assign(h, RECALL, 'sms', { phone_number_uuid: FREE })).status).toBe(200);
    expect((await channelsOf(h, RECALL)).sms).toEqual({ phone_number_uuid: FREE, number: '+4989123456789' });
    expect((await snapshotOf(h, RECALL_NUMBER)).sms).toMatchObject({ bound: false });
    const again = await assign(h, RECALL, 'sms', { phone_number_uuid: FREE });
    expect(again.status, again.text).toBe(200);
    expect((await channelsOf(h, RECALL)).sms).toEqual({ phone_number_uuid: FREE, number: '+4989123456789' });
  });

  it('refuses a number another agent uses (409), a number not capable or not owned (422), an unknown agent (404)', async () => {
    h = await startHarness('fetch');
    expect(expectShapeB(await assign(h, FAQ, 'call/provision', { phone_number_uuid: RECEPTION_NUMBER }), 409).code).toBe('CONFLICT');
    expect((await channelsOf(h, FAQ)).call).toBeNull();
    expect((await channelsOf(h, RECEPTION)).call).toEqual({ phone_number_uuid: RECEPTION_NUMBER, number: '+4930123456780' });
    expect(expectShapeB(await assign(h, FAQ, 'sms', { phone_number_uuid: CALL_ONLY }), 422).field).toBe('phone_number_uuid');
    expect(expectShapeB(await assign(h, FAQ, 'call/provision', { phone_number_uuid: UNKNOWN }), 422).field).toBe('phone_number_uuid');
    expect(expectShapeA(await assign(h, UNKNOWN, 'sms', { phone_number_uuid: FREE }), 404)).toMatch(/agent not found/i);
    expect((await assign(h, FAQ, 'sms', {})).status).toBe(422);
    expect((await assign(h, FAQ, 'sms', { phone_number_uuid: FREE, extra: 1 })).status).toBe(422);
  });
});

describe('WhatsApp, WhatsApp Calling, Instagram and Messenger', () => {
  it('assigns a connected WhatsApp number; calling needs calling enabled and also assigns messaging', async () => {
    h = await startHarness('fetch');
    const res = await assign(h, FAQ, 'whatsapp', { phone_number_uuid: FREE });
    expect(res.status, res.text).toBe(200);
    expect((await channelsOf(h, FAQ)).whatsapp).toEqual({ phone_number_uuid: FREE, number: '+4989123456789', waba_id: '104928374650123' });
    expect((await snapshotOf(h, FREE)).whatsapp).toMatchObject({ bound: true, agent_uuid: FAQ });
    expect((await available(h)).whatsapp.map((e) => e.id)).toContain(FREE);
    expect(expectShapeB(await assign(h, FAQ, 'whatsapp-calling', { phone_number_uuid: FREE }), 422).field).toBe('phone_number_uuid');

    // Reception's number has calling enabled: Reception may take calls on it, the FAQ agent may not.
    expect(expectShapeB(await assign(h, FAQ, 'whatsapp-calling', { phone_number_uuid: RECEPTION_NUMBER }), 409).code).toBe('CONFLICT');
    const calling = await assign(h, RECEPTION, 'whatsapp-calling', { phone_number_uuid: RECEPTION_NUMBER });
    expect(calling.status, calling.text).toBe(200);
    expect((await channelsOf(h, RECEPTION)).whatsapp).toEqual({ phone_number_uuid: RECEPTION_NUMBER, number: '+4930123456780', waba_id: '104928374650123', calling: true });
    // Assigning the same number for messaging keeps calling on.
    expect((await assign(h, RECEPTION, 'whatsapp', { phone_number_uuid: RECEPTION_NUMBER })).status).toBe(200);
    expect((await channelsOf(h, RECEPTION)).whatsapp).toMatchObject({ calling: true });
  });

  it('refuses a WhatsApp number whose connection is not live, or that was never connected (422)', async () => {
    h = await startHarness('fetch');
    expect(expectShapeB(await assign(h, RECALL, 'whatsapp', { phone_number_uuid: RECALL_NUMBER }), 422).field).toBe('phone_number_uuid');
    expect((await channelsOf(h, RECALL)).whatsapp).toBeNull();
    expect(expectShapeB(await assign(h, FAQ, 'whatsapp', { phone_number_uuid: CALL_ONLY }), 422).field).toBe('phone_number_uuid');
  });

  it('assigns a connected Instagram account and Facebook page, shown in the agent and the queue endpoints', async () => {
    h = await startHarness('fetch');
    const ig = await assign(h, FAQ, 'instagram', { account_id: '178414000000001' });
    expect(ig.status, ig.text).toBe(200);
    expect((ig.body as { data: { agent: { channels: Channels } } }).data.agent.channels.instagram).toEqual({ account_id: '178414000000001', username: 'acme_support' });
    const fb = await assign(h, FAQ, 'messenger', { page_id: '108273645501929' });
    expect(fb.status, fb.text).toBe(200);
    expect((await channelsOf(h, FAQ)).messenger).toEqual({ page_id: '108273645501929', name: 'Acme Dental Careers' });
    const endpoints = await available(h);
    expect(endpoints.instagram).toContainEqual({ id: '178414000000001', label: '@acme_support' });
    expect(endpoints.facebook).toContainEqual({ id: '108273645501929', label: 'Acme Dental Careers' });
  });

  it('refuses an account or page that is bound elsewhere (409), disconnected or unknown (422)', async () => {
    h = await startHarness('fetch');
    expect(expectShapeB(await assign(h, FAQ, 'instagram', { account_id: '178414000000000' }), 409).code).toBe('CONFLICT');
    expect(expectShapeB(await assign(h, FAQ, 'messenger', { page_id: '108273645501928' }), 409).code).toBe('CONFLICT');
    expect(expectShapeB(await assign(h, FAQ, 'instagram', { account_id: '178414000000002' }), 422).field).toBe('account_id');
    expect(expectShapeB(await assign(h, FAQ, 'messenger', { page_id: '108273645501930' }), 422).field).toBe('page_id');
    expect(expectShapeB(await assign(h, FAQ, 'instagram', { account_id: '999' }), 422).field).toBe('account_id');
    expect(expectShapeB(await assign(h, FAQ, 'messenger', { page_id: '999' }), 422).field).toBe('page_id');
    expect((await channelsOf(h, FAQ)).instagram).toBeNull();
    expect((await channelsOf(h, FAQ)).messenger).toBeNull();
  });

  it('lets an account released by the Instagram unbind be assigned again, to the same or another agent', async () => {
    h = await startHarness('fetch');
    expect((await assign(h, RECEPTION, 'instagram', { account_id: '178414000000000' })).status).toBe(200);
    expect((await h.call('POST', path(RECEPTION, 'instagram/unbind'))).status).toBe(200);
    const res = await assign(h, FAQ, 'instagram', { account_id: '178414000000000' });
    expect(res.status, res.text).toBe(200);
    expect((await channelsOf(h, FAQ)).instagram).toEqual({ account_id: '178414000000000', username: 'acme_official' });
    expect((await channelsOf(h, RECEPTION)).instagram).toBeNull();
  });
});

describe('faults', () => {
  it('channel-binding-conflict-ignored takes a channel another agent is bound to', async () => {
    h = await startHarness('fetch');
    expect((await h.control('PUT', '/faults', { faults: ['channel-binding-conflict-ignored'] })).status).toBe(200);
    expect((await assign(h, FAQ, 'instagram', { account_id: '178414000000000' })).status).toBe(200);
  });

  it('channel-unconnected-accepted assigns a disconnected account', async () => {
    h = await startHarness('fetch');
    expect((await h.control('PUT', '/faults', { faults: ['channel-unconnected-accepted'] })).status).toBe(200);
    expect((await assign(h, FAQ, 'messenger', { page_id: '108273645501930' })).status).toBe(200);
  });
});
