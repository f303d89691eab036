// The SMS and WhatsApp template sends (published API): POST /api/v1/sms/send takes agentId,
// phoneNumber (E.164) and message (1..1600) and answers 200 {messageId, recipientPhone,
// conversationId}; POST /api/v1/whatsapp/template takes agentId, templateId, phoneNumber,
// parameters {field1, ...} and header {type, url} and answers 200 {messageId, templateName,
// recipientPhone, conversationId}.
// Each message joins the contact's conversation on its channel and waits in the sending queue.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { outboundSummary } from '../support/outbound.ts';
import { sendBodies } from '../support/send-bodies.ts';
import { expectShapeB } from '../support/shape-b.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const bodies = sendBodies(acme);

const RECALL_AGENT = '38703800-149e-459b-9d58-c705f979d04a';
const AFTER_HOURS_AGENT = '6ae7f690-a703-427b-817f-13bd30c6121a';
const ANNA = { phone: '+4917698765432', smsConversation: '9dd799bd-280b-46f6-8697-19975ae7a1d4' };
const PENDING_TEMPLATE = '30ce9291-2b8a-4c53-be12-7b5a655c268a';


describe.each(TRANSPORTS)('SMS and WhatsApp template sends over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.mock.store.load(h.mock.fixtures);
    h.clock.freeze(T0);
  });

  const messagesOf = async (conversation: string, tenant = 'acme') => {
    const res = await h.call('GET', `/api/v1/conversations/${conversation}/messages`, { tenant, query: { per_page: '100' } });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listConversationMessages', 200>>().data.data;
  };

  it("answers an SMS with messageId, recipientPhone and conversationId: the contact's SMS conversation", async () => {
    const message = 'Ihr Termin ist am Montag um 9:00 Uhr.';
    const res = await h.call('POST', '/api/v1/sms/send', { json: { agentId: RECALL_AGENT, phoneNumber: '+4917698765432', message } });
    expect(res.status, res.text).toBe(200);
    const reply = res.json<ResponseBody<'sendSms', 200>>();
    expect(reply.message).toBe('SMS message sent successfully');
    expect(reply.data).toEqual({ messageId: expect.any(String), recipientPhone: ANNA.phone, conversationId: ANNA.smsConversation });
    const last = (await messagesOf(ANNA.smsConversation)).at(-1);
    expect(last).toMatchObject({ uuid: reply.data.messageId, direction: 'outbound', content: message });
    expect((await outboundSummary(h)).channels.sms.queued + (await outboundSummary(h)).channels.sms.sending).toBe(1);
  });

  it('opens a new SMS conversation for a number no contact has, in the other workspace too', async () => {
    const body = { ...sendBodies(globex).body('sms'), phoneNumber: '+13125550123' };
    const res = await h.call('POST', '/api/v1/sms/send', { tenant: 'globex', json: body });
    expect(res.status, res.text).toBe(200);
    const data = res.json<ResponseBody<'sendSms', 200>>().data;
    expect(globex.state.conversations.map((c) => c.uuid)).not.toContain(data.conversationId);
    expect((await messagesOf(data.conversationId, 'globex')).map((m) => m.uuid)).toEqual([data.messageId]);
  });

  it('refuses an SMS from an unknown agent or one without an SMS number with 422 naming agentId', async () => {
    expectShapeB(await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms', { agentId: randomUUID() }) }), 422, 'VALIDATION_ERROR', 'agentId');
    expectShapeB(await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms', { agentId: AFTER_HOURS_AGENT }) }), 422, 'VALIDATION_ERROR', 'agentId');
    expect((await outboundSummary(h)).channels.sms.queued).toBe(0);
  });

  it('takes an SMS message of 1 to 1600 characters', async () => {
    expect((await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms', { message: 'x'.repeat(1600) }) })).status).toBe(200);
    expectShapeB(await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms', { message: 'x'.repeat(1601) }) }), 422, 'VALIDATION_ERROR', 'message');
    expectShapeB(await h.call('POST', '/api/v1/sms/send', { json: bodies.body('sms', { message: '' }) }), 422, 'VALIDATION_ERROR', 'message');
  });

  it('answers a WhatsApp template with messageId, templateName, recipientPhone and conversationId (the uuid)', async () => {
    const json = bodies.body('whatsapp', { parameters: { field2: '18 March', field1: 'Jonas' }, header: { type: 'image', url: 'https://cdn.acme.example/whatsapp/checkup.jpg' } });
    const res = await h.call('POST', '/api/v1/whatsapp/template', { json });
    expect(res.status, res.text).toBe(200);
    expect(res.json<ResponseBody<'sendWhatsappTemplate', 200>>().message).toBe('WhatsApp template message sent successfully');
    const data = res.json<ResponseBody<'sendWhatsappTemplate', 200>>().data;
    const contact = acme.state.contacts.find((c) => c.phone === bodies.contactPhone);
    const conversation = acme.state.conversations.find((c) => c.channel === 'whatsapp' && c.contact_uuid === contact?.uuid);
    expect(conversation).toBeDefined();
    const template = acme.state.whatsapp_templates.find((t) => t.uuid === bodies.templateUuid);
    expect(data).toEqual({ messageId: expect.any(String), templateName: template?.name, recipientPhone: bodies.contactPhone, conversationId: conversation?.uuid });
    const last = (await messagesOf(String(data.conversationId))).at(-1);
    expect(last).toMatchObject({ uuid: data.messageId, message_type: 'template', content: `${template?.name}: Jonas | 18 March` });
    expect((await outboundSummary(h)).channels.whatsapp.sending).toBe(1);
  });

  it("reopens the contact's Closed WhatsApp conversation it joins", async () => {
    const closed = acme.state.conversations.find((c) => c.channel === 'whatsapp' && c.status === 'Closed');
    const contact = acme.state.contacts.find((c) => c.uuid === closed?.contact_uuid);
    if (!closed || !contact?.phone) throw new Error('fixture acme has no Closed WhatsApp conversation with a phone contact');
    const statusOf = async () => {
      const res = await h.call('GET', '/api/v1/conversations', { query: { channel: 'whatsapp', per_page: '100' } });
      return res.json<ResponseBody<'listConversations', 200>>().data.data.find((c) => c.uuid === closed.uuid)?.status;
    };
    expect(await statusOf()).toBe('Closed');
    const res = await h.call('POST', '/api/v1/whatsapp/template', { json: bodies.body('whatsapp', { phoneNumber: contact.phone }) });
    expect(res.status, res.text).toBe(200);
    expect(res.json<ResponseBody<'sendWhatsappTemplate', 200>>().data.conversationId).toBe(closed.uuid);
    expect(await statusOf()).toBe('Active');
  });

  it('sends only an approved template, by an agent on its business account', async () => {
    const send = (extra: Record<string, unknown>) => h.call('POST', '/api/v1/whatsapp/template', { json: bodies.body('whatsapp', extra) });
    expectShapeB(await send({ templateId: PENDING_TEMPLATE }), 422, 'VALIDATION_ERROR', 'templateId');
    expectShapeB(await send({ templateId: randomUUID() }), 422, 'VALIDATION_ERROR', 'templateId');
    expectShapeB(await send({ agentId: RECALL_AGENT }), 422, 'VALIDATION_ERROR', 'agentId');
    expectShapeB(await send({ agentId: randomUUID() }), 422, 'VALIDATION_ERROR', 'agentId');
    expectShapeB(await send({ templateId: 'tpl-1' }), 422, 'INVALID_UUID', 'templateId');
    expectShapeB(await send({ header: { type: 'audio', url: 'https://cdn.acme.example/a.mp3' } }), 422, 'VALIDATION_ERROR', 'header.type');
    expectShapeB(await send({ header: { type: 'document', url: 'http://cdn.acme.example/a.pdf' } }), 422, 'INVALID_FORMAT', 'header.url');
    expectShapeB(await send({ parameters: { name: 'Jonas' } }), 422, 'INVALID_FORMAT', 'parameters');
    expectShapeB(await send({ phoneNumber: '0151 1234567' }), 422, 'INVALID_FORMAT', 'phoneNumber');
    const summary = await outboundSummary(h);
    expect(summary.channels.whatsapp.queued + summary.channels.whatsapp.sending).toBe(0);
  });
});
