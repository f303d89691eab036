// What the suite's tests share in the worker: the target, the contract, one paced HTTP client,
// and the helpers that send an operation's request with cleanup in safe mode.
import { it } from 'vitest';
import { readField } from '../contract/fields.ts';
import { loadSuiteContract, type SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { type Answer, type SendOptions, SuiteClient } from '../http/client.ts';
import { recorder } from '../record/recorder.ts';
import { knownChecks } from '../run/check-selection.ts';
import { operationsFor, pairedDelete } from '../run/modes.ts';
import { startProgressFile } from '../run/progress-file.ts';
import { PROFILE_SETTINGS, type ProfileSettings } from '../run/profiles.ts';
import { ShardSplit } from '../run/shard.ts';
import { loadTarget, RUN_DIR_ENV, type SuitePart, type Target } from '../target/target.ts';

export interface SuiteContext {
  target: Target;
  contract: SuiteContract;
  client: SuiteClient;
  profile: ProfileSettings;
  /** Operations the mode allows, in contract order. */
  operations: SuiteOperation[];
}

let shared: SuiteContext | undefined;

export function suite(): SuiteContext {
  const current = loadTarget();
  if (shared?.target !== current) {
    const target = current;
    const contract = loadSuiteContract();
    shared = {
      target,
      contract,
      client: new SuiteClient(target, contract, recorder),
      profile: PROFILE_SETTINGS[target.profile],
      operations: operationsFor(contract, target.mode),
    };
    recorder.failOn = target.failOn;
    const applied = target.checks;
    if (applied) recorder.excluded = new Set(knownChecks().filter((check) => !applied.includes(check)));
    startProgressFile(process.env[RUN_DIR_ENV], recorder.activity);
    recorder.secret(target.workspaceToken, 'CONFORMANCE_TOKEN');
    recorder.secret(target.userToken, 'CONFORMANCE_USER_TOKEN');
    recorder.secret(target.limitedToken?.token, 'CONFORMANCE_LIMITED_TOKEN');
  }
  return shared;
}

export function partEnabled(part: SuitePart): boolean {
  return loadTarget().parts.includes(part);
}

/**
 * Sends a request and, when it created a resource that has a DELETE, deletes it again at once, so
 * safe mode leaves nothing behind and full mode cancels what a listing would send.
 */
export async function sendAndClean(options: SendOptions): Promise<Answer> {
  const { client, contract } = suite();
  const answer = await client.send(options);
  const status = answer.response?.status ?? 0;
  const remove = pairedDelete(contract, options.op);
  if (status >= 200 && status < 300 && remove) {
    const uuid = readField(options.op, status, answer.json, 'uuid');
    if (uuid.ok && typeof uuid.value === 'string') await client.send({ op: remove, pathParams: { uuid: uuid.value } });
    else recorder.note(options.op.operationId, `what it created could not be deleted again: ${uuid.ok ? 'its uuid is not a string' : uuid.reason}`);
  }
  return answer;
}

let split: ShardSplit | undefined;

/** The run's --shard split over the operations its mode allows. */
function shardSplit(): ShardSplit {
  const { target, operations } = suite();
  split ??= new ShardSplit(target.shard, operations);
  return split;
}

const TEST_TIMEOUT_MS = 20 * 60_000;

/** A suite test: fails when a check failed at the run's threshold while it ran (warnings and inconclusive rules do not fail it). */
export function conformanceTest(name: string, fn: () => Promise<void>): void {
  // With --shard i/n, a test of another shard is not part of this run: its rules are reported
  // `not run` ("not reached in shard i/n") and the merged report has it from its own shard.
  if (!shardSplit().runs(name)) return;
  it(
    name,
    async () => {
      recorder.currentTest = name;
      recorder.takeTestFailures();
      await fn();
      const failures = recorder.takeTestFailures();
      if (failures.length > 0) {
        const lines = failures.slice(0, 10).map((f) => `- ${f.check}${f.operationId ? ` (${f.operationId})` : ''}: ${f.message}`);
        throw new Error(`${failures.length} check(s) failed:\n${lines.join('\n')}`);
      }
    },
    TEST_TIMEOUT_MS,
  );
}

/** Send options for a request plan. */
export function planOptions(op: SuiteOperation, plan: { pathParams: Record<string, string>; query: Record<string, string | string[]>; body?: unknown }): SendOptions {
  return {
    op,
    pathParams: plan.pathParams,
    query: plan.query,
    ...(plan.body !== undefined ? { json: plan.body } : {}),
  };
}
