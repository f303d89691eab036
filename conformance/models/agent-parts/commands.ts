// The agent parts model's commands, derived for every kind (kinds.ts): add one, replace all, update
// one, delete one. Each judges the agent its answer carries against the model (the parts of the
// kind, by uuid, and what each must show), and the invariant reads the agent back from the agents
// list after every step, all four kinds.
import { randomUUID } from 'node:crypto';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import { ModelCommand, PickCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { PARTS_WRITTEN, PROCEDURE_STEPS, type PartField, type PartKindSpec } from './kinds.ts';

export interface ModelPart {
  uuid: string;
  expected: Record<string, unknown>;
}

export interface PartsModel {
  agent: string;
  parts: Record<PartField, ModelPart[]>;
}

type Shown = Record<string, unknown> & { uuid: string };

const tag = (): string => randomUUID().slice(0, 8);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const byUuid = (a: { uuid: string }, b: { uuid: string }): number => a.uuid.localeCompare(b.uuid);

/** Judges one kind's parts as an answer (or the agents list) shows them against the model. */
export function judgeParts(field: PartField, shown: Shown[], model: ModelPart[], operationId: string, what: string, answer?: Answer): void {
  const got = shown.map((p) => p.uuid).sort();
  const want = model.map((p) => p.uuid).sort();
  requireRule(PARTS_WRITTEN, operationId, same(got, want) ? true : { message: `${what}: the agent's ${field} are ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`, part: 'published' }, answer);
  for (const part of [...model].sort(byUuid)) {
    const row = shown.find((p) => p.uuid === part.uuid);
    if (!row) continue;
    const { steps: wantSteps, ...fields } = part.expected;
    const wrong = Object.entries(fields).filter(([k, v]) => !same(row[k], v));
    requireRule(PARTS_WRITTEN, operationId, wrong.length === 0 ? true : { message: `${what}: ${field} ${part.uuid} shows ${wrong.map(([k]) => `${k} ${JSON.stringify(row[k])}`).join(', ')}; expected ${JSON.stringify(fields)}`, part: 'published' }, answer);
    if (wantSteps === undefined) continue;
    const gotSteps = row.steps as Array<{ order: number }> | undefined;
    const sorted = [...(gotSteps ?? [])].sort((a, b) => a.order - b.order);
    if (!same(sorted, wantSteps)) {
      requireRule(PROCEDURE_STEPS, operationId, { message: `${what}: procedure ${part.uuid} has the steps ${JSON.stringify(gotSteps)}, expected ${JSON.stringify(wantSteps)}`, part: 'published' }, answer);
    } else {
      requireRule(PROCEDURE_STEPS, operationId, same(gotSteps, wantSteps) ? true : { message: `${what}: procedure ${part.uuid} answers its steps in the order ${JSON.stringify(gotSteps?.map((s) => s.order))}, not ascending`, part: 'inferred' }, answer);
    }
  }
}

/** The kind's parts in the agent an answer of `op` carries, or undefined (recorded) when it cannot be read. */
function partsIn(kind: PartKindSpec, op: SuiteOperation, answer: Answer, what: string): Shown[] | undefined {
  requireRule(PARTS_WRITTEN, op.operationId, expectStatus(answer, op, what, 200, undefined, 'published'), answer);
  if (!isSuccess(answer)) return undefined;
  const read = fieldOf(op, answer, kind.field);
  if (!read.ok || !Array.isArray(read.value)) {
    requireRule(PARTS_WRITTEN, op.operationId, { inconclusive: `${what}: ${read.ok ? `${kind.field} is not a list` : read.reason}` }, answer);
    return undefined;
  }
  return read.value as Shown[];
}

/** The agent as the agents list shows it, or undefined (recorded) when it cannot be read. */
export async function readAgent(real: Real, agent: string): Promise<Record<PartField, Shown[]> | undefined> {
  const op = real.client.op('listAgents');
  const answer = await real.client.send({ op });
  const list = listOf<Record<string, unknown>>(op, answer, ['agent_uuid']);
  if (!list.ok) {
    requireRule(PARTS_WRITTEN, op.operationId, { inconclusive: `reading the agents list: ${list.reason}` }, answer);
    return undefined;
  }
  const found = list.value.items.find((a) => a.agent_uuid === agent);
  if (!found) {
    requireRule(PARTS_WRITTEN, op.operationId, { message: `the agent ${agent} is not listed`, part: 'published' }, answer);
    return undefined;
  }
  return found as unknown as Record<PartField, Shown[]>;
}

async function readBack(model: PartsModel, real: Real): Promise<void> {
  const agent = await readAgent(real, model.agent);
  if (!agent) return;
  for (const field of Object.keys(model.parts) as PartField[]) judgeParts(field, agent[field] ?? [], model.parts[field], 'listAgents', `the agents list after the step`);
}

abstract class PartCommand extends ModelCommand<PartsModel> {
  protected override invariant = readBack;
  readonly kind: PartKindSpec;
  constructor(kind: PartKindSpec) {
    super();
    this.kind = kind;
  }
}

export class AddPart extends PartCommand {
  check(): boolean {
    return true;
  }
  protected async act(model: PartsModel, real: Real): Promise<void> {
    const { field, ops } = this.kind;
    const input = this.kind.input(tag());
    const op = real.client.op(ops.add);
    const answer = await real.client.send({ op, pathParams: { uuid: model.agent }, json: input.body });
    const shown = partsIn(this.kind, op, answer, `adding one of the agent's ${field}`);
    if (!shown) return;
    const fresh = shown.filter((p) => !model.parts[field].some((m) => m.uuid === p.uuid));
    if (fresh.length === 1 && fresh[0]) model.parts[field].push({ uuid: fresh[0].uuid, expected: input.expected });
    judgeParts(field, shown, model.parts[field], op.operationId, `adding one of the agent's ${field}`, answer);
  }
  toString(): string {
    return `add(${this.kind.field})`;
  }
}

export class ReplaceParts extends PartCommand {
  readonly count: number;
  constructor(kind: PartKindSpec, count: number) {
    super(kind);
    this.count = count;
  }
  check(): boolean {
    return true;
  }
  protected async act(model: PartsModel, real: Real): Promise<void> {
    const { field, ops } = this.kind;
    const inputs = Array.from({ length: this.count }, () => this.kind.input(tag()));
    const op = real.client.op(ops.replace);
    const answer = await real.client.send({ op, pathParams: { uuid: model.agent }, json: { [field]: inputs.map((i) => i.body) } });
    const shown = partsIn(this.kind, op, answer, `replacing all the agent's ${field}`);
    if (!shown) return;
    // Each new part is told apart by the fields the model expects of it.
    model.parts[field] = inputs.flatMap((input) => {
      const row = shown.find((p) => Object.entries(input.expected).every(([k, v]) => k === 'steps' || same(p[k], v)));
      return row ? [{ uuid: row.uuid, expected: input.expected }] : [];
    });
    requireRule(PARTS_WRITTEN, op.operationId, shown.length === inputs.length && model.parts[field].length === inputs.length ? true : { message: `replacing all the agent's ${field} with ${inputs.length} answered ${JSON.stringify(shown)}`, part: 'published' }, answer);
    judgeParts(field, shown, model.parts[field], op.operationId, `replacing all the agent's ${field}`, answer);
  }
  toString(): string {
    return `replace(${this.kind.field}, ${this.count})`;
  }
}

abstract class PickPart extends PickCommand<PartsModel, ModelPart> {
  protected override invariant = readBack;
  readonly kind: PartKindSpec;
  constructor(kind: PartKindSpec, pick: number) {
    super(pick);
    this.kind = kind;
  }
  protected records(model: Readonly<PartsModel>): readonly ModelPart[] {
    return model.parts[this.kind.field];
  }
  /** A negative pick names the last part (the fixed scenario's part just added). */
  protected override choose(model: PartsModel): ModelPart | undefined {
    const records = this.records(model);
    return this.pick < 0 ? records[records.length - 1] : super.choose(model);
  }
}

export class UpdatePart extends PickPart {
  readonly variant: number;
  constructor(kind: PartKindSpec, pick: number, variant: number) {
    super(kind, pick);
    this.variant = variant;
  }
  protected async actOn(part: ModelPart, model: PartsModel, real: Real): Promise<void> {
    const { field, ops, idParam } = this.kind;
    const change = this.kind.update(tag(), this.variant, part.expected);
    const op = real.client.op(ops.update);
    const answer = await real.client.send({ op, pathParams: { uuid: model.agent, [idParam]: part.uuid }, json: change.body });
    part.expected = change.expected;
    const shown = partsIn(this.kind, op, answer, `updating ${field} ${part.uuid}`);
    if (shown) judgeParts(field, shown, model.parts[field], op.operationId, `updating ${field} ${part.uuid} with ${JSON.stringify(change.body)}`, answer);
  }
  toString(): string {
    return `update(${this.kind.field}, ${this.pick}, ${this.variant})`;
  }
}

export class DeletePart extends PickPart {
  protected async actOn(part: ModelPart, model: PartsModel, real: Real): Promise<void> {
    const { field, ops, idParam } = this.kind;
    const op = real.client.op(ops.remove);
    const answer = await real.client.send({ op, pathParams: { uuid: model.agent, [idParam]: part.uuid } });
    model.parts[field] = model.parts[field].filter((p) => p !== part);
    const shown = partsIn(this.kind, op, answer, `deleting ${field} ${part.uuid}`);
    if (shown) judgeParts(field, shown, model.parts[field], op.operationId, `deleting ${field} ${part.uuid}`, answer);
  }
  toString(): string {
    return `delete(${this.kind.field}, ${this.pick})`;
  }
}
