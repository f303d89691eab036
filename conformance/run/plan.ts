// What a run would do, worked out from the options and the contract alone (no request): the
// operations the mode allows (and, with --shard, those of this shard), the checks it applies with
// the catalogue rules each decides, the stateful models, and every rule that would not be run,
// with why. The dry run prints it (dry-run.ts); the live progress takes its totals from it.
import type { Label } from '../../contract/labels.ts';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { MODELS } from '../models/index.ts';
import { ruleVerdicts } from '../report/rule-verdicts.ts';
import { CATALOGUE, CHECK_SCOPES } from '../rules/catalogue.ts';
import type { Mode, Profile, SuitePart } from '../target/target.ts';
import { isSelected, knownChecks } from './check-selection.ts';
import { allowedIn, type Effect, effectOf, operationsFor } from './modes.ts';
import { type Shard, ShardSplit } from './shard.ts';

/** The options a plan depends on. */
export interface PlanInput {
  mode: Mode;
  profile: Profile;
  failOn: Label;
  parts: readonly SuitePart[];
  seed: number;
  only?: string | undefined;
  checks?: readonly string[] | undefined;
  shard?: Shard | undefined;
  /** The target is a mock (the stress checks run against it). */
  isMock?: boolean | undefined;
  /** --stress: the stress checks run against a deployment too. */
  stress?: boolean | undefined;
}

/** The parts whose tests are one or more per operation (the rest are rule tests and models). */
export const PER_OPERATION_PARTS: readonly SuitePart[] = ['operations', 'negative', 'auth'];

export interface PlannedOperation {
  operationId: string;
  method: string;
  path: string;
  effect: Effect;
}

export interface PlannedCheck {
  name: string;
  parts: readonly SuitePart[];
  mode: Mode;
  /** Ids of the catalogue rules the check helps decide. */
  rules: string[];
}

export interface PlannedModel {
  group: string;
  title: string;
  mode: Mode;
  /** Why it does not run (mode too low, part not selected, another shard). */
  skipped?: string;
}

export interface RunPlan {
  input: PlanInput;
  /** Operations the per-operation parts exercise (none when no such part is selected). */
  operations: PlannedOperation[];
  /** Operations the mode allows (before --shard). */
  operationsInMode: number;
  checks: PlannedCheck[];
  excludedChecks: string[];
  models: PlannedModel[];
  /** Rules the run would decide, with the checks that decide them. */
  rulesRun: Array<{ id: string; checks: string[] }>;
  /** Rules that would not be run, with why. */
  rulesNotRun: Array<{ id: string; reason: string }>;
  /** About how many suite tests each selected part registers (the live progress's total until vitest collects the part). */
  expectedTests: Partial<Record<SuitePart, number>>;
}

/** About how many tests a part registers (suite/<part>.test.ts): per operation, plus its rule tests. */
function expectedTests(part: SuitePart, operations: SuiteOperation[], models: number): number {
  switch (part) {
    case 'operations':
      return 2 * operations.length;
    case 'negative':
      return 2 * operations.length + operations.filter((op) => op.body).length + 1;
    case 'auth':
      return operations.length + 3;
    case 'time':
      return 3;
    case 'tls':
      return 1;
    case 'stateful':
      return models;
  }
}

export function runPlan(contract: SuiteContract, input: PlanInput): RunPlan {
  const allowed = operationsFor(contract, input.mode);
  const perOperation = input.parts.some((p) => PER_OPERATION_PARTS.includes(p));
  const split = new ShardSplit(input.shard, allowed);
  const operations = perOperation
    ? allowed
        .filter((op) => split.runs(`${op.operationId}: `))
        .map((op) => ({ operationId: op.operationId, method: op.method, path: op.path, effect: effectOf(contract, op) }))
    : [];
  const known = knownChecks();
  const checks = known
    .filter((name) => isSelected(input.checks, name))
    .map((name) => {
      const scope = CHECK_SCOPES[name] as (typeof CHECK_SCOPES)[string];
      return { name, parts: scope.parts, mode: scope.mode, rules: CATALOGUE.filter((r) => r.checks.includes(name)).map((r) => r.id) };
    });
  const models = MODELS.map((model): PlannedModel => {
    const base = { group: model.group, title: model.title, mode: model.mode };
    if (!input.parts.includes('stateful')) return { ...base, skipped: 'part stateful not selected' };
    if (!allowedIn(input.mode, model.mode === 'readonly' ? 'read' : model.mode === 'safe' ? 'reversible-create' : 'cost')) return { ...base, skipped: `needs --mode ${model.mode}` };
    if (!split.runs(`model: ${model.title}`)) return { ...base, skipped: `in another shard than ${input.shard?.index}/${input.shard?.count}` };
    return base;
  });
  const inShardOps = allowed.filter((op) => operations.some((o) => o.operationId === op.operationId));
  // Every model registers a test (one the mode does not allow notes why and returns), but --shard skips those of other shards.
  const modelTests = MODELS.filter((model) => split.runs(`model: ${model.title}`)).length;
  // The verdicts of a run that has recorded nothing yet: every rule it covers is "not exercised"
  // (--only is left out: it narrows tests by name, which the plan does not evaluate).
  const verdicts = ruleVerdicts({}, [], [], { mode: input.mode, parts: input.parts, checks: input.checks, mock: input.isMock === true, stress: input.stress });
  return {
    input,
    operations,
    operationsInMode: allowed.length,
    checks,
    excludedChecks: known.filter((name) => !isSelected(input.checks, name)),
    models,
    rulesRun: verdicts.filter((r) => r.status !== 'not-run').map((r) => ({ id: r.id, checks: r.checks.filter((c) => isSelected(input.checks, c)) })),
    rulesNotRun: verdicts.filter((r) => r.status === 'not-run').map((r) => ({ id: r.id, reason: r.reason ?? '' })),
    expectedTests: Object.fromEntries(input.parts.map((p) => [p, expectedTests(p, inShardOps, modelTests)])),
  };
}
