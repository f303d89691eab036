// Queue updates as a pure transition (seed "Queue": name, color, is_active, sla_seconds; the
// contract's opening hours and endpoint assignment): the fields sent change, the rest stay.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { type EndpointsByChannel, QUEUE_CHANNELS } from './endpoints.ts';

export type Queue = Schemas['Queue'];
export type QueueUpdate = Schemas['QueueUpdate'];

function copyQueue(q: Queue): Queue {
  const endpoints = {} as EndpointsByChannel;
  for (const c of QUEUE_CHANNELS) endpoints[c] = q.endpoints[c].map((e) => ({ ...e }));
  return { ...q, opening_hours: q.opening_hours === null ? null : q.opening_hours.map((i) => ({ ...i })), endpoints };
}

/** The first opening interval whose `opens_at` is not before its `closes_at`, by index. */
export function badInterval(hours: QueueUpdate['opening_hours']): number {
  if (!hours) return -1;
  return hours.findIndex((i) => i.opens_at >= i.closes_at);
}

/**
 * The queue after the update. `all` is every endpoint of the workspace; `others` the queues it
 * shares the workspace with. An unknown endpoint id is 422, one another queue holds is 409.
 */
export function applyQueueUpdate(queue: Queue, body: QueueUpdate, all: EndpointsByChannel, others: Queue[], now: Date): Queue {
  const bad = badInterval(body.opening_hours);
  if (bad >= 0) throw errors.validation('VALIDATION_ERROR', 'An opening interval must open before it closes.', `opening_hours[${bad}].closes_at`);
  const next = copyQueue(queue);
  if (body.name !== undefined) next.name = body.name;
  if (body.color !== undefined) next.color = body.color;
  if (body.is_active !== undefined) next.is_active = body.is_active;
  if (body.sla_seconds !== undefined) next.sla_seconds = body.sla_seconds;
  if (body.opening_hours !== undefined) next.opening_hours = body.opening_hours === null ? null : body.opening_hours.map((i) => ({ ...i }));
  for (const channel of QUEUE_CHANNELS) {
    const ids = body.endpoints?.[channel];
    if (ids === undefined) continue;
    next.endpoints[channel] = ids.map((id) => {
      const endpoint = all[channel].find((e) => e.id === id);
      if (!endpoint) throw errors.validation('VALIDATION_ERROR', `No ${channel} endpoint ${id} exists in this workspace.`, `endpoints.${channel}`);
      const holder = others.find((q) => q.endpoints[channel].some((e) => e.id === id));
      if (holder) throw errors.conflict('Endpoint already assigned', `The ${channel} endpoint ${id} is assigned to the queue "${holder.name}".`);
      return { ...endpoint };
    });
  }
  next.updated_at = now;
  return next;
}

export { copyQueue };
