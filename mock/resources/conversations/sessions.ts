// A conversation's sessions (seed "Evaluate": "A session ends when the customer is idle for the
// configured `sessionization.timeout_minutes` or the conversation closes"), derived from state and
// the clock when read, never stored:
// - a messaging conversation's messages belong to one session while each follows the previous by
//   less than the timeout of its agent's effective evaluate settings; a longer gap starts a new
//   one. A session ends `timeout` after its last message, or at its last message when it is the
//   last and the conversation is Closed. Without messages: one session from the creation.
// - a call conversation has one session per call, from its creation to its end.
// A session is evaluated when it ends, while evaluation is enabled for the agent (the same moment
// logs/derived-deliveries.ts delivers text_evaluation and voice_evaluation). The first session's
// uuid is the conversation's own `session_uuid`; the others' are derived from the conversation and
// the session's start. The fault `sessions-split-ignored` answers a single session.
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { derivedUuid } from '../agents/webhook-payload.ts';
import { settleCall } from '../calls/call-state.ts';
import { effectiveValues } from '../evaluate/settings.ts';
import { CHANNEL_LABELS, campaignLinks, contactOf, statusOf } from './conversation-view.ts';

export type SessionView = Schemas['ConversationSession'];

interface Span {
  start: number;
  last: number;
  end: number | null;
  count: number;
  call_uuid: string | null;
}

function evaluation(ws: WorkspaceState, conversation: ConversationRecord): { enabled: boolean; timeoutMs: number } {
  if (conversation.agent_uuid === null) return { enabled: false, timeoutMs: 30 * 60_000 };
  const values = effectiveValues(ws, conversation.agent_uuid);
  return { enabled: values.is_active, timeoutMs: values.sessionization.timeout_minutes * 60_000 };
}

function messageSpans(ws: WorkspaceState, conversation: ConversationRecord, now: number, timeoutMs: number, split: boolean): Span[] {
  const times = ws.message_rows.filter((r) => r.conversation_uuid === conversation.uuid).map((r) => r.created_at.getTime());
  if (times.length === 0) times.push(conversation.created_at.getTime());
  times.sort((a, b) => a - b);
  const spans: Span[] = [];
  for (const at of times) {
    const open = spans[spans.length - 1];
    if (open && (!split || at - open.last < timeoutMs)) {
      open.last = at;
      open.count++;
    } else spans.push({ start: at, last: at, end: null, count: 1, call_uuid: null });
  }
  const closed = statusOf(ws, conversation, new Date(now)) === 'Closed';
  spans.forEach((span, i) => {
    const idleEnd = span.last + timeoutMs;
    if (i < spans.length - 1) span.end = idleEnd;
    else if (closed) span.end = span.last;
    else span.end = idleEnd <= now ? idleEnd : null;
  });
  return spans;
}

function callSpans(ws: WorkspaceState, conversation: ConversationRecord, now: Date): Span[] {
  return ws.calls
    .filter((c) => c.conversation_uuid === conversation.uuid)
    .map((c) => settleCall(ws, c, now))
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .map((c) => ({ start: c.created_at.getTime(), last: (c.ended_at ?? c.updated_at).getTime(), end: c.ended_at?.getTime() ?? null, count: 0, call_uuid: c.uuid }));
}

function summary(conversation: ConversationRecord, span: Span, timeoutMs: number): string {
  const channel = CHANNEL_LABELS[conversation.channel];
  if (span.call_uuid !== null) return `A ${channel.toLowerCase()} between the contact and the agent, evaluated when it ended.`;
  const how = span.end === span.last ? 'when the conversation was closed' : `after ${Math.round(timeoutMs / 60_000)} idle minutes`;
  return `The contact and the agent exchanged ${span.count} message${span.count === 1 ? '' : 's'} on ${channel === 'Whatsapp' ? 'WhatsApp' : channel}; the session ended ${how}.`;
}

/** The conversation's sessions, oldest first. */
export function sessionsOf(ws: WorkspaceState, conversation: ConversationRecord, now: Date, split = true): SessionView[] {
  const { enabled, timeoutMs } = evaluation(ws, conversation);
  const spans = conversation.channel === 'call' ? callSpans(ws, conversation, now) : messageSpans(ws, conversation, now.getTime(), timeoutMs, split);
  if (spans.length === 0) spans.push({ start: conversation.created_at.getTime(), last: conversation.created_at.getTime(), end: null, count: 0, call_uuid: null });
  const shared = { conversation_uuid: conversation.uuid, agent_uuid: conversation.agent_uuid, contact: contactOf(ws, conversation), campaign_uuid: conversation.campaign_uuid ?? null, ...campaignLinks(ws, conversation) };
  return spans.map((span, i) => {
    const ended = span.end === null ? null : new Date(span.end);
    const evaluated = enabled ? ended : null;
    return {
      uuid: i === 0 ? conversation.session_uuid : derivedUuid('session', conversation.uuid, String(span.start)),
      status: ended === null ? 'active' : 'completed',
      started_at: new Date(span.start),
      ended_at: ended,
      last_activity_at: new Date(span.last),
      evaluated_at: evaluated,
      summary: evaluated === null ? null : summary(conversation, span, timeoutMs),
      summary_generated_at: evaluated,
      created_at: new Date(span.start),
      updated_at: ended ?? new Date(span.last),
      ...shared,
      call_uuid: span.call_uuid,
    };
  });
}
