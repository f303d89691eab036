// Inbound messages (seed "Events" rule 2) simulated through POST /__mock/inbound: a message from a
// known contact lands in the contact's open conversation on the channel; from an unknown sender it
// opens a conversation and adds a contact; a Closed conversation is not reused. Each shows in the
// conversations list, in the conversation's messages (sender Contact) and in the analytics export
// (direction inbound). Bad bodies are 422 Shape B naming the field; an unknown tenant 404.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
type Conversations = ResponseBody<'listConversations', 200>['data'];
type Messages = ResponseBody<'listConversationMessages', 200>['data'];
type Export = ResponseBody<'exportAnalyticsMessages', 200>;
interface Inbound {
  conversation_uuid: string;
  message_uuid: string;
  contact_uuid: string;
  agent_uuid: string;
  conversation_created: boolean;
  contact_created: boolean;
  webhook_deliveries: number;
}

const smsConversation = acme.state.conversations.find((c) => c.channel === 'sms' && (c.status ?? 'Active') === 'Active');
const smsContact = acme.state.contacts.find((k) => k.uuid === smsConversation?.contact_uuid);
const closedEmail = acme.state.conversations.find((c) => c.channel === 'email' && c.status === 'Closed');
const closedEmailContact = acme.state.contacts.find((k) => k.uuid === closedEmail?.contact_uuid);
if (!smsConversation || !smsContact?.phone || !closedEmail || !closedEmailContact?.email) throw new Error('acme fixture lacks an open SMS or a Closed email conversation');

describe('inbound messages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.clock.freeze(T0);
    h.mock.store.load(h.mock.fixtures);
  });

  async function inbound(body: Record<string, unknown>): Promise<Inbound> {
    const res = await h.control('POST', '/inbound', { tenant: 'acme', ...body });
    expect(res.status).toBe(201);
    return (res.body as { data: Inbound }).data;
  }

  async function messages(uuid: string): Promise<Messages['data']> {
    const res = await h.call('GET', `/api/v1/conversations/${uuid}/messages`, { query: { per_page: '100' } });
    expect(res.status).toBe(200);
    return res.json<{ data: Messages }>().data.data;
  }

  async function exported(): Promise<Export['messages']> {
    const res = await h.call('GET', '/api/v1/analytics/messages', { query: { from: new Date(T0 - 60_000).toISOString(), to: new Date(T0 + 60_000).toISOString() } });
    expect(res.status).toBe(200);
    return res.json<Export>().messages;
  }

  it('a message from a known contact lands in their open conversation on that channel', async () => {
    const before = acme.state.conversations.length;
    const got = await inbound({ channel: 'sms', from: smsContact.phone, text: 'Is Friday still fine?' });
    expect(got).toMatchObject({ conversation_uuid: smsConversation.uuid, contact_uuid: smsContact.uuid, conversation_created: false, contact_created: false });
    expect(h.mock.store.get('acme')?.state.conversations).toHaveLength(before);
    const last = (await messages(smsConversation.uuid)).at(-1);
    expect(last).toMatchObject({ uuid: got.message_uuid, direction: 'inbound', sender: 'Contact', content: 'Is Friday still fine?' });
    const rows = await exported();
    expect(rows.find((r) => r.message_uuid === got.message_uuid)).toMatchObject({ direction: 'inbound', channel: 'sms', conversation_uuid: smsConversation.uuid, contact_uuid: smsContact.uuid });
    const list = await h.call('GET', '/api/v1/conversations', { query: { sort_by: 'updated_at', sort_dir: 'desc', per_page: '1' } });
    expect(list.json<{ data: Conversations }>().data.data[0]?.uuid).toBe(smsConversation.uuid);
  });

  it('an unknown sender opens a conversation with a new contact, listed and readable', async () => {
    const got = await inbound({ channel: 'whatsapp', from: '+491701112223', text: 'Hallo, habt ihr morgen Zeit?' });
    expect(got.conversation_created).toBe(true);
    expect(got.contact_created).toBe(true);
    const list = await h.call('GET', '/api/v1/conversations', { query: { phone: '+491701112223' } });
    const found = list.json<{ data: Conversations }>().data.data;
    expect(found.map((c) => c.uuid)).toEqual([got.conversation_uuid]);
    expect(found[0]).toMatchObject({ channel: 'Whatsapp', status: 'Active', contact: { uuid: got.contact_uuid, phone_number: '+491701112223' } });
    expect((await messages(got.conversation_uuid)).map((m) => m.content)).toEqual(['Hallo, habt ihr morgen Zeit?']);
    expect((await exported()).filter((r) => r.conversation_uuid === got.conversation_uuid).map((r) => r.direction)).toEqual(['inbound']);
    // A second message from the same sender joins that conversation.
    const again = await inbound({ channel: 'whatsapp', from: '+491701112223', text: 'Oder übermorgen?' });
    expect(again).toMatchObject({ conversation_uuid: got.conversation_uuid, conversation_created: false, contact_created: false });
  });

  it('a Closed conversation is not reused: the email opens a new one for the same contact', async () => {
    const got = await inbound({ channel: 'email', from: closedEmailContact.email?.toUpperCase(), subject: 'Rechnung', text: 'Bitte senden Sie mir die Rechnung.' });
    expect(got.contact_uuid).toBe(closedEmailContact.uuid);
    expect(got.conversation_uuid).not.toBe(closedEmail.uuid);
    expect(got.conversation_created).toBe(true);
    expect((await messages(closedEmail.uuid)).map((m) => m.uuid)).not.toContain(got.message_uuid);
  });

  it('the agent is the one the message was addressed to; no agent there is a 422 on `to`', async () => {
    const agent = acme.state.agents.find((a) => a.channels.sms !== null && a.uuid !== smsConversation.agent_uuid);
    const number = acme.state.phone_numbers.find((p) => p.uuid === agent?.channels.sms)?.number;
    if (!agent || !number) throw new Error('acme fixture lacks a second SMS agent');
    const got = await inbound({ channel: 'sms', from: '+4915000000001', to: number, text: 'Hi' });
    expect(got.agent_uuid).toBe(agent.uuid);
    const none = await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from: '+4915000000001', to: '+10000000000', text: 'Hi' });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', field: 'to' } });
  });

  it.each([
    ['a number without +', { channel: 'sms', from: '4915112345678', text: 'x' }, 'from', 'INVALID_FORMAT'],
    ['an email sender that is no address', { channel: 'email', from: 'not-an-address', text: 'x' }, 'from', 'INVALID_FORMAT'],
    ['an unknown channel', { channel: 'fax', from: '+4915112345678', text: 'x' }, 'channel', 'VALIDATION_ERROR'],
    ['no text', { channel: 'sms', from: '+4915112345678' }, 'text', 'VALIDATION_ERROR'],
    ['a subject on sms', { channel: 'sms', from: '+4915112345678', text: 'x', subject: 'y' }, 'subject', 'VALIDATION_ERROR'],
    ['an unknown property', { channel: 'sms', from: '+4915112345678', text: 'x', extra: 1 }, 'extra', 'VALIDATION_ERROR'],
  ])('refuses %s with 422 Shape B and changes nothing', async (_what, body, field, code) => {
    const before = JSON.stringify(h.mock.store.get('acme')?.state.message_rows.length);
    const res = await h.control('POST', '/inbound', { tenant: 'acme', ...body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, error: { code, field } });
    expect(JSON.stringify(h.mock.store.get('acme')?.state.message_rows.length)).toBe(before);
  });

  it('an unknown tenant is a 404', async () => {
    const res = await h.control('POST', '/inbound', { tenant: 'nope', channel: 'sms', from: '+4915112345678', text: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'RESOURCE_NOT_FOUND', field: 'tenant' } });
  });
});
