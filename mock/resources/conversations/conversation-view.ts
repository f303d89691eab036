// A conversation as the API shows it. Its status and its last change are derived when read:
// a call conversation is Active while its call has not ended and Closed after; a messaging
// conversation keeps the status stored on it (absent: Active). `updated_at` is the latest of its
// creation, its last message and its call's last change.
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { isLive, settleCall } from '../calls/call-state.ts';

export type ConversationView = Schemas['Conversation'];

export function statusOf(ws: WorkspaceState, conversation: ConversationRecord, now: Date): Schemas['ConversationStatus'] {
  if (conversation.channel !== 'call') return conversation.status ?? 'Active';
  const calls = ws.calls.filter((c) => c.conversation_uuid === conversation.uuid);
  return calls.some((c) => isLive(settleCall(ws, c, now))) ? 'Active' : 'Closed';
}

function lastChange(ws: WorkspaceState, conversation: ConversationRecord): Date {
  let latest = conversation.created_at.getTime();
  for (const row of ws.message_rows) if (row.conversation_uuid === conversation.uuid) latest = Math.max(latest, row.created_at.getTime());
  for (const call of ws.calls) if (call.conversation_uuid === conversation.uuid) latest = Math.max(latest, call.updated_at.getTime());
  return new Date(latest);
}

export function conversationView(ws: WorkspaceState, conversation: ConversationRecord, now: Date): ConversationView {
  const contact = conversation.contact_uuid === null ? undefined : ws.contacts.find((c) => c.uuid === conversation.contact_uuid);
  return {
    uuid: conversation.uuid,
    channel: conversation.channel,
    status: statusOf(ws, conversation, now),
    contact: contact ? { uuid: contact.uuid, name: contact.name, phone: contact.phone, email: contact.email } : null,
    agent_uuid: conversation.agent_uuid,
    session_uuid: conversation.session_uuid,
    created_at: conversation.created_at,
    updated_at: lastChange(ws, conversation),
  };
}
