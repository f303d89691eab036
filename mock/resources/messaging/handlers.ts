// The rate-limited send operations for SMS, email and WhatsApp templates, and the outbound summary.
// The pipeline applies the 5-per-second limit and request_key idempotency before these run. Each
// send reaches the agent's webhooks (conversation_update; conversation_status when it opened one).
import type { HandlerContext, HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { deliverOutbound } from '../agents/webhook-dispatch.ts';
import { findOr422, newUuid, normalizeE164 } from '../shared/lookup.ts';
import { conversationFor } from './conversations.ts';
import { type Message, type OutboundSend, outboundMessage, recordMessageRow, templateText } from './messages.ts';
import { enqueue } from './sending-queue.ts';
import { agentNumber, agentOr422, optionalAgentOr422, senderAddress } from './senders.ts';
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

/**
 * A message an agent's number sends: into the recipient's conversation (opened if needed), onto the
 * sending queue, into the analytics export, and to the agent's webhooks.
 */
function sendFromAgent(
  ws: WorkspaceState,
  send: Omit<OutboundSend, 'conversationUuid'>,
  label: string,
  messageType: string,
  now: Date,
  faults: FaultPlan,
): { conversation: ConversationRecord; message: Message } {
  const known = ws.conversations.length;
  const conversation = conversationFor(ws, send.channel, send.to, send.agentUuid, now);
  const message = outboundMessage({ ...send, conversationUuid: conversation.uuid }, now);
  ws.messages.push(message);
  enqueue(ws, send.channel, message.uuid, now);
  recordMessageRow(ws, message, conversation.contact_uuid, conversation.session_uuid, send.text, label, messageType);
  const opened = ws.conversations.length > known;
  deliverOutbound(ws, conversation, opened, { uuid: message.uuid, channel: send.channel, sender: 'AI' }, now, faults.webhookResponses.get(ws.slug));
  return { conversation, message };
}

export const messagingHandlers = {
  sendSms: ({ ws, body, now, faults }) => {
    const agent = agentOr422(ws, body.agentId, 'agentId');
    const number = agentNumber(ws, 'sms', agent, 'agentId');
    const to = normalizeE164(body.phoneNumber);
    const { conversation, message } = sendFromAgent(ws, { channel: 'sms', to, sender: number, agentUuid: agent.uuid, text: body.message, requestKey: body.request_key }, 'SMS', 'text', now, faults);
    return {
      status: 200,
      body: { success: true, message: 'SMS message sent successfully', data: { messageId: message.uuid, recipientPhone: to, conversationId: conversation.uuid } },
    };
  },

  sendEmailMessage: ({ ws, body, now, faults }) => {
    const agent = optionalAgentOr422(ws, body.agent_uuid, 'agent_uuid');
    const address = senderAddress(ws, body, agent);
    const to = Array.isArray(body.to) ? body.to : [body.to];
    const known = ws.conversations.length;
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
    deliverOutbound(ws, conversation, ws.conversations.length > known, { uuid: message.uuid, channel: 'email', sender: 'AI' }, now, faults.webhookResponses.get(ws.slug));
    return { status: 201, body: { success: true, message: 'Email accepted and queued for sending', data: { ...message, to: [...to] } } };
  },

  sendWhatsappTemplate: ({ ws, body, now, faults }) => {
    const template = findOr422(ws.whatsapp_templates, body.templateId, 'templateId', 'WhatsApp template');
    if (template.status !== 'APPROVED') {
      throw errors.validation('VALIDATION_ERROR', `The template ${template.name} (${template.language}) is ${template.status}; only APPROVED templates can be sent.`, 'templateId');
    }
    const agent = agentOr422(ws, body.agentId, 'agentId');
    const binding = agent.channels.whatsapp;
    if (binding?.waba_id !== template.waba_id) {
      throw errors.validation('VALIDATION_ERROR', `The agent ${agent.name} has no WhatsApp number on the template's business account ${template.waba_id}.`, 'agentId');
    }
    const number = ws.phone_numbers.find((p) => p.uuid === binding.phone_number_uuid);
    if (!number) throw errors.validation('VALIDATION_ERROR', `The agent ${agent.name} has no WhatsApp number to send from.`, 'agentId');
    const to = normalizeE164(body.phoneNumber);
    const text = templateText(template.name, body.parameters);
    const send = { channel: 'whatsapp' as const, to, sender: number, agentUuid: agent.uuid, text, requestKey: body.request_key };
    const { conversation, message } = sendFromAgent(ws, send, 'WhatsApp', 'template', now, faults);
    return {
      status: 200,
      body: {
        success: true,
        message: 'WhatsApp template message sent successfully',
        data: { messageId: message.uuid, templateName: template.name, recipientPhone: to, conversationId: conversation.uuid },
      },
    };
  },

  getOutboundSummary: ({ ws, now, zone, faults }) => ({
    status: 200,
    body: { success: true, message: 'Outbound summary retrieved', data: outboundSummary(ws, now, zone, faults.has('summary-ignores-queue')) },
  }),
} satisfies HandlerGroup;
