// The rate-limited send operations for SMS, email and WhatsApp templates, and the outbound summary.
// The pipeline applies the 5-per-second limit and request_key idempotency before these run.
import type { HandlerContext, HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { findOr422, newUuid, normalizeE164 } from '../shared/lookup.ts';
import { conversationFor } from './conversations.ts';
import { type Message, recordMessageRow } from './messages.ts';
import { enqueue } from './sending-queue.ts';
import { agentOr422, senderAddress, senderNumber } from './senders.ts';
import { outboundSummary } from './summary.ts';

type AttachmentInput = NonNullable<HandlerContext<'sendEmailMessage'>['body']['attachments']>[number];

/** What a message shows of an attachment: a URL one keeps its URL; base64 content its decoded size. */
function attachmentInfo(a: AttachmentInput) {
  if ('url' in a && typeof a.url === 'string') {
    const name = a.filename ?? decodeURIComponent(new URL(a.url).pathname.split('/').pop() || 'attachment');
    return { filename: name, mime_type: a.mime_type ?? 'application/octet-stream', url: a.url, size_bytes: null };
  }
  const content = (a as { content: string }).content;
  const padding = content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0;
  return { filename: a.filename ?? 'attachment', mime_type: a.mime_type ?? 'application/octet-stream', url: null, size_bytes: Math.floor((content.length * 3) / 4) - padding };
}

export const messagingHandlers = {
  sendSms: ({ ws, body, now }) => {
    const agent = agentOr422(ws, body.agent_uuid);
    const number = senderNumber(ws, 'sms', body, agent);
    const to = normalizeE164(body.to);
    const conversation = conversationFor(ws, 'sms', to, agent?.uuid ?? null, now);
    const message: Message = {
      uuid: newUuid(),
      conversation_uuid: conversation.uuid,
      channel: 'sms',
      direction: 'outbound',
      status: 'queued',
      to,
      from: number.number,
      phone_number_uuid: number.uuid,
      email_address_uuid: null,
      agent_uuid: agent?.uuid ?? null,
      subject: null,
      text: body.text,
      html: null,
      attachments: [],
      request_key: body.request_key ?? null,
      failure_reason: null,
      sent_at: null,
      delivered_at: null,
      created_at: now,
      updated_at: now,
    };
    ws.messages.push(message);
    enqueue(ws, 'sms', message.uuid, now);
    recordMessageRow(ws, message, conversation.contact_uuid, conversation.session_uuid, body.text, 'SMS');
    return { status: 201, body: { success: true, message: 'SMS accepted and queued for sending', data: { ...message } } };
  },

  sendEmailMessage: ({ ws, body, now }) => {
    const agent = agentOr422(ws, body.agent_uuid);
    const address = senderAddress(ws, body, agent);
    const to = Array.isArray(body.to) ? body.to : [body.to];
    const conversation = conversationFor(ws, 'email', to[0] as string, agent?.uuid ?? null, now);
    const message: Message = {
      uuid: newUuid(),
      conversation_uuid: conversation.uuid,
      channel: 'email',
      direction: 'outbound',
      status: 'queued',
      to,
      from: address.address,
      phone_number_uuid: null,
      email_address_uuid: address.uuid,
      agent_uuid: agent?.uuid ?? null,
      subject: body.subject,
      text: body.text ?? null,
      html: body.html ?? null,
      attachments: (body.attachments ?? []).map(attachmentInfo),
      request_key: body.request_key ?? null,
      failure_reason: null,
      sent_at: null,
      delivered_at: null,
      created_at: now,
      updated_at: now,
    };
    ws.messages.push(message);
    enqueue(ws, 'email', message.uuid, now);
    recordMessageRow(ws, message, conversation.contact_uuid, conversation.session_uuid, body.text ?? body.html ?? '', 'Email');
    return { status: 201, body: { success: true, message: 'Email accepted and queued for sending', data: { ...message, to: [...to] } } };
  },

  sendWhatsappTemplate: ({ ws, body, now }) => {
    let templateUuid: string;
    let settingUuid: string | null = null;
    if (body.template_setting_uuid !== undefined) {
      const setting = findOr422(ws.template_settings, body.template_setting_uuid, 'template_setting_uuid', 'template setting');
      if (setting.status !== 'active') throw errors.validation('VALIDATION_ERROR', 'The template setting is not active.', 'template_setting_uuid');
      settingUuid = setting.uuid;
      templateUuid = setting.template.uuid;
    } else {
      templateUuid = findOr422(ws.whatsapp_templates, body.template_uuid as string, 'template_uuid', 'template').uuid;
    }
    const template = ws.whatsapp_templates.find((t) => t.uuid === templateUuid);
    const agent =
      body.agent_uuid !== undefined
        ? findOr422(ws.agents, body.agent_uuid, 'agent_uuid', 'agent')
        : ws.agents.find((a) => a.channels.whatsapp !== null && a.channels.whatsapp.waba_id === template?.waba_id);
    if (!agent?.channels.whatsapp) {
      throw errors.validation('VALIDATION_ERROR', 'No agent with a WhatsApp channel can send this template.', 'agent_uuid');
    }
    const to = normalizeE164(body.to);
    const conversation = conversationFor(ws, 'whatsapp', to, agent.uuid, now);
    const sent = {
      uuid: newUuid(),
      conversation_uuid: conversation.uuid,
      status: 'queued' as const,
      to,
      template_setting_uuid: settingUuid,
      template_uuid: templateUuid,
      agent_uuid: agent.uuid,
      request_key: body.request_key ?? null,
      created_at: now,
    };
    ws.whatsapp_messages.push(sent);
    enqueue(ws, 'whatsapp', sent.uuid, now);
    ws.message_rows.push({
      message_uuid: sent.uuid,
      conversation_uuid: conversation.uuid,
      session_uuid: conversation.session_uuid,
      contact_uuid: conversation.contact_uuid as string,
      agent_uuid: agent.uuid,
      channel: 'whatsapp',
      channel_label: 'WhatsApp',
      direction: 'outbound',
      sender: 'agent',
      message_type: 'template',
      content: template?.name ?? 'template',
      content_disclosure: 'raw',
      created_at: now,
    });
    return { status: 201, body: { success: true, message: 'WhatsApp template message accepted and queued for sending', data: { ...sent } } };
  },

  getOutboundSummary: ({ ws, now, zone }) => ({
    status: 200,
    body: { success: true, message: 'Outbound summary retrieved', data: outboundSummary(ws, now, zone) },
  }),
} satisfies HandlerGroup;
