// Session figures (GET /api/v1/analytics/sessions; inferred): the sessions that started in the
// bucket, by channel and distinct contacts, and the analytics message rows created in the bucket.
import type { ConversationRecord, MessageRow, Schemas } from '../../state/workspace.ts';

type ByChannel = Schemas['AnalyticsSessionsByChannel'];

export interface SessionTally {
  by_channel: ByChannel;
  contacts: Set<string>;
  inbound_messages: number;
  outbound_messages: number;
}

export function newSessionTally(): SessionTally {
  return { by_channel: { call: 0, whatsapp: 0, sms: 0, email: 0, instagram: 0, messenger: 0 }, contacts: new Set(), inbound_messages: 0, outbound_messages: 0 };
}

/** A session, as its conversation shows it. */
export function addSession(tally: SessionTally, conversation: ConversationRecord): void {
  tally.by_channel[conversation.channel]++;
  if (conversation.contact_uuid !== null) tally.contacts.add(conversation.contact_uuid);
}

export function addMessage(tally: SessionTally, row: MessageRow): void {
  if (row.direction === 'inbound') tally.inbound_messages++;
  else tally.outbound_messages++;
}

export function sessionFigures(t: SessionTally): Schemas['AnalyticsSessionFigures'] {
  const sessions = Object.values(t.by_channel).reduce((sum, n) => sum + n, 0);
  return {
    sessions,
    contacts: t.contacts.size,
    by_channel: { ...t.by_channel },
    messages: t.inbound_messages + t.outbound_messages,
    inbound_messages: t.inbound_messages,
    outbound_messages: t.outbound_messages,
  };
}
