// The lifecycle controls of an app (seed "What the service does" > Builders: "Lifecycle controls are
// start, stop and auto-stop"). The statuses are the contract's BuilderStatus enum (inferred: the seed
// shows only `deploying`): create and start lead to `deploying`, then `running` or `failed`; stop
// leads to `stopped`; auto-stop stops a `running` app after `auto_stop_interval` idle minutes.
// The scenario: upload a two-file app, wait for `running`, stop it (the answer and the next read
// show `stopped`), start it (`deploying`, then `running` again), set a one-minute auto-stop and see
// it still running before the minute and `stopped` after it. Against the mock the waits move its
// clock through the control API; against a deployment they are real, bounded waits, and what they
// cannot settle is inconclusive with the reason. An app that stays running (the stop or auto-stop
// ignored) breaks the documented rule; a detail of the inferred transitions (the start answering
// another status than `deploying`) is a finding on an inferred part.
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive, type RuleCheck, RuleFailure, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { passTime } from '../pass-time.ts';
import { fieldOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';

export const BUILDER_LIFECYCLE: RuleCheck = {
  name: 'builder-lifecycle',
  rule: 'seed "What the service does" > Builders: lifecycle controls are start, stop and auto-stop: a stop leaves the app stopped, a start brings it back to running, and a running app idle for its auto-stop interval is stopped',
};

/** The statuses the scenario needs, as the contract names them (BuilderStatus). */
const NEEDED = ['deploying', 'running', 'stopped'] as const;

/** Minutes of the auto-stop interval the scenario sets. */
export const AUTO_STOP_MINUTES = 1;

/** Thrown (after recording the reason) when the scenario cannot go on: the rule is inconclusive. */
class Undecided extends RuleFailure {}

function undecided(op: SuiteOperation | string, reason: string, answer?: Answer): never {
  inconclusive(BUILDER_LIFECYCLE, typeof op === 'string' ? op : op.operationId, reason, answer);
  throw new Undecided(reason);
}

/** The BuilderStatus enum of the contract, or why the scenario cannot use it. */
export function contractStatuses(): string[] | string {
  const schemas = (suite().contract.doc as { components?: { schemas?: Record<string, { enum?: unknown[] }> } }).components?.schemas;
  const values = schemas?.BuilderStatus?.enum?.filter((v): v is string => typeof v === 'string');
  if (!values) return 'the contract gives no BuilderStatus enum';
  const missing = NEEDED.filter((s) => !values.includes(s));
  return missing.length ? `the contract's BuilderStatus has no ${missing.join(', ')}` : values;
}

/** How the scenario waits: the mock's clock (control API) or real time. */
export interface Waiter {
  /** Lets `ms` pass on the target. */
  pass(ms: number): Promise<void>;
  /** Budget for a deploy to end. */
  deployBudgetMs: number;
  /** Whether the waits move a clock (the mock) rather than take real time. */
  controlled: boolean;
}

export async function waiter(): Promise<Waiter> {
  const controlled = suite().target.mockControl !== undefined;
  return { pass: passTime, deployBudgetMs: controlled ? 10 * 60_000 : 300_000, controlled };
}

/**
 * The status an answer carries. A control refused (`refusal`: a stop of a running app, a start of
 * a stopped one) is a finding (the operations are inferred); any other failed answer leaves the
 * rule undecided.
 */
function statusOf(op: SuiteOperation, answer: Answer, what: string, refusal = false): string {
  if (!isSuccess(answer) && refusal && answer.response) {
    requireRule(BUILDER_LIFECYCLE, op.operationId, expectStatus(answer, op, what, 200, undefined, 'inferred'), answer);
  }
  if (!isSuccess(answer)) undecided(op, `${what} answered ${describeAnswer(answer)}`, answer);
  const status = stringOf(op, answer, 'status');
  if (!status.ok) undecided(op, `${what}: ${status.reason}`, answer);
  return status.value;
}

/** Reads the app (GET /api/v1/builders/{uuid}) and returns its status. */
export async function readStatus(real: Real, uuid: string): Promise<{ status: string; answer: Answer }> {
  const op = real.client.op('getBuilder');
  const answer = await real.client.send({ op, pathParams: { uuid } });
  return { status: statusOf(op, answer, `reading app ${uuid}`), answer };
}

/** Waits, a step at a time, while the app is deploying; returns the status it settled in. */
async function settle(real: Real, uuid: string, wait: Waiter): Promise<{ status: string; answer: Answer }> {
  let spent = 0;
  let step = wait.controlled ? 2_000 : 1_000;
  for (;;) {
    const read = await readStatus(real, uuid);
    if (read.status !== 'deploying') return read;
    if (spent >= wait.deployBudgetMs) return read;
    await wait.pass(step);
    spent += step;
    step = Math.min(step * 2, wait.controlled ? 30_000 : 10_000);
  }
}

async function reachRunning(real: Real, uuid: string, wait: Waiter, after: string): Promise<void> {
  const op = real.client.op('getBuilder');
  const { status, answer } = await settle(real, uuid, wait);
  if (status === 'running') return;
  if (status === 'deploying') undecided(op, `app ${uuid} was still deploying ${Math.round(wait.deployBudgetMs / 1000)} s after ${after}`, answer);
  if (status === 'failed') undecided(op, `app ${uuid} failed to deploy after ${after}, so it never ran`, answer);
  requireRule(BUILDER_LIFECYCLE, op.operationId, { message: `after ${after} app ${uuid} went ${JSON.stringify(status)}, neither running nor failed`, part: 'inferred' }, answer);
  throw new Undecided(`status ${status}`);
}

/** The app's files as the published create body takes them: path relative to the app root → contents. */
const APP_FILES = {
  'package.json': '{"name":"conformance-lifecycle","version":"1.0.0","type":"module","scripts":{"start":"node server.js"}}',
  'server.js': "import { createServer } from 'node:http';\ncreateServer((req, res) => res.end('ok')).listen(Number(process.env.PORT ?? 8000), '0.0.0.0');\n",
};

/** Uploads the scenario's app; returns its uuid. */
async function createApp(real: Real): Promise<string> {
  const op = real.client.op('createBuilder');
  const answer = await real.client.send({
    op,
    json: { name: `conformance-lifecycle-${Date.now()}`, entrypoint: 'node server.js', port: 8000, job_type: 'always_on', files: APP_FILES },
  });
  if (!isSuccess(answer)) undecided(op, `uploading an app answered ${describeAnswer(answer)}`, answer);
  const uuid = stringOf(op, answer, 'uuid');
  if (!uuid.ok) undecided(op, `the created app: ${uuid.reason}`, answer);
  return uuid.value;
}

async function stop(real: Real, uuid: string): Promise<void> {
  const op = real.client.op('stopBuilder');
  const answer = await real.client.send({ op, pathParams: { uuid } });
  const answered = statusOf(op, answer, `stopping running app ${uuid}`, true);
  const read = await readStatus(real, uuid);
  const verdict =
    read.status === 'running'
      ? { message: `stop of app ${uuid} answered ${answer.response?.status} (status ${answered}) but the next read shows it still running`, part: 'documented' as const }
      : read.status !== 'stopped' || answered !== 'stopped'
        ? { message: `stop of running app ${uuid} answered status ${answered} and the next read shows ${read.status}; both should be stopped`, part: 'inferred' as const }
        : true;
  requireRule(BUILDER_LIFECYCLE, op.operationId, verdict, verdict === true || answered !== 'stopped' ? answer : read.answer);
}

async function start(real: Real, uuid: string, wait: Waiter): Promise<void> {
  const op = real.client.op('startBuilder');
  const answer = await real.client.send({ op, pathParams: { uuid } });
  const answered = statusOf(op, answer, `starting stopped app ${uuid}`, true);
  requireRule(
    BUILDER_LIFECYCLE,
    op.operationId,
    answered === 'deploying' || answered === 'running' ? true : { message: `start of stopped app ${uuid} answered status ${answered}, not deploying`, part: 'inferred' },
    answer,
  );
  const { status, answer: read } = await settle(real, uuid, wait);
  const verdict =
    status === 'stopped'
      ? { message: `after its start app ${uuid} is still stopped`, part: 'documented' as const }
      : status === 'running' || status === 'failed'
        ? true
        : { message: `after its start app ${uuid} went ${JSON.stringify(status)}`, part: 'inferred' as const };
  requireRule(BUILDER_LIFECYCLE, 'getBuilder', verdict, read);
  if (status === 'failed') undecided('getBuilder', `app ${uuid} failed to deploy after its start, so auto-stop could not be exercised`, read);
}

async function autoStop(real: Real, uuid: string, wait: Waiter): Promise<void> {
  const op = real.client.op('updateBuilderAutoStop');
  const answer = await real.client.send({ op, pathParams: { uuid }, json: { auto_stop_interval: AUTO_STOP_MINUTES } });
  const answered = statusOf(op, answer, `setting auto-stop on app ${uuid}`);
  const interval = fieldOf(op, answer, 'auto_stop_interval');
  if (!interval.ok) undecided(op, interval.reason, answer);
  requireRule(
    BUILDER_LIFECYCLE,
    op.operationId,
    interval.value === AUTO_STOP_MINUTES && answered === 'running'
      ? true
      : { message: `setting auto_stop_interval ${AUTO_STOP_MINUTES} on running app ${uuid} answered interval ${JSON.stringify(interval.value)}, status ${answered}`, part: 'inferred' },
    answer,
  );
  const interval_ms = AUTO_STOP_MINUTES * 60_000;
  // Halfway through the interval the app still runs (the interval counts from the change at the earliest).
  await wait.pass(interval_ms / 2);
  const early = await readStatus(real, uuid);
  requireRule(
    BUILDER_LIFECYCLE,
    'getBuilder',
    early.status === 'running' ? true : { message: `app ${uuid} went ${early.status} ${interval_ms / 2000} s into a ${AUTO_STOP_MINUTES}-minute auto-stop interval`, part: 'inferred' },
    early.answer,
  );
  // Past the interval (with a margin for a deployment's sweep) it is stopped.
  const margin = wait.controlled ? 5_000 : 60_000;
  await wait.pass(interval_ms / 2 + margin);
  let late = await readStatus(real, uuid);
  if (!wait.controlled) {
    for (let i = 0; i < 6 && late.status === 'running'; i++) {
      await wait.pass(10_000);
      late = await readStatus(real, uuid);
    }
  }
  const seconds = Math.round((interval_ms + margin) / 1000);
  requireRule(
    BUILDER_LIFECYCLE,
    'getBuilder',
    late.status === 'stopped'
      ? true
      : late.status === 'running'
        ? { message: `app ${uuid} is still running ${seconds} s or more after a ${AUTO_STOP_MINUTES}-minute auto-stop interval was set`, part: 'documented' }
        : { message: `app ${uuid} went ${late.status} after its auto-stop interval, not stopped`, part: 'inferred' },
    late.answer,
  );
}

/** The scenario, on a fresh app (its uuid is pushed to `created` for the clean-up). */
export async function lifecycleScenario(real: Real, created: string[]): Promise<void> {
  const statuses = contractStatuses();
  if (typeof statuses === 'string') undecided('getBuilder', statuses);
  const wait = await waiter();
  const uuid = await createApp(real);
  created.push(uuid);
  await reachRunning(real, uuid, wait, 'its upload');
  await stop(real, uuid);
  await start(real, uuid, wait);
  await autoStop(real, uuid, wait);
}

/** Leaves the scenario's apps stopped (the contract has no delete; clean-up, not judged). */
export async function stopLeftovers(real: Real, uuids: string[]): Promise<void> {
  const op = real.client.op('stopBuilder');
  for (const uuid of uuids) {
    const read = await real.client.send({ op: real.client.op('getBuilder'), pathParams: { uuid } });
    const status = isSuccess(read) ? stringOf(real.client.op('getBuilder'), read, 'status') : undefined;
    if (status?.ok && (status.value === 'running' || status.value === 'deploying')) await real.client.send({ op, pathParams: { uuid } });
  }
}
