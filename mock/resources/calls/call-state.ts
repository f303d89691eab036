// A call's progress, derived from the sending queue and the clock: queued until the queue lets
// it go, ringing for RING_MS, in progress for TALK_MS, then ended (completed). A say message sent
// with end_call_after_spoken ends it once spoken; the hangup action ends it at once. Seed "Calls":
// the actions need a live (non-ended) call; "Limits": 50 simultaneous calls.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { outboundOf } from '../messaging/sending-queue.ts';

export type Call = Schemas['Call'];

/** The fields of a call the list derives when it shows it (callView), never stored. */
type Derived = 'agent' | 'communication' | 'duration' | 'handled_by' | 'timestamp' | 'analysis' | 'prompt' | 'participant' | 'message' | 'goodbye_message';

/** A call as the workspace keeps it: its state, what its requests carried, and what its say messages planned. */
export interface CallRecord extends Omit<Call, Derived> {
  /** The post-call analysis, once there is one (absent: none). */
  analysis?: string | null;
  /** What the start request carried (absent: nothing, as for an inbound call). */
  prompt?: Schemas['CallPrompt'] | null;
  about?: string | null;
  start_message?: string | null;
  /** The goodbye the hangup action had the agent say. */
  goodbye_message?: string | null;
  /** When the agent has spoken every say message sent so far. */
  speech_until?: Date;
  /** When the agent hangs up, after a say message sent with end_call_after_spoken. */
  hangup_at?: Date;
}

export const RING_MS = 5_000;
export const TALK_MS = 60_000;
/** How long the agent takes to speak one character of a say message (about 14 characters a second). */
export const SPEECH_MS_PER_CHAR = 70;
export const MAX_CONCURRENT_CALLS = 50;

/** The goodbye the hangup action speaks when its body names none (published). */
export const DEFAULT_GOODBYE = 'Good Bye';

/**
 * The call as the list shows it: the stored state plus what is derived from the workspace (the
 * agent's name, the conversation's channel) and from the state (duration, who handled it).
 */
export function callView(ws: WorkspaceState, call: CallRecord): Call {
  const { speech_until: _speech, hangup_at: _hangup, analysis, prompt, about, start_message, goodbye_message, ...state } = call;
  const agent = call.agent_uuid === null ? undefined : ws.agents.find((a) => a.uuid === call.agent_uuid);
  const channel = ws.conversations.find((c) => c.uuid === call.conversation_uuid)?.channel;
  return {
    ...state,
    agent: agent ? { uuid: agent.uuid, name: agent.name } : null,
    analysis: analysis ?? null,
    communication: channel === 'whatsapp' ? 'whatsapp_call' : 'call',
    duration: call.duration_seconds ?? 0,
    handled_by: call.forwarded_to === null ? 'AI' : 'Human',
    timestamp: call.created_at,
    prompt: prompt ?? null,
    participant: { number: call.direction === 'outbound' ? call.to : call.from, about: about ?? null },
    message: start_message ? { start: start_message } : null,
    goodbye_message: goodbye_message ?? null,
  };
}

/** When the call is (or was) answered: RING_MS after the queue lets it go; undefined when unknown. */
export function answerTime(ws: WorkspaceState, call: CallRecord): number | undefined {
  if (call.answered_at) return call.answered_at.getTime();
  const record = outboundOf(ws, call.uuid);
  return record ? record.send_at.getTime() + RING_MS : undefined;
}

export function settleCall(ws: WorkspaceState, call: CallRecord, now: Date): CallRecord {
  if (!isLive(call)) return call;
  const nowMs = now.getTime();
  const record = outboundOf(ws, call.uuid);
  const dialAt = record?.send_at.getTime();
  const answerAt = answerTime(ws, call);
  const talkEnd = dialAt === undefined || answerAt === undefined ? Number.POSITIVE_INFINITY : answerAt + TALK_MS;
  const hangupAt = call.hangup_at?.getTime() ?? Number.POSITIVE_INFINITY;
  const endAt = Math.min(talkEnd, hangupAt);
  let status: CallRecord['status'] = call.status;
  if (nowMs >= endAt) status = 'ended';
  else if (answerAt !== undefined && nowMs >= answerAt) status = 'in_progress';
  else if (dialAt !== undefined) status = nowMs >= dialAt ? 'ringing' : 'queued';
  if (status === call.status) return call;
  call.status = status;
  call.answered_at = answerAt !== undefined && nowMs >= answerAt ? new Date(answerAt) : null;
  if (status === 'ended') {
    call.ended_at = new Date(endAt);
    call.end_reason = endAt === hangupAt ? 'end_call_after_spoken' : 'completed';
    call.duration_seconds = answerAt === undefined ? 0 : Math.round((endAt - answerAt) / 1000);
  }
  call.updated_at = new Date(Math.min(nowMs, status === 'ended' ? endAt : nowMs));
  return call;
}

/**
 * Plans a say message: the agent speaks it once the call is answered and the earlier messages are
 * spoken; with `endAfter` it hangs up when done (an earlier planned hang-up still comes first).
 */
export function planSpeech(ws: WorkspaceState, call: CallRecord, message: string, endAfter: boolean, now: Date): void {
  const start = Math.max(now.getTime(), answerTime(ws, call) ?? now.getTime(), call.speech_until?.getTime() ?? 0);
  const done = start + Math.max(1, message.length) * SPEECH_MS_PER_CHAR;
  call.speech_until = new Date(done);
  if (endAfter && (call.hangup_at === undefined || done < call.hangup_at.getTime())) call.hangup_at = new Date(done);
}

export function isLive(call: Pick<Call, 'status'>): boolean {
  return call.status === 'queued' || call.status === 'ringing' || call.status === 'in_progress';
}

export function liveCallCount(ws: WorkspaceState, now: Date): number {
  let count = 0;
  for (const call of ws.calls) if (isLive(settleCall(ws, call, now))) count++;
  return count;
}
