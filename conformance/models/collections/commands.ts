// The commands derived for a collection (collection-spec.ts): create, read, update, delete and
// list, each judged against the model's records (what the answers must show of each), and the
// model's invariant after every step: every record the run holds reads back as the model has it.
import { randomUUID } from 'node:crypto';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { listOf, resourceOf } from '../answer-fields.ts';
import { ModelCommand, PickCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { type CollectionSpec, scalarFields } from './collection-spec.ts';

export interface CollectionRecord {
  id: string;
  /** What answers must show of it. */
  expected: Record<string, unknown>;
  deleted: boolean;
}

export class CollectionModel {
  readonly spec: CollectionSpec;
  readonly records: CollectionRecord[] = [];
  constructor(spec: CollectionSpec) {
    this.spec = spec;
  }
  live(): CollectionRecord[] {
    return this.records.filter((r) => !r.deleted);
  }
}

const tag = (): string => randomUUID().slice(0, 8);
const idField = (spec: CollectionSpec): string => spec.idField ?? 'uuid';
const pathOf = (spec: CollectionSpec, id: string): Record<string, string> => ({ [spec.idParam ?? 'uuid']: id });

/** The differences between what an answer's resource shows and what the model expects. */
function differences(resource: Record<string, unknown>, expected: Record<string, unknown>): string[] {
  return Object.entries(expected)
    .filter(([key, want]) => JSON.stringify(resource[key]) !== JSON.stringify(want))
    .map(([key, want]) => `${key} ${JSON.stringify(resource[key])}, not ${JSON.stringify(want)}`);
}

/** Judges a resource an answer carries against the model's expectation of it. */
function judgeResource(spec: CollectionSpec, op: SuiteOperation, answer: Answer, expected: Record<string, unknown>, what: string): Record<string, unknown> | undefined {
  const read = resourceOf<Record<string, unknown>>(op, answer, [idField(spec), ...Object.keys(expected)]);
  if (!read.ok) {
    requireRule(spec.check, op.operationId, { inconclusive: `${what}: ${read.reason}` }, answer);
    return undefined;
  }
  const wrong = differences(read.value, expected);
  requireRule(spec.check, op.operationId, wrong.length === 0 ? true : { message: `${what} shows ${wrong.join(', ')}`, part: 'published' }, answer);
  return read.value;
}

/** Every live record reads back as the model has it; a deleted one reads 404. */
async function readBack(model: CollectionModel, real: Real): Promise<void> {
  const { spec } = model;
  if (!spec.ops.read) return;
  const op = real.client.op(spec.ops.read);
  for (const record of model.records) {
    const answer = await real.client.send({ op, pathParams: pathOf(spec, record.id) });
    if (record.deleted) {
      requireRule(spec.check, op.operationId, expectStatus(answer, op, `reading the deleted ${spec.noun} ${record.id}`, 404, ['RESOURCE_NOT_FOUND'], 'published'), answer);
      continue;
    }
    requireRule(spec.check, op.operationId, expectStatus(answer, op, `reading ${spec.noun} ${record.id}`, 200, undefined, 'published'), answer);
    if (isSuccess(answer)) judgeResource(spec, op, answer, record.expected, `reading ${spec.noun} ${record.id}`);
  }
}

export class CreateCommand extends ModelCommand<CollectionModel> {
  protected override invariant = readBack;
  check(): boolean {
    return true;
  }
  protected async act(model: CollectionModel, real: Real): Promise<void> {
    const { spec } = model;
    const body = await spec.createBody(tag(), real);
    if (!body) return;
    const op = real.client.op(spec.ops.create);
    const answer = await real.client.send({ op, json: body });
    requireRule(spec.check, op.operationId, expectStatus(answer, op, `creating a ${spec.noun}`, 201, undefined, 'published'), answer);
    if (!isSuccess(answer)) return;
    const expected = spec.expected ? spec.expected(body) : scalarFields(body);
    const shown = judgeResource(spec, op, answer, expected, `the created ${spec.noun}`);
    const id = shown?.[idField(spec)];
    if (typeof id === 'string') model.records.push({ id, expected, deleted: false });
  }
  toString(): string {
    return 'create';
  }
}

export class UpdateCommand extends PickCommand<CollectionModel, CollectionRecord> {
  protected override invariant = readBack;
  protected records(model: Readonly<CollectionModel>): readonly CollectionRecord[] {
    return model.spec.ops.update && model.spec.updateBody ? model.live() : [];
  }
  protected async actOn(record: CollectionRecord, model: CollectionModel, real: Real): Promise<void> {
    const { spec } = model;
    if (!spec.ops.update || !spec.updateBody) return;
    const body = spec.updateBody(tag());
    const op = real.client.op(spec.ops.update);
    const answer = await real.client.send({ op, pathParams: pathOf(spec, record.id), json: body });
    requireRule(spec.check, op.operationId, expectStatus(answer, op, `updating ${spec.noun} ${record.id}`, 200, undefined, 'published'), answer);
    if (!isSuccess(answer)) return;
    // A partial update: the fields sent change, the rest stay as they were.
    record.expected = { ...record.expected, ...(spec.expected ? spec.expected(body) : scalarFields(body)) };
    judgeResource(spec, op, answer, record.expected, `the updated ${spec.noun} ${record.id}`);
  }
  toString(): string {
    return `update(${this.pick})`;
  }
}

export class DeleteCommand extends PickCommand<CollectionModel, CollectionRecord> {
  protected override invariant = readBack;
  protected records(model: Readonly<CollectionModel>): readonly CollectionRecord[] {
    return model.spec.ops.remove ? model.live() : [];
  }
  protected async actOn(record: CollectionRecord, model: CollectionModel, real: Real): Promise<void> {
    const { spec } = model;
    if (!spec.ops.remove) return;
    const op = real.client.op(spec.ops.remove);
    const answer = await real.client.send({ op, pathParams: pathOf(spec, record.id) });
    requireRule(spec.check, op.operationId, expectStatus(answer, op, `deleting ${spec.noun} ${record.id}`, 200, undefined, 'published'), answer);
    if (isSuccess(answer)) record.deleted = true;
  }
  toString(): string {
    return `delete(${this.pick})`;
  }
}

/** The list, paged through (100 a page, at most 20 pages), has every live record and no deleted one. */
export class ListCommand extends ModelCommand<CollectionModel> {
  check(model: Readonly<CollectionModel>): boolean {
    return model.records.length > 0;
  }
  protected async act(model: CollectionModel, real: Real): Promise<void> {
    const { spec } = model;
    const op = real.client.op(spec.ops.list);
    const seen = new Map<string, Record<string, unknown>>();
    for (let page = 1; page <= 20; page++) {
      const answer = await real.client.send({ op, query: { page: String(page), per_page: '100' } });
      requireRule(spec.check, op.operationId, expectStatus(answer, op, `listing ${spec.noun}s, page ${page}`, 200, undefined, 'published'), answer);
      if (!isSuccess(answer)) return;
      const read = listOf<Record<string, unknown>>(op, answer, [idField(spec)]);
      if (!read.ok) return requireRule(spec.check, op.operationId, { inconclusive: `listing ${spec.noun}s: ${read.reason}` }, answer);
      for (const item of read.value.items) seen.set(String(item[idField(spec)]), item);
      const last = read.value.lastPage ?? (read.value.items.length < 100 ? page : page + 1);
      if (page >= last) break;
    }
    const missing = model.live().filter((r) => !seen.has(r.id));
    const kept = model.records.filter((r) => r.deleted && seen.has(r.id));
    const problems = [...missing.map((r) => `${r.id} missing`), ...kept.map((r) => `${r.id} still listed after its delete`)];
    requireRule(spec.check, op.operationId, problems.length === 0 ? true : { message: `the ${spec.noun} list: ${problems.join('; ')}`, part: 'published' });
    for (const record of model.live()) {
      const item = seen.get(record.id);
      const wrong = item ? differences(item, record.expected).filter((d) => !d.includes('undefined')) : [];
      if (wrong.length > 0) requireRule(spec.check, op.operationId, { message: `the ${spec.noun} list shows ${record.id} with ${wrong.join(', ')}`, part: 'published' });
    }
  }
  toString(): string {
    return 'list';
  }
}

