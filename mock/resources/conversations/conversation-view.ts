// A conversation as the published list shows it. Its status and its last change are derived when
// read: a call conversation is Active while its call has not ended and Closed after; a messaging
// conversation keeps the status stored on it (absent: Active). `updated_at` and `timestamp` are the
// latest of its creation, its last message and its call's last change. `responded_by` is Human once
// a team member replied, else AI. A campaign's conversation names the campaign, its listing and
// the campaign's tasks for the contact; a call conversation carries its latest call. Its sessions
// (sessions.ts) are listed by uuid, oldest first.
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { isLive, settleCall } from '../calls/call-state.ts';
import { MEMBER_SENDER } from './messages.ts';
import { sessionsOf } from './sessions.ts';

export type ConversationView = Schemas['Conversation'];
type ChannelLabel = Schemas['ConversationChannelLabel'];
type Channel = ConversationRecord['channel'];

/** The channel as a listed conversation spells it (published: `Whatsapp`, `Call`). */
export const CHANNEL_LABELS: Record<Channel, ChannelLabel> = {
  call: 'Call',
  whatsapp: 'Whatsapp',
  sms: 'Sms',
  email: 'Email',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

/** The channel a filter value names, in either spelling. */
export function channelOfFilter(value: Schemas['ConversationChannelFilter']): Channel {
  return value.toLowerCase() as Channel;
}

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

/** The published call statuses for the mock's call states (`in-progress` as published). */
const CALL_STATUS: Record<string, string> = { queued: 'queued', ringing: 'ringing', in_progress: 'in-progress', ended: 'completed', failed: 'failed' };

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function instantOf(value: unknown): Date | null {
  return value instanceof Date ? value : null;
}

/**
 * The conversation's latest call, in the published form. The call record is read by field name, so
 * this view follows the call's own fields (duration in seconds, recording URL) where they exist.
 */
function callOf(ws: WorkspaceState, conversation: ConversationRecord, now: Date): Schemas['ConversationCall'] | null {
  const calls = ws.calls.filter((c) => c.conversation_uuid === conversation.uuid);
  const latest = calls.reduce<(typeof calls)[number] | undefined>((best, c) => (best === undefined || c.created_at.getTime() >= best.created_at.getTime() ? c : best), undefined);
  if (!latest) return null;
  const call = settleCall(ws, latest, now) as unknown as Record<string, unknown>;
  const direction = typeof call.direction === 'string' ? capitalised(call.direction) : null;
  const status = typeof call.status === 'string' ? (CALL_STATUS[call.status] ?? call.status) : null;
  const seconds = typeof call.duration_seconds === 'number' ? call.duration_seconds : typeof call.duration === 'number' ? call.duration : null;
  const recording = typeof call.record_url === 'string' ? call.record_url : typeof call.recording_url === 'string' ? call.recording_url : null;
  return {
    uuid: latest.uuid,
    direction,
    status,
    duration: seconds,
    recording_url: recording,
    handled_by: typeof call.agent_uuid === 'string' ? 'AI' : null,
    summary: null,
    timestamp: instantOf(call.created_at),
  };
}

function respondedBy(ws: WorkspaceState, conversation: ConversationRecord): string {
  return ws.message_rows.some((r) => r.conversation_uuid === conversation.uuid && r.sender === MEMBER_SENDER) ? 'Human' : 'AI';
}

export function campaignLinks(ws: WorkspaceState, conversation: ConversationRecord): { listing_uuid: string | null; task_uuids: string[] } {
  const campaign = conversation.campaign_uuid ?? null;
  if (campaign === null) return { listing_uuid: null, task_uuids: [] };
  const listing = ws.listings.find((l) => l.campaign_uuid === campaign);
  const tasks = ws.listing_tasks.filter((t) => t.campaign_uuid === campaign && t.contact_uuid === conversation.contact_uuid);
  return { listing_uuid: listing?.uuid ?? null, task_uuids: tasks.map((t) => t.uuid) };
}

/** The conversation's contact in the published form; null when it has none (or it was deleted). */
export function contactOf(ws: WorkspaceState, conversation: ConversationRecord): Schemas['ConversationContact'] | null {
  const contact = conversation.contact_uuid === null ? undefined : ws.contacts.find((c) => c.uuid === conversation.contact_uuid);
  if (!contact) return null;
  const surname = (contact as { surname?: unknown }).surname;
  return { uuid: contact.uuid, name: contact.name, surname: typeof surname === 'string' ? surname : null, phone_number: contact.phone, email: contact.email };
}

export function conversationView(ws: WorkspaceState, conversation: ConversationRecord, now: Date): ConversationView {
  const updated = lastChange(ws, conversation);
  return {
    uuid: conversation.uuid,
    type: 'Real',
    status: statusOf(ws, conversation, now),
    responded_by: respondedBy(ws, conversation),
    is_simulation: false,
    timestamp: updated,
    created_at: conversation.created_at,
    updated_at: updated,
    agent_uuid: conversation.agent_uuid,
    channel: CHANNEL_LABELS[conversation.channel],
    contact: contactOf(ws, conversation),
    session_uuids: sessionsOf(ws, conversation, now).map((s) => s.uuid),
    campaign_uuid: conversation.campaign_uuid ?? null,
    ...campaignLinks(ws, conversation),
    call: conversation.channel === 'call' ? callOf(ws, conversation, now) : null,
  };
}
