// Evaluations (published API, "Evaluations": the paged list and the read): a computed collection
// served by the collection kit. Its records are the session evaluations derived from state and the
// clock when read (derive.ts), so a session's evaluation appears once the session has ended by the
// agent's evaluate settings, and an unknown uuid is a 404. The list filters (agent, conversation,
// contact, session, session type, created_at range) are inferred; `from`/`to` are read in the
// applied zone and checked before any record is read.
//
// Faults: `evaluation-before-session-end` evaluates a text session at its last message, without
// waiting for the idle timeout; `evaluation-metric-unexplained` drops the confidence and reason of
// the `sentiment` metric.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { parseDateBound } from '../../time/instants.ts';
import { type Collection, type CollectionContext, collectionHandlers } from '../shared/collection.ts';
import { type SessionEvaluation, sessionEvaluations } from './derive.ts';
import { evaluationMetrics } from './metrics.ts';

type Evaluation = Schemas['Evaluation'];

/** A `from`/`to` bound read in the applied zone (a date alone: the start, or for `to` the end, of that day); an impossible one is a 422. */
function bound(ctx: CollectionContext, field: 'from' | 'to'): Date | undefined {
  const value = (ctx.query as Record<string, unknown>)[field];
  if (typeof value !== 'string' || value === '') return undefined;
  const instant = parseDateBound(value, ctx.zone, field === 'to');
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return instant;
}

function view(e: SessionEvaluation, ctx: CollectionContext): Evaluation {
  const metrics = evaluationMetrics(e.subject);
  if (ctx.faults.has('evaluation-metric-unexplained')) (metrics as Record<string, unknown>).sentiment = { value: metrics.sentiment.value };
  return {
    uuid: e.uuid,
    session_uuid: e.session_uuid,
    conversation_uuid: e.conversation.uuid,
    contact_uuid: e.conversation.contact_uuid,
    agent_uuid: e.agent_uuid,
    call_uuid: e.call?.uuid ?? null,
    session_type: e.session_type,
    ...metrics,
    created_at: e.created_at,
    updated_at: e.created_at,
  };
}

const sameUuid = (a: string | null, b: string): boolean => a !== null && a.toLowerCase() === b.toLowerCase();

export const evaluations: Collection<SessionEvaluation, Evaluation> = {
  noun: 'Evaluation',
  records: (ws, ctx) => sessionEvaluations(ws, ctx.now, { idleTimeoutIgnored: ctx.faults.has('evaluation-before-session-end') }),
  view,
  filters: {
    agent_uuid: (e, value: string) => sameUuid(e.agent_uuid, value),
    conversation_uuid: (e, value: string) => sameUuid(e.conversation.uuid, value),
    contact_uuid: (e, value: string) => sameUuid(e.conversation.contact_uuid, value),
    session_uuid: (e, value: string) => sameUuid(e.session_uuid, value),
    session_type: (e, value: string) => e.session_type === value,
    from: (e, _value: string, ctx) => e.created_at.getTime() >= (bound(ctx, 'from')?.getTime() ?? -Infinity),
    to: (e, _value: string, ctx) => e.created_at.getTime() <= (bound(ctx, 'to')?.getTime() ?? Infinity),
  },
  // Newest first; evaluations of the same instant by uuid, so pages never overlap.
  order: (a, b) => b.created_at.getTime() - a.created_at.getTime() || a.uuid.localeCompare(b.uuid),
  messages: { list: 'Evaluations retrieved successfully', read: 'Evaluation retrieved successfully' },
};

const derived = collectionHandlers(evaluations, { list: 'listEvaluations', read: 'getEvaluation' });

export const evaluationHandlers = {
  listEvaluations: (ctx) => {
    // A bad bound is refused whether or not any evaluation would be compared with it.
    bound(ctx, 'from');
    bound(ctx, 'to');
    return (derived.listEvaluations as NonNullable<HandlerGroup['listEvaluations']>)(ctx);
  },
  getEvaluation: derived.getEvaluation as NonNullable<HandlerGroup['getEvaluation']>,
} satisfies HandlerGroup;
