// A listing's campaign tasks on the mock clock, as pure functions. A task is `pending` until its
// start (set by the listing's pace and rule, listings/schedule.ts), then `in_progress` for its
// channel's working time, then `completed`; a task whose contact has no address on the channel
// `failed` at its start. Seed "Other statuses": deleting a listing "cancels pending campaign tasks",
// so only a pending task can be cancelled; tasks already started run to their end. A task that
// could not start by the listing's end date is cancelled at that instant. A task created through
// the tasks API (`details`) follows its own machine (tasks/machine.ts); here it shows in the five
// statuses the action log and the listing counts know (not yet running: pending; expired: cancelled).
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import { currentRun, detailsStatusAt } from '../tasks/machine.ts';
import type { TaskStatus as ApiTaskStatus } from '../tasks/records.ts';
import type { ListingTaskRecord } from './records.ts';
import { intervalMs, type StartLimits, planStarts } from './schedule.ts';

export type TaskStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled';

export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'];

/** How long a task works once started: a call rings and talks, a message is handed over. */
export const TASK_WORK_MS: Record<AgentChannel, number> = {
  call: 65_000,
  sms: 2_000,
  whatsapp: 2_000,
  email: 2_000,
  instagram: 2_000,
  messenger: 2_000,
};

const FIVE: Record<ApiTaskStatus, TaskStatus> = {
  pending: 'pending',
  scheduled: 'pending',
  on_hold: 'pending',
  queued: 'pending',
  in_progress: 'in_progress',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'cancelled',
};

export function taskStatusAt(task: ListingTaskRecord, nowMs: number): TaskStatus {
  if (task.details) return FIVE[detailsStatusAt(task, task.details, nowMs)];
  if (task.cancelled_at !== null && nowMs >= task.cancelled_at.getTime()) return 'cancelled';
  const start = task.start_at.getTime();
  if (nowMs < start) return 'pending';
  if (task.address === null) return 'failed';
  return nowMs < start + TASK_WORK_MS[task.channel] ? 'in_progress' : 'completed';
}

/** When the task ended (completed or failed), or null while it has not. */
export function taskEndedAt(task: ListingTaskRecord, nowMs: number): Date | null {
  const status = taskStatusAt(task, nowMs);
  if (task.details) {
    const run = currentRun(task.details) ?? task.details.runs[task.details.runs.length - 1];
    return (status === 'failed' || status === 'completed') && run ? run.end_at : null;
  }
  if (status === 'failed') return task.start_at;
  if (status === 'completed') return new Date(task.start_at.getTime() + TASK_WORK_MS[task.channel]);
  return null;
}

/** Cancel event: a pending task becomes cancelled; any other is refused. */
export function cancelTask(task: ListingTaskRecord, now: Date): ListingTaskRecord | ApiError {
  const status = taskStatusAt(task, now.getTime());
  if (status !== 'pending') return errors.conflict('Task not pending', `Only a pending task can be cancelled; this one is ${status}.`);
  return { ...task, cancelled_at: now };
}

/**
 * Pace change event: the listing's tasks not yet started get new start times at the new pace (and
 * within its dates and rule, `limits`), continuing one interval after the last task that started
 * (never before `now` or the end of the import). Started, ended and cancelled tasks keep theirs.
 */
export function repaceTasks(tasks: ListingTaskRecord[], limits: StartLimits, now: Date, importDoneAt: Date): ListingTaskRecord[] {
  const nowMs = now.getTime();
  let lastStart = Number.NEGATIVE_INFINITY;
  const pending: ListingTaskRecord[] = [];
  for (const task of tasks) {
    const status = taskStatusAt(task, nowMs);
    if (status === 'pending') pending.push(task);
    else if (status !== 'cancelled' && task.start_at.getTime() > lastStart) lastStart = task.start_at.getTime();
  }
  pending.sort((a, b) => a.start_at.getTime() - b.start_at.getTime());
  const base = Math.max(nowMs, importDoneAt.getTime(), lastStart + intervalMs(limits.perMinute));
  const plan = planStarts(pending.length, base, limits);
  const next = new Map(pending.map((task, i) => [task.uuid, plan[i]]));
  return tasks.map((task) => {
    const planned = next.get(task.uuid);
    return planned === undefined ? task : { ...task, start_at: planned.start, cancelled_at: planned.cancelledAt };
  });
}

export function countByStatus(tasks: Iterable<ListingTaskRecord>, nowMs: number): Record<TaskStatus, number> {
  const counts: Record<TaskStatus, number> = { pending: 0, in_progress: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const task of tasks) counts[taskStatusAt(task, nowMs)]++;
  return counts;
}
