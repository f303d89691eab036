// Flow records and the pieces the flow operations share: a flow's view (steps in position order),
// the step a request names, the deployed-flow conflict, and the renumbering of `{{stepN.field}}`
// references when a step is inserted mid-chain.
import type { CollectionContext } from '../shared/collection.ts';
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import { rawTarget } from '../../state/transaction.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

export type Flow = Schemas['Flow'];
export type FlowStep = Schemas['FlowStep'];

/** A deep copy of a value of the state (read through the request's transaction or not). */
export function clone<T>(value: T): T {
  return structuredClone(rawTarget(value));
}

/** Steps in position order; steps at the same position keep their stored order. */
export function orderedSteps(steps: readonly FlowStep[]): FlowStep[] {
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.position - b.step.position || a.index - b.index)
    .map(({ step }) => step);
}

/** A flow as answers show it: a copy with its steps in position order. */
export function flowView(flow: Flow): Flow {
  const copy = clone(flow);
  copy.steps = orderedSteps(copy.steps);
  return copy;
}

/** The flow a request's `uuid` names (any letter case), or the contract's 404. */
export function findFlow(ws: WorkspaceState, uuid: string): Flow {
  const id = uuid.toLowerCase();
  const flow = ws.flows.find((f) => f.uuid.toLowerCase() === id);
  if (!flow) throw errors.notFound('Flow');
  return flow;
}

/** The step of a flow a request's `step` names, or the contract's 404. */
export function findStep(flow: Flow, uuid: string): FlowStep {
  const id = uuid.toLowerCase();
  const step = flow.steps.find((s) => s.uuid.toLowerCase() === id);
  if (!step) throw errors.notFound('Flow step');
  return step;
}

/** A deployed flow is not edited: 409 until it is undeployed (unless the fault lets the edit through). */
export function refuseWhenDeployed(flow: Flow, ctx: CollectionContext): void {
  if (flow.status === 'deployed' && !ctx.faults.has('flow-deployed-edit-allowed')) {
    throw errors.conflict('Flow is deployed', 'A deployed flow cannot be edited; undeploy it first (POST /api/v1/flow/{uuid}/undeploy).');
  }
}

/** A 422 naming the field. */
export function invalid(field: string, details: string): ApiError {
  return errors.validation('VALIDATION_ERROR', details, field);
}

const REFERENCE = /\{\{\s*step(\d+)\./g;

/** Renumbers the `{{stepN.` references at or after `from` by one, in every string of a value. */
export function shiftReferences(value: unknown, from: number): unknown {
  if (typeof value === 'string') return value.replace(REFERENCE, (whole, n: string) => (Number(n) >= from ? whole.replace(n, String(Number(n) + 1)) : whole));
  if (Array.isArray(value)) return value.map((v) => shiftReferences(v, from));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftReferences(v, from)]));
  return value;
}

/** Makes room at `position`: the steps there and after move one down, their references renumbered. */
export function openPosition(flow: Flow, position: number): void {
  for (const step of flow.steps) {
    if (step.position >= position) step.position += 1;
    step.config = shiftReferences(step.config, position) as FlowStep['config'];
  }
}

/** The flow moved at the request's instant. */
export function touch(flow: Flow, now: Date): void {
  flow.updated_at = now;
}
