// Brings the tasks created through the tasks API up to the clock, when a tasks request reads them:
// every task queued by now and not started for that queueing is started (dispatch.ts) in the order
// it was queued, higher priority first among those queued at the same instant. At most SEND_PER_SECOND
// tasks of a workspace start in any one second (the seed's send limit, "Limits": 5 per second): a
// task queued into a full second starts when the second frees up. A call task's run then follows its
// call, which a hangup may end early. Nothing runs on timers: the instants are derived from the clock.
//
// The fault `task-queue-stalls` leaves queued tasks where they are: they never start.
import type { MockConfig } from '../../core/config.ts';
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { settleCall } from '../calls/call-state.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { dispatchTask } from './dispatch.ts';
import { awaitsRunner, currentRun, queuedInstant } from './machine.ts';
import { DEFAULT_PRIORITY, type TaskDetails } from './records.ts';

/** The send limit the runner keeps: tasks started per second per workspace. */
export const SEND_PER_SECOND = 5;

type Waiting = { task: ListingTaskRecord; details: TaskDetails; queued: number };

/** The first instant at or after `at` with fewer than SEND_PER_SECOND starts in the second before it. */
function freeSlot(starts: number[], at: number): number {
  let t = at;
  for (;;) {
    const inWindow = starts.filter((s) => s > t - 1000 && s <= t).sort((a, b) => a - b);
    if (inWindow.length < SEND_PER_SECOND) return t;
    t = (inWindow[inWindow.length - SEND_PER_SECOND] as number) + 1000;
  }
}

/** A call task's run ends when its call does: a hangup or a spoken goodbye ends it early. */
function followCall(ws: WorkspaceState, details: TaskDetails, now: Date): void {
  const run = currentRun(details);
  if (!run || run.call_uuid === null || now.getTime() >= run.end_at.getTime()) return;
  const call = ws.calls.find((c) => c.uuid === run.call_uuid);
  if (!call) return;
  settleCall(ws, call, now);
  if (call.status === 'ended' && call.ended_at && call.ended_at.getTime() < run.end_at.getTime()) run.end_at = call.ended_at;
}

export function settleTasks(ws: WorkspaceState, now: Date, config: MockConfig, faults: FaultPlan): void {
  const nowMs = now.getTime();
  const waiting: Waiting[] = [];
  const starts: number[] = [];
  for (const task of ws.listing_tasks) {
    const details = task.details;
    if (!details) continue;
    for (const run of details.runs) starts.push(run.dispatched_at.getTime());
    if (awaitsRunner(task, details, nowMs)) waiting.push({ task, details, queued: (queuedInstant(details) as Date).getTime() });
    else followCall(ws, details, now);
  }
  if (waiting.length === 0 || faults.has('task-queue-stalls')) return;
  waiting.sort((a, b) => a.queued - b.queued || (b.task.priority ?? DEFAULT_PRIORITY) - (a.task.priority ?? DEFAULT_PRIORITY));
  for (const { task, details, queued } of waiting) {
    const at = freeSlot(starts, queued);
    if (at > nowMs) continue;
    starts.push(at);
    const run = dispatchTask(ws, task, details, new Date(at), config, faults);
    details.runs.push(run);
    task.start_at = run.start_at;
    followCall(ws, details, now);
  }
}
