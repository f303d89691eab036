// A call's progress, derived from the sending queue and the clock: queued until the queue lets
// it go, ringing for RING_MS, in progress for TALK_MS, then ended (completed). The hangup action
// ends it at once. Seed "Calls": the actions need a live (non-ended) call; "Limits": 50
// simultaneous calls.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { outboundOf } from '../messaging/sending-queue.ts';

export type Call = Schemas['Call'];

export const RING_MS = 5_000;
export const TALK_MS = 60_000;
export const MAX_CONCURRENT_CALLS = 50;

export function settleCall(ws: WorkspaceState, call: Call, now: Date): Call {
  if (call.status === 'ended' || call.status === 'failed') return call;
  const record = outboundOf(ws, call.uuid);
  if (!record) return call;
  const nowMs = now.getTime();
  const dialAt = record.send_at.getTime();
  const answerAt = dialAt + RING_MS;
  const endAt = answerAt + TALK_MS;
  let status: Call['status'] = 'queued';
  if (nowMs >= endAt) status = 'ended';
  else if (nowMs >= answerAt) status = 'in_progress';
  else if (nowMs >= dialAt) status = 'ringing';
  if (status !== call.status) {
    call.status = status;
    call.answered_at = nowMs >= answerAt ? new Date(answerAt) : null;
    if (status === 'ended') {
      call.ended_at = new Date(endAt);
      call.end_reason = 'completed';
      call.duration_seconds = Math.round(TALK_MS / 1000);
    }
    call.updated_at = new Date(Math.min(nowMs, status === 'ended' ? endAt : nowMs));
  }
  return call;
}

export function isLive(call: Call): boolean {
  return call.status === 'queued' || call.status === 'ringing' || call.status === 'in_progress';
}

export function liveCallCount(ws: WorkspaceState, now: Date): number {
  let count = 0;
  for (const call of ws.calls) if (isLive(settleCall(ws, call, now))) count++;
  return count;
}
