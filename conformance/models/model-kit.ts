// What every stateful model shares: the real system is the target seen through the suite's
// client, with the tokens a model may use; a model registers itself with the mode it needs, runs a
// fixed scenario (runScenario, runSteps), then its property over fast-check's command sequences
// (runModel, with a shrink budget for models whose commands wait), and deletes what a run left
// (deleteLeftovers); a command judges an answer that should carry a resource with expectResource,
// reading it through the contract (answer-fields.ts) so a missing field makes the rule
// inconclusive, never a silent pass.
// The commands' base classes are in model-command.ts. Each resource group adds
// conformance/models/<group>/ (model.ts, one command per operation, commands.ts) and an entry in
// models/index.ts.
import fc from 'fast-check';
import type { Read } from '../contract/fields.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Answer, SuiteClient } from '../http/client.ts';
import { runProperty } from '../record/property.ts';
import { inconclusive, type RuleCheck, RuleFailure, recordRule } from '../record/rule.ts';
import { expectStatus, isSuccess } from '../rules/verdicts.ts';
import { suite } from '../suite/context.ts';
import type { Mode } from '../target/target.ts';

export interface Real {
  client: SuiteClient;
  /** Tokens of the workspace the commands may use (the first is the main workspace token). */
  tokens: string[];
}

export interface ModelEntry {
  /** The resource group (folder name under models/). */
  group: string;
  title: string;
  /** The least mode that may run it. */
  mode: Mode;
  run(): Promise<void>;
}

/**
 * The resource an answer carries (`view`, read from it through the contract by the caller). When
 * the answer failed, `check` records that `status` with the resource was expected (inferred);
 * when it succeeded without what the contract gives, `check` is inconclusive with the reason.
 * Either way the result is undefined.
 */
export function expectResource<V>(check: RuleCheck, op: SuiteOperation, answer: Answer, view: Read<V>, what: string, status: number): V | undefined {
  if (!isSuccess(answer)) {
    recordRule(check, op.operationId, expectStatus(answer, op, what, status, undefined, 'inferred'), answer);
    return undefined;
  }
  if (view.ok) return view.value;
  inconclusive(check, op.operationId, `${what}: ${view.reason}`, answer);
  return undefined;
}

/**
 * Runs a fixed scenario, then its clean-up if any: a broken rule ends the scenario (its finding is
 * recorded); any other error is the suite's.
 */
export async function runScenario(scenario: () => Promise<void>, cleanUp?: () => Promise<void>): Promise<void> {
  try {
    await scenario();
  } catch (error) {
    if (!(error instanceof RuleFailure)) throw error;
  } finally {
    await cleanUp?.();
  }
}

/** Runs the steps of a fixed scenario in order, each only when its check allows it on the model. */
export async function runSteps<M extends object>(model: M, real: Real, steps: Array<fc.AsyncCommand<M, Real>>): Promise<void> {
  for (const step of steps) if (step.check(model)) await step.run(model, real);
}

/** Deletes every record a run created and has not deleted yet (clean-up: the answers are not judged). */
export async function deleteLeftovers(real: Real, operationId: string, records: Array<{ uuid: string; deleted: boolean }>): Promise<void> {
  const op = real.client.op(operationId);
  for (const record of records) {
    if (record.deleted) continue;
    await real.client.send({ op, pathParams: { uuid: record.uuid } });
    record.deleted = true;
  }
}

/** fast-check prints a command sequence with its replayPath; this reads it back out. */
function replayPathOf(commands: unknown): string | undefined {
  const match = /replayPath="([^"]*)"/.exec(String(commands));
  return match?.[1];
}

// A time budget for shrinking a model whose commands wait (for processing to end, for a listing
// to complete): once a run has failed, shrink attempts after the budget are not run and count as
// passing, so fast-check stops at the shortest failing sequence found by then (still replayable by
// its seed and path). Runs before the first failure are never cut short.
const SHRINK_BUDGET_MS = 120_000;

function withShrinkBudget<T>(body: (value: T) => Promise<void>): (value: T) => Promise<void> {
  let firstFailure: number | undefined;
  return async (value) => {
    if (firstFailure !== undefined && Date.now() - firstFailure > SHRINK_BUDGET_MS) return;
    try {
      await body(value);
    } catch (error) {
      // The models throw on every documented failure (requireRule), so a throw marks a failing run.
      firstFailure ??= Date.now();
      throw error;
    }
  };
}

export interface ModelProperty<M extends object> {
  /** The commands fast-check draws the sequences from. */
  commands: Array<fc.Arbitrary<fc.AsyncCommand<M, Real>>>;
  /** A fresh model for each run; undefined skips the run. */
  model(): M | undefined | Promise<M | undefined>;
  /** After a sequence that ran to its end: the comparisons every run ends with. */
  after?(model: M): Promise<void>;
  /** After every run, passed or failed: removing what it created. */
  cleanUp?(model: M): Promise<void>;
  /** Cap the time spent shrinking (withShrinkBudget): for models whose commands wait. */
  shrinkBudget?: boolean;
}

/**
 * The property of a model: command sequences drawn within the profile's bounds (or the replayed
 * one), each run against a fresh model; a failure is reported with the path that replays it.
 */
export async function runModel<M extends object>(name: string, real: Real, property: ModelProperty<M>): Promise<void> {
  const { target, profile } = suite();
  const commands = fc.commands(property.commands, {
    maxCommands: profile.maxCommands,
    size: '+1',
    ...(target.replay?.commands ? { replayPath: target.replay.commands } : {}),
  });
  const body = async (cmds: Iterable<fc.AsyncCommand<M, Real>>): Promise<void> => {
    const model = await property.model();
    if (!model) return;
    try {
      await fc.asyncModelRun(() => ({ model, real }), cmds);
      await property.after?.(model);
    } finally {
      await property.cleanUp?.(model);
    }
  };
  await runProperty(
    name,
    commands,
    property.shrinkBudget ? withShrinkBudget(body) : body,
    { numRuns: profile.modelRuns, endOnFailure: profile.endOnFailure },
    (cmds) => replayPathOf(cmds),
  );
}
