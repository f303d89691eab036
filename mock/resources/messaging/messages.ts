// Outbound messages (SMS, email) and their progress through the sending queue.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
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

/** Records an outbound message as a row of the analytics export (seed "Analytics message row"). */
export function recordMessageRow(ws: WorkspaceState, message: Message, contactUuid: string | null, sessionUuid: string, content: string, label: string): void {
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
    message_type: 'text',
    content,
    content_disclosure: 'raw',
    created_at: message.created_at,
  });
}
