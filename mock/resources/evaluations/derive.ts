// Session evaluations, derived from state and the clock when read (seed "Evaluate": "A session ends
// when the customer is idle for the configured `sessionization.timeout_minutes` or the conversation
// closes. Analyzer features then run over the session transcript and produce evaluation records.
// Voice and WhatsApp calls are evaluated at call end"). Nothing is stored and no timer runs:
// - a call is one voice session, evaluated when it has ended on the clock (calls/call-state.ts);
// - a messaging conversation's messages form text sessions: an idle gap of the agent's timeout
//   ends one; the last ends once its customer has been idle for the timeout, or with its last
//   message when the conversation is Closed;
// - only while evaluation is active for the conversation's agent (evaluate/settings.ts).
// Each evaluation is identified by its session's subject (the call, or the conversation and the
// session's last message); its uuid and its metrics follow from the subject, so the evaluations
// API and the webhook deliveries that announce evaluations (logs/derived-deliveries.ts) show the
// same records.
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { settleCall } from '../calls/call-state.ts';
import { effectiveValues } from '../evaluate/settings.ts';
import { derivedUuid, evaluationUuid, textSessionSubject } from './identity.ts';

export interface SessionEvaluation {
  uuid: string;
  /** What the session is: a call uuid, or `<conversation uuid>|<last message ms>`. */
  subject: string;
  session_type: 'voice' | 'text';
  session_uuid: string;
  agent_uuid: string;
  conversation: Pick<ConversationRecord, 'uuid' | 'agent_uuid' | 'contact_uuid' | 'channel'>;
  /** A voice session's call. */
  call: { uuid: string; duration_seconds: number | null; end_reason: string | null } | null;
  /** Why the session ended. */
  reason: 'call_end' | 'closed' | 'idle_timeout';
  /** The instant the session ended and was evaluated. */
  created_at: Date;
}

export interface DeriveOptions {
  /** Evaluate a session at its last message instead of after the idle timeout (the fault `evaluation-before-session-end`). */
  idleTimeoutIgnored?: boolean;
}

function evaluationActive(ws: WorkspaceState, agentUuid: string): boolean {
  return effectiveValues(ws, agentUuid).is_active;
}

/**
 * The uuid of a conversation's session that starts at `start` (ms): the conversation's own
 * `session_uuid` for its first session, a derived one for each later session (as the
 * conversation's sessions read shows them, conversations/sessions.ts).
 */
export function sessionUuid(conversation: Pick<ConversationRecord, 'uuid' | 'session_uuid'>, index: number, start: number): string {
  return index === 0 ? conversation.session_uuid : derivedUuid('session', conversation.uuid, String(start));
}

function voiceEvaluations(ws: WorkspaceState, now: Date, out: SessionEvaluation[]): void {
  for (const stored of ws.calls) {
    if (stored.agent_uuid === null) continue;
    // settleCall assigns to the object it gets: settle a copy, the state stays as it is.
    const call = settleCall(ws, { ...stored }, now);
    if (call.status !== 'ended' || !call.ended_at || call.ended_at.getTime() > now.getTime() || !evaluationActive(ws, stored.agent_uuid)) continue;
    const conversation = ws.conversations.find((c) => c.uuid === call.conversation_uuid);
    // A call conversation has one session per call, in the order the calls were made.
    const index = ws.calls.filter((c) => c.conversation_uuid === call.conversation_uuid && c.created_at.getTime() < call.created_at.getTime()).length;
    out.push({
      uuid: evaluationUuid(call.uuid),
      subject: call.uuid,
      session_type: 'voice',
      session_uuid: conversation ? sessionUuid(conversation, index, call.created_at.getTime()) : derivedUuid('session', call.uuid),
      agent_uuid: stored.agent_uuid,
      conversation: { uuid: call.conversation_uuid, agent_uuid: stored.agent_uuid, contact_uuid: conversation?.contact_uuid ?? null, channel: 'call' },
      call: { uuid: call.uuid, duration_seconds: call.duration_seconds, end_reason: call.end_reason },
      reason: 'call_end',
      created_at: call.ended_at,
    });
  }
}

function textEvaluations(ws: WorkspaceState, now: number, options: DeriveOptions, out: SessionEvaluation[]): void {
  const times = new Map<string, number[]>();
  for (const row of ws.message_rows) {
    const list = times.get(row.conversation_uuid) ?? [];
    list.push(row.created_at.getTime());
    times.set(row.conversation_uuid, list);
  }
  for (const c of ws.conversations) {
    const agentUuid = c.agent_uuid;
    if (c.channel === 'call' || agentUuid === null || !evaluationActive(ws, agentUuid)) continue;
    const timeout = effectiveValues(ws, agentUuid).sessionization.timeout_minutes * 60_000;
    const sorted = (times.get(c.uuid) ?? [c.created_at.getTime()]).sort((a, b) => a - b);
    // Each idle gap of the timeout ends a session; the last one ends idle, or with the conversation closed.
    let index = 0;
    let start = sorted[0] as number;
    sorted.forEach((lastAt, i) => {
      const next = sorted[i + 1];
      if (next !== undefined && next - lastAt < timeout) return;
      const session = { index, start };
      index++;
      start = next as number;
      const closed = next === undefined && c.status === 'Closed';
      const moment = closed || options.idleTimeoutIgnored ? lastAt : lastAt + timeout;
      if (moment > now) return;
      const subject = textSessionSubject(c.uuid, lastAt);
      out.push({
        uuid: evaluationUuid(subject),
        subject,
        session_type: 'text',
        session_uuid: sessionUuid(c, session.index, session.start),
        agent_uuid: agentUuid,
        conversation: c,
        call: null,
        reason: closed ? 'closed' : 'idle_timeout',
        created_at: new Date(moment),
      });
    });
  }
}

/** Every session of the workspace that has ended by `now`, with its evaluation. */
export function sessionEvaluations(ws: WorkspaceState, now: Date, options: DeriveOptions = {}): SessionEvaluation[] {
  const out: SessionEvaluation[] = [];
  voiceEvaluations(ws, now, out);
  textEvaluations(ws, now.getTime(), options, out);
  return out;
}
