// Calls: POST /call (rate-limited, queued), the call list, and the live call actions by
// conversation_uuid (seed: "A live (non-ended) call is required").
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { parseDateBound } from '../../time/instants.ts';
import { conversationFor } from '../messaging/conversations.ts';
import { enqueue } from '../messaging/sending-queue.ts';
import { agentOr422, senderNumber } from '../messaging/senders.ts';
import { newUuid, normalizeE164 } from '../shared/lookup.ts';
import { paginate } from '../shared/paging.ts';
import { type Call, isLive, liveCallCount, MAX_CONCURRENT_CALLS, settleCall } from './call-state.ts';

function liveCall(ws: WorkspaceState, conversationUuid: string, now: Date): Call {
  const call = ws.calls.find((c) => c.conversation_uuid === conversationUuid);
  if (!call) throw errors.notFound('Call');
  settleCall(ws, call, now);
  if (!isLive(call)) throw errors.conflict('Call has ended', 'The call actions need a live (non-ended) call.');
  return call;
}

/** A `from`/`to` filter read in the applied zone; an impossible date (month 13, 30 February) is a 422. */
function bound(value: string | undefined, zone: string, endOfDay: boolean, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const instant = parseDateBound(value, zone, endOfDay);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return instant;
}

function ok(message: string, call: Call) {
  return { status: 200 as const, body: { success: true as const, message, data: { ...call } } };
}

export const callsHandlers = {
  startCall: ({ ws, body, now }) => {
    const agent = agentOr422(ws, body.agent_uuid);
    const number = senderNumber(ws, 'call', body, agent);
    if (liveCallCount(ws, now) >= MAX_CONCURRENT_CALLS) {
      throw errors.conflict('Too many simultaneous calls', `The workspace already has ${MAX_CONCURRENT_CALLS} calls that have not ended.`);
    }
    const to = normalizeE164(body.to);
    const conversation = conversationFor(ws, 'call', to, agent?.uuid ?? null, now);
    const call: Call = {
      uuid: newUuid(),
      conversation_uuid: conversation.uuid,
      direction: 'outbound',
      status: 'queued',
      to,
      from: number.number,
      phone_number_uuid: number.uuid,
      agent_uuid: agent?.uuid ?? null,
      variables: body.variables ?? {},
      muted: false,
      forwarded_to: null,
      end_reason: null,
      request_key: body.request_key ?? null,
      answered_at: null,
      ended_at: null,
      duration_seconds: null,
      created_at: now,
      updated_at: now,
    };
    ws.calls.push(call);
    enqueue(ws, 'call', call.uuid, now);
    return { status: 201, body: { success: true, message: 'Call accepted and queued', data: { ...call } } };
  },

  listCalls: ({ ws, query, now, zone }) => {
    const from = bound(query.from, zone, false, 'from');
    const to = bound(query.to, zone, true, 'to');
    const calls = ws.calls
      .map((c) => settleCall(ws, c, now))
      .filter(
        (c) =>
          (query.status === undefined || c.status === query.status) &&
          (query.direction === undefined || c.direction === query.direction) &&
          (query.agent_uuid === undefined || c.agent_uuid === query.agent_uuid) &&
          (query.conversation_uuid === undefined || c.conversation_uuid === query.conversation_uuid) &&
          (from === undefined || new Date(c.created_at).getTime() >= from.getTime()) &&
          (to === undefined || new Date(c.created_at).getTime() <= to.getTime()),
      )
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
    const page = paginate(calls, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Calls retrieved', data: { items: page.items.map((c) => ({ ...c })), pagination: page.pagination } } };
  },

  sayOnCall: ({ ws, path, now }) => {
    const call = liveCall(ws, path.conversation_uuid, now);
    call.updated_at = now;
    return ok('The agent says the text on the call', call);
  },

  forwardCall: ({ ws, path, body, now }) => {
    const call = liveCall(ws, path.conversation_uuid, now);
    call.forwarded_to = normalizeE164(body.to);
    call.updated_at = now;
    return ok('Call forwarded', call);
  },

  hangupCall: ({ ws, path, now }) => {
    const call = liveCall(ws, path.conversation_uuid, now);
    call.status = 'ended';
    call.end_reason = 'hangup_action';
    call.ended_at = now;
    call.duration_seconds = call.answered_at ? Math.max(0, Math.round((now.getTime() - new Date(call.answered_at).getTime()) / 1000)) : 0;
    call.updated_at = now;
    return ok('Call ended', call);
  },

  muteCall: ({ ws, path, now }) => {
    const call = liveCall(ws, path.conversation_uuid, now);
    call.muted = true;
    call.updated_at = now;
    return ok('Call muted', call);
  },

  unmuteCall: ({ ws, path, now }) => {
    const call = liveCall(ws, path.conversation_uuid, now);
    call.muted = false;
    call.updated_at = now;
    return ok('Call unmuted', call);
  },
} satisfies HandlerGroup;
