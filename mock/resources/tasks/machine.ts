// A task's state machine (published API, "Tasks": queue, cancel, retry; the rules are inferred).
// A status is never stored: it follows from the task's instants and the clock, so advancing the
// mock clock moves tasks without timers. The runner (runner.ts) starts queued tasks.
//
// | status      | queue   | at scheduled_at (auto_queue) | runner starts / run ends       | cancel    | retry              | update      | delete |
// |-------------|---------|------------------------------|--------------------------------|-----------|--------------------|-------------|--------|
// | pending     | queued  | -                            | -                              | cancelled | 409                | yes         | yes    |
// | scheduled   | queued  | queued                       | -                              | cancelled | 409                | yes         | yes    |
// | on_hold     | queued  | - (held)                     | -                              | cancelled | 409                | yes         | yes    |
// | queued      | 409     | -                            | in_progress, or failed at once | cancelled | 409                | 409         | 409    |
// | in_progress | 409     | -                            | completed or failed            | cancelled | 409                | 409         | 409    |
// | completed   | 409     | -                            | -                              | 409       | 409                | 409         | yes    |
// | failed      | 409     | -                            | -                              | 409       | queued (attempts left) | 409     | yes    |
// | cancelled   | 409     | -                            | -                              | 409       | 409                | 409         | yes    |
// | expired     | 409     | -                            | -                              | 409       | 409                | 409         | yes    |
//
// `expired`: its `expires_at` passed before it was queued. An update's `status` moves a task that
// has not been queued: `on_hold` holds it, `pending`/`scheduled` release it, `queued` queues it,
// `cancelled` cancels it. A listing's task (no `details`) is `pending` until its pace starts it, then
// `in_progress`, `completed` or `failed` (listings/task-machine.ts); the same table applies to it,
// queue and retry starting it now.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import type { TaskDetails, TaskRun, TaskStatus } from './records.ts';

export type TaskEvent = 'queue' | 'cancel' | 'retry' | 'update' | 'delete';

const ALLOWED: Record<TaskEvent, ReadonlySet<TaskStatus>> = {
  queue: new Set(['pending', 'scheduled', 'on_hold']),
  cancel: new Set(['pending', 'scheduled', 'on_hold', 'queued', 'in_progress']),
  retry: new Set(['failed']),
  update: new Set(['pending', 'scheduled', 'on_hold']),
  delete: new Set(['pending', 'scheduled', 'on_hold', 'completed', 'failed', 'cancelled', 'expired']),
};

const REFUSED: Record<TaskEvent, string> = {
  queue: 'Only a pending, scheduled or on-hold task can be queued',
  cancel: 'A finished task cannot be cancelled',
  retry: 'Only a failed task can be retried',
  update: 'Only a task that has not been queued can be updated',
  delete: 'A queued or running task cannot be deleted; cancel it first',
};

/** The statuses an update's `status` may set; the others are reached by running. */
export const SETTABLE: ReadonlySet<TaskStatus> = new Set(['pending', 'scheduled', 'on_hold', 'queued', 'cancelled']);

/** The 409 of an event the task's status does not allow, or null when it is allowed. */
export function refusal(event: TaskEvent, status: TaskStatus): ApiError | null {
  if (ALLOWED[event].has(status)) return null;
  return errors.conflict(`Task is ${status}`, `${REFUSED[event]}; this task is ${status}.`);
}

/** A retry's own limit: the task has used every attempt it may make. */
export function attemptsLeft(details: TaskDetails): ApiError | null {
  if (details.runs.length < details.max_attempts) return null;
  return errors.conflict('No attempts left', `The task has run ${details.runs.length} time(s), its max_attempts; it cannot be retried.`);
}

/** When the task is (or will be) queued: by an action, else by itself at `scheduled_at` with auto_queue; null: not yet. */
export function queuedInstant(details: TaskDetails): Date | null {
  if (details.queued_at !== null) return details.queued_at;
  return details.auto_queue && !details.on_hold ? details.scheduled_at : null;
}

/** The latest run, when it belongs to the latest queueing (a retry queues again after it). */
export function currentRun(details: TaskDetails): TaskRun | undefined {
  const run = details.runs[details.runs.length - 1];
  const queued = queuedInstant(details);
  if (!run || queued === null || run.dispatched_at.getTime() < queued.getTime()) return undefined;
  return run;
}

/** Whether the task expired before it was queued, at `nowMs`. */
function expiredAt(details: TaskDetails, nowMs: number): boolean {
  const expires = details.expires_at?.getTime();
  if (expires === undefined || nowMs < expires || details.runs.length > 0) return false;
  const queued = queuedInstant(details)?.getTime();
  return queued === undefined || queued > expires;
}

/** The status of a task created through the tasks API at `nowMs`. */
export function detailsStatusAt(task: ListingTaskRecord, details: TaskDetails, nowMs: number): TaskStatus {
  if (task.cancelled_at !== null && nowMs >= task.cancelled_at.getTime()) return 'cancelled';
  if (expiredAt(details, nowMs)) return 'expired';
  const queued = queuedInstant(details);
  const run = currentRun(details);
  if (run) {
    if (nowMs < run.start_at.getTime()) return 'queued';
    if (run.outcome === 'failed') return 'failed';
    return nowMs < run.end_at.getTime() ? 'in_progress' : 'completed';
  }
  if (queued !== null && nowMs >= queued.getTime()) return 'queued';
  const last = details.runs[details.runs.length - 1];
  if (last) return last.outcome === 'failed' ? 'failed' : 'completed';
  if (details.on_hold) return 'on_hold';
  return details.auto_queue ? 'scheduled' : 'pending';
}

/** Whether the runner should start the task now: queued, not started for this queueing, not cancelled or expired first. */
export function awaitsRunner(task: ListingTaskRecord, details: TaskDetails, nowMs: number): boolean {
  const queued = queuedInstant(details);
  if (queued === null || queued.getTime() > nowMs || currentRun(details)) return false;
  if (task.cancelled_at !== null && task.cancelled_at.getTime() <= queued.getTime()) return false;
  return !expiredAt(details, queued.getTime());
}
