// Reading a queue and the available endpoints back from the service, through the contract, and
// the invariant checked after every step: the queue shows the fields and endpoints the model
// expects (read with GET /api/v1/queues/{uuid}, an inferred read), and the endpoints the suite
// assigned are not in the available list (a documented rule) while those it released are.
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf, resourceOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { CHANNELS, type Channel, type EndpointRef, QUEUE_ENDPOINTS, QUEUE_UPDATE, type QueueFields, type QueueModel } from './model.ts';

export interface QueueView extends QueueFields {
  uuid: string;
  endpoints: Record<Channel, Array<{ id: string }>>;
}

export const QUEUE_NAMES = ['uuid', 'name', 'color', 'is_active', 'sla_seconds', 'endpoints'] as const;

/** The ids per channel of an `endpoints` object; undefined when it is not one. */
export function idsByChannel(value: unknown): Record<Channel, string[]> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const out = {} as Record<Channel, string[]>;
  for (const c of CHANNELS) {
    const list = (value as Record<string, unknown>)[c];
    if (!Array.isArray(list)) return undefined;
    out[c] = list.map((e) => String((e as { id?: unknown }).id));
  }
  return out;
}

export async function readAvailable(real: Real): Promise<{ ids: Record<Channel, string[]>; answer: Answer } | { reason: string; answer: Answer }> {
  const op = real.client.op('listAvailableQueueEndpoints');
  const answer = await real.client.send({ op });
  if (!isSuccess(answer)) return { reason: `the available endpoints answered ${describeAnswer(answer)}`, answer };
  const byChannel: Record<string, unknown> = {};
  for (const c of CHANNELS) {
    const read = fieldOf(op, answer, c);
    if (!read.ok) return { reason: read.reason, answer };
    byChannel[c] = read.value;
  }
  const ids = idsByChannel(byChannel);
  return ids ? { ids, answer } : { reason: 'the available endpoints do not give an array of {id, label} per channel key', answer };
}

export function fieldDifferences(expected: QueueFields, view: QueueFields): string[] {
  return (['name', 'color', 'is_active', 'sla_seconds'] as const)
    .filter((k) => (k === 'color' ? String(view[k]).toLowerCase() !== String(expected[k]).toLowerCase() : view[k] !== expected[k]))
    .map((k) => `${k} ${JSON.stringify(view[k])}, expected ${JSON.stringify(expected[k])}`);
}

export async function checkQueue(model: QueueModel, real: Real): Promise<void> {
  const op = real.client.op('getQueue');
  const answer = await real.client.send({ op, pathParams: { uuid: model.uuid } });
  if (!isSuccess(answer)) return inconclusive(QUEUE_UPDATE, op.operationId, `reading the queue back answered ${describeAnswer(answer)}`, answer);
  const view = resourceOf<QueueView>(op, answer, QUEUE_NAMES);
  if (!view.ok) return inconclusive(QUEUE_UPDATE, op.operationId, view.reason, answer);
  const wrong = fieldDifferences(model.fields, view.value);
  const held = idsByChannel(view.value.endpoints);
  for (const c of CHANNELS) {
    const got = [...(held?.[c] ?? [])].sort();
    const want = [...model.held[c]].sort();
    if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`endpoints.${c} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  requireRule(QUEUE_UPDATE, op.operationId, wrong.length === 0 ? true : { message: `the queue read back: ${wrong.join('; ')}`, part: 'inferred' }, answer);

  const available = await readAvailable(real);
  if ('reason' in available) return inconclusive(QUEUE_ENDPOINTS, 'listAvailableQueueEndpoints', available.reason, available.answer);
  const listed = (e: EndpointRef) => available.ids[e.channel].includes(e.id);
  const stillListed = model.assigned.filter(listed);
  requireRule(
    QUEUE_ENDPOINTS,
    'listAvailableQueueEndpoints',
    stillListed.length === 0 ? true : { message: `endpoints assigned to queue ${model.uuid} are still listed as available: ${stillListed.map((e) => `${e.channel} ${e.id}`).join(', ')}`, part: 'documented' },
    available.answer,
  );
  const released = model.free.filter((e) => !model.assigned.some((a) => a.channel === e.channel && a.id === e.id) && !listed(e));
  requireRule(
    QUEUE_ENDPOINTS,
    'listAvailableQueueEndpoints',
    released.length === 0 ? true : { message: `endpoints released by queue ${model.uuid} are not listed as available: ${released.map((e) => `${e.channel} ${e.id}`).join(', ')}`, part: 'inferred' },
    available.answer,
  );
}
