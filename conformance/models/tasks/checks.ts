// The tasks' state machine as scenarios over HTTP (mock/resources/tasks/machine.ts gives the table):
// a retry is only for a failed task (a pending one is a 409), a finished task cannot be cancelled
// (cancelling a cancelled one is a 409), and a queued task runs: once its time has passed it is no
// longer pending, scheduled or queued. Every task a check creates is deleted again (a running one
// cancelled first).
import { randomUUID } from 'node:crypto';
import { type RuleCheck, inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { FAR_AHEAD, taskPhone } from './collection.ts';

export const RETRY_ONLY_FAILED: RuleCheck = {
  name: 'task-retry-only-failed',
  rule: 'published API "Tasks" (retry a failed task): only a failed task can be retried; retrying a task in any other status is a 409',
};
export const CANCEL_UNFINISHED: RuleCheck = {
  name: 'task-cancel-unfinished',
  rule: 'contract (inferred): a task can be cancelled until it has finished; cancelling a completed, failed, cancelled or expired task is a 409',
};
export const QUEUED_TASK_RUNS: RuleCheck = {
  name: 'task-queued-runs',
  rule: 'published API "Tasks" (queue a task for execution): a queued task runs; once the sending queue has let it go it is in progress, completed or failed, never left queued',
};

/** Long enough for a queued call task to start and its call to ring and be answered (sending queue, ring, talk). */
const RUN_MS = 75_000;
const NOT_RUN = new Set(['pending', 'scheduled', 'queued', 'on_hold']);

/** Creates tasks for the workspace's agent and deletes them at the end. */
class Tasks {
  readonly created: string[] = [];
  readonly real: Real;
  constructor(real: Real) {
    this.real = real;
  }

  async create(check: RuleCheck): Promise<string | undefined> {
    const agent = suite().target.data.agent_uuid;
    if (!agent) {
      inconclusive(check, 'createTask', 'the target data names no agent_uuid, so no task can be created');
      return undefined;
    }
    const tag = randomUUID().slice(0, 8);
    const op = this.real.client.op('createTask');
    const answer = await this.real.client.send({ op, json: { title: `Conformance ${tag}`, type: 'make_call', agent_uuid: agent, contact: { phone_number: taskPhone(tag) }, scheduled_at: FAR_AHEAD } });
    requireRule(check, op.operationId, expectStatus(answer, op, 'creating a task', 201, undefined, 'published'), answer);
    const uuid = stringOf(op, answer, 'uuid');
    if (!uuid.ok) {
      inconclusive(check, op.operationId, `creating a task: ${uuid.reason}`, answer);
      return undefined;
    }
    this.created.push(uuid.value);
    return uuid.value;
  }

  action(uuid: string, operationId: 'queueTask' | 'cancelTask' | 'retryTask') {
    const op = this.real.client.op(operationId);
    return this.real.client.send({ op, pathParams: { uuid } }).then((answer) => ({ op, answer }));
  }

  async status(check: RuleCheck, uuid: string): Promise<string | undefined> {
    const op = this.real.client.op('getTask');
    const answer = await this.real.client.send({ op, pathParams: { uuid } });
    if (!isSuccess(answer)) {
      inconclusive(check, op.operationId, `reading task ${uuid} answered ${describeAnswer(answer)}`, answer);
      return undefined;
    }
    const status = stringOf(op, answer, 'status');
    if (!status.ok) inconclusive(check, op.operationId, status.reason, answer);
    return status.ok ? status.value : undefined;
  }

  async cleanUp(): Promise<void> {
    const remove = this.real.client.op('deleteTask');
    for (const uuid of this.created) {
      await this.action(uuid, 'cancelTask');
      await this.real.client.send({ op: remove, pathParams: { uuid } });
    }
  }
}

async function withTasks(real: Real, body: (tasks: Tasks) => Promise<void>): Promise<void> {
  const tasks = new Tasks(real);
  try {
    await body(tasks);
  } finally {
    await tasks.cleanUp();
  }
}

export function checkRetryOnlyFailed(real: Real): Promise<void> {
  return withTasks(real, async (tasks) => {
    const uuid = await tasks.create(RETRY_ONLY_FAILED);
    if (!uuid) return;
    const { op, answer } = await tasks.action(uuid, 'retryTask');
    requireRule(RETRY_ONLY_FAILED, op.operationId, expectStatus(answer, op, `retrying the pending task ${uuid}`, 409, ['CONFLICT'], 'published'), answer);
  });
}

export function checkCancelUnfinished(real: Real): Promise<void> {
  return withTasks(real, async (tasks) => {
    const uuid = await tasks.create(CANCEL_UNFINISHED);
    if (!uuid) return;
    const first = await tasks.action(uuid, 'cancelTask');
    requireRule(CANCEL_UNFINISHED, first.op.operationId, expectStatus(first.answer, first.op, `cancelling the pending task ${uuid}`, 200, undefined, 'published'), first.answer);
    const again = await tasks.action(uuid, 'cancelTask');
    requireRule(CANCEL_UNFINISHED, again.op.operationId, expectStatus(again.answer, again.op, `cancelling the cancelled task ${uuid}`, 409, ['CONFLICT'], 'inferred'), again.answer);
  });
}

export function checkQueuedRuns(real: Real): Promise<void> {
  return withTasks(real, async (tasks) => {
    const uuid = await tasks.create(QUEUED_TASK_RUNS);
    if (!uuid) return;
    const queued = await tasks.action(uuid, 'queueTask');
    requireRule(QUEUED_TASK_RUNS, queued.op.operationId, expectStatus(queued.answer, queued.op, `queueing the task ${uuid}`, 200, undefined, 'published'), queued.answer);
    if (!isSuccess(queued.answer)) return;
    await passTime(RUN_MS);
    const status = await tasks.status(QUEUED_TASK_RUNS, uuid);
    if (status === undefined) return;
    requireRule(QUEUED_TASK_RUNS, 'getTask', NOT_RUN.has(status) ? { message: `${RUN_MS / 1000} s after it was queued, task ${uuid} is still ${status}`, part: 'published' } : true);
  });
}
