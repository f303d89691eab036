// Calls: POST /call (rate-limited, queued), the call list, and the live call actions under
// /calls/action/{uuid}, the uuid being the call's conversation (seed: "A live (non-ended) call is
// required"). The actions answer as published, `{success, message: "<Action> dispatched", data: {}}`;
// the call's state shows in the list.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { parseDateBound } from '../../time/instants.ts';
import { agentNumber } from '../messaging/senders.ts';
import { normalizeE164 } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { callDetailHandlers } from './details.ts';
import { type CallRecord, callView, DEFAULT_GOODBYE, isLive, liveCallCount, MAX_CONCURRENT_CALLS, planSpeech, settleCall } from './call-state.ts';
import { settleTasks } from '../tasks/runner.ts';
import { placeCall } from './place-call.ts';

/**
 * The call of a conversation (its latest, when the conversation held several), which must be live;
 * with `acceptEnded` (the fault `call-action-after-end`) an ended one too.
 */
function liveCall(ws: WorkspaceState, conversationUuid: string, now: Date, acceptEnded = false): CallRecord {
  const call = ws.calls.reduce<CallRecord | undefined>(
    (latest, c) => (c.conversation_uuid === conversationUuid && (!latest || c.created_at.getTime() >= latest.created_at.getTime()) ? c : latest),
    undefined,
  );
  if (!call) throw errors.notFound('Call');
  settleCall(ws, call, now);
  if (!isLive(call) && !acceptEnded) throw errors.conflict('Call has ended', `The call of conversation ${conversationUuid} has ended; call actions need a live call.`);
  return call;
}

/** A `from`/`to` filter read in the applied zone; an impossible date (month 13, 30 February) is a 422. */
function bound(value: string | undefined, zone: string, endOfDay: boolean, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const instant = parseDateBound(value, zone, endOfDay);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return instant;
}

/** Where a call's audio is followed live and its recording fetched, on the workspace's own host. */
/** The published answer of a call action: the action was handed to the call; `data` is empty. */
function dispatched(message: string) {
  return { status: 200 as const, body: { success: true as const, message, data: {} } };
}

export const callsHandlers = {
  ...callDetailHandlers,

  startCall: ({ ws, body, now, config, faults }) => {
    // Published: an agentId the workspace does not have is a 404.
    const agent = ws.agents.find((a) => a.uuid === body.agentId);
    if (!agent) throw errors.notFound('Agent');
    const number = agentNumber(ws, 'call', agent, 'agentId');
    if (liveCallCount(ws, now) >= MAX_CONCURRENT_CALLS && !faults.has('no-concurrent-call-limit')) {
      throw errors.conflict('Concurrent call limit reached', `The workspace already has ${MAX_CONCURRENT_CALLS} simultaneous calls (queued, ringing or in progress). Retry when one ends.`);
    }
    const to = normalizeE164(body.participant.number);
    const { call, conversation } = placeCall(ws, config, {
      agent,
      number,
      to,
      at: now,
      request_key: body.request_key ?? null,
      prompt: body.prompt ? { ...body.prompt } : null,
      about: body.participant.about ?? null,
      start_message: body.message?.start ?? null,
    });
    if (body.message) planSpeech(ws, call, body.message.start, false, now);
    return {
      status: 200,
      body: {
        success: true,
        message: 'Call created successfully',
        data: {
          id: call.uuid,
          agentId: agent.uuid,
          // The number's carrier: the service's own telephony, or the workspace's SIP trunk.
          provider: number.is_external ? 'sip_trunk' : 'twilio',
          status: 'initiated',
          conversation_uuid: call.conversation_uuid,
          contact_uuid: conversation.contact_uuid as string,
          listen_url: call.listen_url,
          record_url: call.record_url,
          participant: { number: to },
          createdAt: now,
        },
      },
    };
  },

  listCalls: ({ ws, query, now, zone, faults, config }) => {
    // Tasks due by now have placed their calls (tasks/runner.ts) before the list is read.
    settleTasks(ws, now, config, faults);
    // The `wall-time-read-as-utc` fault reads wall times without an offset in UTC.
    const inputZone = faults.has('wall-time-read-as-utc') ? 'UTC' : zone;
    const from = bound(query.from, inputZone, false, 'from');
    const to = bound(query.to, inputZone, true, 'to');
    const calls = ws.calls
      .map((c) => settleCall(ws, c, now))
      .filter(
        (c) =>
          (query.status === undefined || c.status === query.status) &&
          (query.direction === undefined || c.direction === query.direction) &&
          (query.agent_id === undefined || c.agent_uuid === query.agent_id) &&
          (query.conversation_uuid === undefined || c.conversation_uuid === query.conversation_uuid) &&
          (from === undefined || c.created_at.getTime() >= from.getTime()) &&
          (to === undefined || c.created_at.getTime() <= to.getTime()),
      )
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
      .map((c) => callView(ws, c));
    return { status: 200, body: { success: true, message: 'Calls retrieved', data: pagedList(calls, query.page, query.per_page) } };
  },

  sayOnCall: ({ ws, path, body, now, faults }) => {
    const call = liveCall(ws, path.uuid, now, faults.has('call-action-after-end'));
    planSpeech(ws, call, body.message, body.end_call_after_spoken ?? false, now);
    call.updated_at = now;
    return dispatched('Say dispatched');
  },

  forwardCall: ({ ws, path, body, now, faults }) => {
    const call = liveCall(ws, path.uuid, now, faults.has('call-action-after-end'));
    call.forwarded_to = normalizeE164(body.to);
    call.updated_at = now;
    return dispatched('Forward dispatched');
  },

  hangupCall: ({ ws, path, body, now, faults }) => {
    const call = liveCall(ws, path.uuid, now, faults.has('call-action-after-end'));
    // The agent says the goodbye (the body's, else the default) as its last words; for the API the call is over now.
    call.goodbye_message = body?.message ?? DEFAULT_GOODBYE;
    call.status = 'ended';
    call.end_reason = 'hangup_action';
    call.ended_at = now;
    call.duration_seconds = call.answered_at ? Math.max(0, Math.round((now.getTime() - call.answered_at.getTime()) / 1000)) : 0;
    call.updated_at = now;
    return dispatched('Hangup dispatched');
  },

  muteCall: ({ ws, path, now, faults }) => {
    const call = liveCall(ws, path.uuid, now, faults.has('call-action-after-end'));
    call.muted = true;
    call.updated_at = now;
    return dispatched('Mute dispatched');
  },

  unmuteCall: ({ ws, path, now, faults }) => {
    const call = liveCall(ws, path.uuid, now, faults.has('call-action-after-end'));
    call.muted = false;
    call.updated_at = now;
    return dispatched('Unmute dispatched');
  },
} satisfies HandlerGroup;
