// Outbound messages (SMS, WhatsApp templates, email) and their progress through the sending queue.
import type { PhoneNumberRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import { HANDOVER_MS, outboundOf, phaseOf } from './sending-queue.ts';

export type Message = Schemas['MessagingMessage'];

/** Delivery is confirmed this long after an SMS is sent (email confirms no delivery). */
export const DELIVERY_MS = 5_000;

/** Brings a message's status up to the clock (queued → sending → sent → delivered). */
export function settleMessage(ws: WorkspaceState, message: Message, now: Date): Message {
  const record = outboundOf(ws, message.uuid);
  if (!record || message.status === 'failed') return message;
  const nowMs = now.getTime();
  const phase = phaseOf(record, nowMs);
  const sendAt = record.send_at.getTime();
  let status: Message['status'] = phase;
  if (phase === 'sent' && message.channel !== 'email' && nowMs >= sendAt + HANDOVER_MS + DELIVERY_MS) status = 'delivered';
  if (status !== message.status) {
    message.status = status;
    message.sent_at = phase === 'sent' ? new Date(sendAt + HANDOVER_MS) : null;
    message.delivered_at = status === 'delivered' ? new Date(sendAt + HANDOVER_MS + DELIVERY_MS) : null;
    message.updated_at = now;
  }
  return message;
}

/** What an agent's number sends (SMS or a WhatsApp template). */
export interface OutboundSend {
  conversationUuid: string;
  channel: 'sms' | 'whatsapp';
  to: string;
  sender: PhoneNumberRecord;
  agentUuid: string;
  text: string;
  requestKey: string | undefined;
}

/** The queued message of an SMS or WhatsApp send: the agent's number sends `text` to `to`. */
export function outboundMessage(
  send: OutboundSend,
  now: Date,
): Message {
  return {
    uuid: newUuid(),
    conversation_uuid: send.conversationUuid,
    channel: send.channel,
    direction: 'outbound',
    status: 'queued',
    to: send.to,
    from: send.sender.number,
    phone_number_uuid: send.sender.uuid,
    email_address_uuid: null,
    agent_uuid: send.agentUuid,
    subject: null,
    text: send.text,
    html: null,
    attachments: [],
    request_key: send.requestKey ?? null,
    failure_reason: null,
    sent_at: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** What a WhatsApp template message reads as: the template's name and its parameters in placeholder order. */
export function templateText(name: string, parameters: Record<string, string> | undefined): string {
  const values = Object.entries(parameters ?? {})
    .sort(([a], [b]) => Number(a.slice('field'.length)) - Number(b.slice('field'.length)))
    .map(([, value]) => value);
  return values.length === 0 ? name : `${name}: ${values.join(' | ')}`;
}

/** Records an outbound message as a row of the analytics export (seed "Analytics message row"). */
export function recordMessageRow(
  ws: WorkspaceState,
  message: Message,
  contactUuid: string | null,
  sessionUuid: string,
  content: string,
  label: string,
  messageType = 'text',
): void {
  if (contactUuid === null || message.agent_uuid === null) return;
  ws.message_rows.push({
    message_uuid: message.uuid,
    conversation_uuid: message.conversation_uuid,
    session_uuid: sessionUuid,
    contact_uuid: contactUuid,
    agent_uuid: message.agent_uuid,
    channel: message.channel,
    channel_label: label,
    direction: 'outbound',
    sender: 'api',
    message_type: messageType,
    content,
    content_disclosure: 'raw',
    created_at: message.created_at,
  });
}
