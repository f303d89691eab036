// Inbound and outbound messages live in conversations (seed "Events" rule 2); a send joins the
// contact's conversation on that channel (reopening it when it was Closed), or opens one.
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';

/** The contact with this phone number or email address; a new contact when there is none. */
export function contactByAddress(ws: WorkspaceState, address: string): string {
  const isEmail = address.includes('@');
  const wanted = address.toLowerCase();
  const digits = address.replace(/^\+/, '');
  const contact = ws.contacts.find((c) => (isEmail ? c.email?.toLowerCase() === wanted : c.phone !== null && c.phone.replace(/^\+/, '') === digits));
  if (contact) return contact.uuid;
  const created = { uuid: newUuid(), name: address, phone: isEmail ? null : `+${digits}`, email: isEmail ? address : null };
  ws.contacts.push(created);
  return created.uuid;
}

export function conversationFor(
  ws: WorkspaceState,
  channel: ConversationRecord['channel'],
  address: string,
  agentUuid: string | null,
  now: Date,
): ConversationRecord {
  const contactUuid = contactByAddress(ws, address);
  if (channel !== 'call') {
    const existing = ws.conversations.find((c) => c.channel === channel && c.contact_uuid === contactUuid);
    if (existing) {
      if (existing.status === 'Closed') existing.status = 'Active';
      return existing;
    }
  }
  const conversation: ConversationRecord = {
    uuid: newUuid(),
    channel,
    contact_uuid: contactUuid,
    agent_uuid: agentUuid,
    session_uuid: newUuid(),
    created_at: now,
  };
  ws.conversations.push(conversation);
  return conversation;
}
