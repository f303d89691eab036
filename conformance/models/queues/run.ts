// Runs the queue model (full mode: it changes one existing queue and puts it back). It takes the first
// queue listed (GET /api/v1/queues, an inferred list) and the endpoints listed as available;
// each fast-check run starts from the queue as it is then. A fixed sequence first assigns a free
// endpoint, renames the queue and releases the endpoint, so every run exercises both rules.
// Afterwards the queue's original fields, opening hours and endpoints are written back, and the
// ledger records the write-back with the fields a read after it still shows different.
import { inconclusive } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, resourceOf } from '../answer-fields.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { AssignEndpointCommand, queueCommands, ReleaseEndpointCommand, UpdateQueueFieldsCommand } from './commands.ts';
import { CHANNELS, type EndpointRef, QUEUE_UPDATE, QueueModel } from './model.ts';
import { idsByChannel, QUEUE_NAMES, type QueueView, readAvailable } from './observe.ts';

async function firstQueue(real: Real): Promise<QueueView | undefined> {
  const op = real.client.op('listQueues');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(QUEUE_UPDATE, op.operationId, `listing the queues answered ${describeAnswer(answer)}`, answer);
  const list = listOf<QueueView>(op, answer, QUEUE_NAMES);
  if (!list.ok) return void inconclusive(QUEUE_UPDATE, op.operationId, list.reason, answer);
  const queue = list.value.items[0];
  if (!queue) inconclusive(QUEUE_UPDATE, op.operationId, 'the workspace has no queue to update', answer);
  return queue;
}

async function currentModel(real: Real, uuid: string): Promise<QueueModel | undefined> {
  const op = real.client.op('getQueue');
  const answer = await real.client.send({ op, pathParams: { uuid } });
  if (!isSuccess(answer)) return void inconclusive(QUEUE_UPDATE, op.operationId, `reading queue ${uuid} answered ${describeAnswer(answer)}`, answer);
  const view = resourceOf<QueueView>(op, answer, QUEUE_NAMES);
  if (!view.ok) return void inconclusive(QUEUE_UPDATE, op.operationId, view.reason, answer);
  const body = view.value;
  const held = idsByChannel(body.endpoints);
  if (!held) return void inconclusive(QUEUE_UPDATE, op.operationId, `queue ${uuid} does not give its endpoints per channel key`, answer);
  const available = await readAvailable(real);
  if ('reason' in available) return void inconclusive(QUEUE_UPDATE, 'listAvailableQueueEndpoints', available.reason, available.answer);
  const free: EndpointRef[] = CHANNELS.flatMap((channel) => available.ids[channel].map((id) => ({ channel, id })));
  return new QueueModel(uuid, { name: body.name, color: body.color, is_active: body.is_active, sla_seconds: body.sla_seconds }, held, free);
}

export async function runQueueModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const original = await firstQueue(real);
  if (!original) return;
  const heldBefore = idsByChannel(original.endpoints);
  const before = await client.send({ op: client.op('getQueue'), pathParams: { uuid: original.uuid } });
  const read = resourceOf<QueueView & { opening_hours?: unknown }>(client.op('getQueue'), before, QUEUE_NAMES);
  const openingHours = read.ok ? read.value.opening_hours : undefined;
  try {
    await runScenario(async () => {
      const model = await currentModel(real, original.uuid);
      if (!model) return;
      await runSteps(model, real, [new AssignEndpointCommand(0), new UpdateQueueFieldsCommand({ name: 'Queue renamed by the suite', sla_seconds: 321 }), new ReleaseEndpointCommand(0)]);
    });
    await runModel(name, real, { commands: queueCommands(), model: () => currentModel(real, original.uuid) });
  } finally {
    const { name: n, color, is_active, sla_seconds } = original;
    await client.send({
      op: client.op('updateQueue'),
      pathParams: { uuid: original.uuid },
      json: { name: n, color, is_active, sla_seconds, ...(openingHours !== undefined ? { opening_hours: openingHours } : {}), ...(heldBefore ? { endpoints: heldBefore } : {}) },
      restores: { before: before.json },
    });
  }
}
