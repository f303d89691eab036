// The commands of the queue model: update some of the seed's fields, assign a free endpoint,
// release one the suite assigned. Each PUT's answer must show the queue as the model now expects it
// (the answer's shape is inferred), then the invariant reads the queue and the available list back.
import fc from 'fast-check';
import { recordRule } from '../../record/rule.ts';
import { ModelCommand, pickOne } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { resourceOf } from '../answer-fields.ts';
import { type Channel, type EndpointRef, QUEUE_UPDATE, type QueueFields, type QueueModel } from './model.ts';
import { checkQueue, fieldDifferences, idsByChannel, QUEUE_NAMES, type QueueView } from './observe.ts';

abstract class QueueCommand extends ModelCommand<QueueModel> {
  protected override invariant = checkQueue;

  /** PUT the body; on success the answer must show `fields` and `held`, and the model takes them. */
  protected async put(model: QueueModel, real: Real, body: Record<string, unknown>, fields: QueueFields, held: Record<Channel, string[]>): Promise<boolean> {
    const op = real.client.op('updateQueue');
    const answer = await real.client.send({ op, pathParams: { uuid: model.uuid }, json: body, expectation: { kind: 'accepted', part: op.contract, rule: QUEUE_UPDATE.rule, what: 'a queue update' } });
    const view = expectResource(QUEUE_UPDATE, op, answer, resourceOf<QueueView>(op, answer, QUEUE_NAMES), 'updating a queue', 200);
    if (!view) return false;
    const wrong = fieldDifferences(fields, view);
    const shown = idsByChannel(view.endpoints);
    for (const [c, ids] of Object.entries(held) as Array<[Channel, string[]]>) {
      if (JSON.stringify([...(shown?.[c] ?? [])].sort()) !== JSON.stringify([...ids].sort())) wrong.push(`endpoints.${c} ${JSON.stringify(shown?.[c])}, expected ${JSON.stringify(ids)}`);
    }
    recordRule(QUEUE_UPDATE, op.operationId, wrong.length === 0 ? true : { message: `the update answered ${wrong.join('; ')}`, part: 'inferred' }, answer);
    model.fields = fields;
    model.held = held;
    return true;
  }
}

export class UpdateQueueFieldsCommand extends QueueCommand {
  readonly patch: Partial<QueueFields>;

  constructor(patch: Partial<QueueFields>) {
    super();
    this.patch = patch;
  }

  check(): boolean {
    return Object.keys(this.patch).length > 0;
  }

  protected async act(model: QueueModel, real: Real): Promise<void> {
    await this.put(model, real, { ...this.patch }, { ...model.fields, ...this.patch }, model.held);
  }

  toString(): string {
    return `updateQueue(${JSON.stringify(this.patch)})`;
  }
}

export class AssignEndpointCommand extends QueueCommand {
  readonly pick: number;

  constructor(pick: number) {
    super();
    this.pick = pick;
  }

  private candidates(model: Readonly<QueueModel>): EndpointRef[] {
    return model.free.filter((e) => !model.assigned.some((a) => a.channel === e.channel && a.id === e.id));
  }

  check(model: Readonly<QueueModel>): boolean {
    return this.candidates(model).length > 0;
  }

  protected async act(model: QueueModel, real: Real): Promise<void> {
    const endpoint = pickOne(this.candidates(model), this.pick);
    if (!endpoint) return;
    const ids = [...model.held[endpoint.channel], endpoint.id];
    if (await this.put(model, real, { endpoints: { [endpoint.channel]: ids } }, model.fields, { ...model.held, [endpoint.channel]: ids })) model.assigned.push(endpoint);
  }

  toString(): string {
    return `assignEndpoint(${this.pick})`;
  }
}

export class ReleaseEndpointCommand extends QueueCommand {
  readonly pick: number;

  constructor(pick: number) {
    super();
    this.pick = pick;
  }

  check(model: Readonly<QueueModel>): boolean {
    return model.assigned.length > 0;
  }

  protected async act(model: QueueModel, real: Real): Promise<void> {
    const endpoint = pickOne(model.assigned, this.pick);
    if (!endpoint) return;
    const ids = model.held[endpoint.channel].filter((id) => id !== endpoint.id);
    if (await this.put(model, real, { endpoints: { [endpoint.channel]: ids } }, model.fields, { ...model.held, [endpoint.channel]: ids })) {
      model.assigned = model.assigned.filter((e) => e !== endpoint);
    }
  }

  toString(): string {
    return `releaseEndpoint(${this.pick})`;
  }
}

/** Values in the contract's bounds (QueueUpdate), any subset of the seed's fields. */
export function queueCommands(): Array<fc.Arbitrary<fc.AsyncCommand<QueueModel, Real>>> {
  const patch = fc.record(
    {
      name: fc.constantFrom('Front desk (suite)', 'Priority support', 'Q'),
      color: fc.constantFrom('#E5484D', '#2f80ed', '#27AE60'),
      is_active: fc.boolean(),
      sla_seconds: fc.integer({ min: 1, max: 2_592_000 }),
    },
    { requiredKeys: [] },
  );
  return [patch.map((p) => new UpdateQueueFieldsCommand(p)), fc.nat().map((n) => new AssignEndpointCommand(n)), fc.nat().map((n) => new ReleaseEndpointCommand(n))];
}
