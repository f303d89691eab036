// Inbound messages (seed "Events" rule 2: "Inbound email and inbound channel messages become
// conversations automatically"), simulated through the control API (POST /__mock/inbound). The
// message lands in the open (Active) conversation of the same contact on the same channel; without
// one, a conversation opens with the agent the message was addressed to (and a contact is added
// when no contact has the sender's address). It becomes a message of the conversation (sender
// Contact), a row of the analytics export (direction inbound), and the agent's webhooks get a
// conversation_update (and a conversation_status when a conversation opened).
import { errors } from '../../pipeline/api-error.ts';
import type { Agent, Contact, ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { deliver, type SimulatedResponse } from '../agents/webhook-dispatch.ts';
import { newUuid } from '../shared/lookup.ts';

export type InboundChannel = 'sms' | 'whatsapp' | 'email' | 'instagram' | 'messenger';

export interface InboundMessage {
  channel: InboundChannel;
  /** The sender: E.164 with `+` (sms, whatsapp), an email address, or the Instagram/page-scoped user id. */
  from: string;
  /** The workspace's address it was sent to: a number, an email address, an Instagram account id or a page id; absent: the first agent on the channel. */
  to?: string;
  text: string;
  subject?: string;
}

export interface InboundResult {
  conversation_uuid: string;
  message_uuid: string;
  contact_uuid: string;
  agent_uuid: string;
  conversation_created: boolean;
  contact_created: boolean;
  webhook_deliveries: number;
}

const LABELS: Record<InboundChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email', instagram: 'Instagram', messenger: 'Messenger' };

/** The address an agent is reached at on the channel, as `to` names it. */
function agentAddress(ws: WorkspaceState, agent: Agent, channel: InboundChannel): string | null {
  const c = agent.channels;
  const number = (uuid: string | null | undefined) => (uuid ? (ws.phone_numbers.find((p) => p.uuid === uuid)?.number ?? null) : null);
  switch (channel) {
    case 'sms':
      return number(c.sms);
    case 'whatsapp':
      return number(c.whatsapp?.phone_number_uuid);
    case 'email':
      return c.email ? (ws.email_addresses.find((e) => e.uuid === c.email)?.address ?? null) : null;
    case 'instagram':
      return c.instagram?.account_id ?? null;
    case 'messenger':
      return c.messenger?.page_id ?? null;
  }
}

function addressedAgent(ws: WorkspaceState, message: InboundMessage): Agent {
  const reachable = ws.agents.filter((a) => agentAddress(ws, a, message.channel) !== null);
  const to = message.to;
  const agent = to === undefined ? reachable[0] : reachable.find((a) => (agentAddress(ws, a, message.channel) ?? '').toLowerCase() === to.toLowerCase());
  if (!agent) {
    const what = to === undefined ? `No agent of the workspace is reachable on ${LABELS[message.channel]}.` : `No agent of the workspace is reachable at ${to} on ${LABELS[message.channel]}.`;
    throw errors.validation('VALIDATION_ERROR', what, to === undefined ? 'channel' : 'to');
  }
  return agent;
}

function sameAddress(a: string | null, b: string, channel: InboundChannel): boolean {
  return a !== null && (channel === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b);
}

function senderContact(ws: WorkspaceState, message: InboundMessage): Contact | undefined {
  const { channel, from } = message;
  if (channel === 'instagram' || channel === 'messenger') {
    const known = ws.conversations.find((c) => c.channel === channel && c.contact_channel_id === from && c.contact_uuid !== null);
    return known ? ws.contacts.find((c) => c.uuid === known.contact_uuid) : undefined;
  }
  return ws.contacts.find((c) => sameAddress(channel === 'email' ? c.email : c.phone, from, channel));
}

/** `opens` false (fault inbound-no-conversation): a message that needs a new conversation is stored, but the conversation is never opened. */
export function receiveInbound(ws: WorkspaceState, message: InboundMessage, now: Date, response: SimulatedResponse, opens = true): InboundResult {
  const agent = addressedAgent(ws, message);
  let contact = senderContact(ws, message);
  const contactCreated = contact === undefined;
  if (!contact) {
    const email = message.channel === 'email' ? message.from : null;
    const phone = message.channel === 'sms' || message.channel === 'whatsapp' ? message.from : null;
    contact = { uuid: newUuid(), name: message.from, phone, email };
    ws.contacts.push(contact);
  }
  const contactUuid = contact.uuid;
  let conversation = ws.conversations.find((c) => c.channel === message.channel && c.contact_uuid === contactUuid && (c.status ?? 'Active') === 'Active');
  const conversationCreated = conversation === undefined;
  if (!conversation) {
    const opened: ConversationRecord = {
      uuid: newUuid(),
      channel: message.channel,
      contact_uuid: contactUuid,
      agent_uuid: agent.uuid,
      session_uuid: newUuid(),
      created_at: now,
      status: 'Active',
      ...(message.channel === 'instagram' || message.channel === 'messenger' ? { contact_channel_id: message.from } : {}),
    };
    if (opens) ws.conversations.push(opened);
    conversation = opened;
  }
  const agentUuid = conversation.agent_uuid ?? agent.uuid;
  const messageUuid = newUuid();
  ws.message_rows.push({
    message_uuid: messageUuid,
    conversation_uuid: conversation.uuid,
    session_uuid: conversation.session_uuid,
    contact_uuid: contactUuid,
    agent_uuid: agentUuid,
    channel: message.channel,
    channel_label: LABELS[message.channel],
    direction: 'inbound',
    sender: 'contact',
    message_type: 'text',
    content: message.text,
    content_disclosure: 'raw',
    created_at: now,
  });
  let deliveries = 0;
  if (conversationCreated) deliveries += deliver(ws, 'conversation_status', conversation, { status: 'Active' }, now, response);
  const update: Record<string, unknown> = { message_uuid: messageUuid, channel: message.channel, direction: 'inbound', sender: 'Contact' };
  if (message.subject !== undefined) update.subject = message.subject;
  deliveries += deliver(ws, 'conversation_update', conversation, update, now, response);
  return {
    conversation_uuid: conversation.uuid,
    message_uuid: messageUuid,
    contact_uuid: contactUuid,
    agent_uuid: agentUuid,
    conversation_created: conversationCreated,
    contact_created: contactCreated,
    webhook_deliveries: deliveries,
  };
}

/** Ends a messaging conversation (control API): Closed, with conversation_status and conversation_end_report deliveries. */
export function endConversation(ws: WorkspaceState, uuid: string, now: Date, response: SimulatedResponse): { conversation_uuid: string; status: 'Closed'; webhook_deliveries: number } {
  const conversation = ws.conversations.find((c) => c.uuid === uuid);
  if (!conversation) throw errors.notFound('Conversation');
  if (conversation.channel === 'call') throw errors.conflict('A call conversation ends with its call', `Conversation ${uuid} is a call conversation.`);
  if (conversation.status === 'Closed') throw errors.conflict('Conversation already closed', `Conversation ${uuid} is already Closed.`);
  conversation.status = 'Closed';
  const messages = ws.message_rows.filter((r) => r.conversation_uuid === uuid).length;
  let deliveries = deliver(ws, 'conversation_status', conversation, { status: 'Closed' }, now, response);
  deliveries += deliver(ws, 'conversation_end_report', conversation, { status: 'Closed', channel: conversation.channel, messages, started_at: conversation.created_at, ended_at: now }, now, response);
  return { conversation_uuid: uuid, status: 'Closed', webhook_deliveries: deliveries };
}
