// Inbound and outbound messages live in conversations (seed "Events" rule 2); a send joins the
// contact's conversation on that channel (reopening it when it was Closed), or opens one.
import { rawTarget } from '../../state/transaction.ts';
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';

/** The contact with this phone number or email address; a new contact when there is none. */
export function contactByAddress(ws: WorkspaceState, address: string): string {
  const isEmail = address.includes('@');
  const wanted = address.toLowerCase();
  const digits = address.replace(/^\+/, '');
  // Searched in the state itself: inside a transaction, a scan through its proxy would wrap every contact.
  const contact = rawTarget(ws.contacts).find((c) => (isEmail ? c.email?.toLowerCase() === wanted : c.phone !== null && c.phone.replace(/^\+/, '') === digits));
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
    // Found in the state itself, then read through `ws` so that reopening it is a recorded write.
    const at = rawTarget(ws.conversations).findIndex((c) => c.channel === channel && c.contact_uuid === contactUuid);
    const existing = at === -1 ? undefined : ws.conversations[at];
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
