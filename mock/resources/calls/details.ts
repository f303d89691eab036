// A call read by its uuid, as the call list shows it with its state brought up to the clock
// (collection kit). The fault `call-details-other-record` answers the workspace's newest call
// whatever call the path names.
import type { HandlerGroup } from '../../core/handler.ts';
import { type Collection, collectionHandlers } from '../shared/collection.ts';
import { settleTasks } from '../tasks/runner.ts';
import { type Call, type CallRecord, callView, settleCall } from './call-state.ts';

const calls: Collection<CallRecord, Call> = {
  noun: 'Call',
  records: (ws) => ws.calls,
  // Tasks due by now have placed their calls (tasks/runner.ts) before a call is looked up.
  prepare: (ctx) => settleTasks(ctx.ws, ctx.now, ctx.config, ctx.faults),
  view: (call, ctx) => {
    const newest = ctx.ws.calls.reduce<CallRecord>((a, b) => (b.created_at.getTime() > a.created_at.getTime() ? b : a), call);
    const shown = ctx.faults.has('call-details-other-record') ? newest : call;
    return callView(ctx.ws, settleCall(ctx.ws, shown, ctx.now));
  },
  messages: { read: 'Call retrieved successfully' },
};

const derived = collectionHandlers(calls, { read: 'getCall' });

export const callDetailHandlers = {
  getCall: derived.getCall as NonNullable<HandlerGroup['getCall']>,
} satisfies HandlerGroup;
