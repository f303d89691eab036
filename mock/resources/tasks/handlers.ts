// Tasks (published API, "Tasks"): the collection (list, create, read, update, delete) declared once
// through the collection kit, over the same records a listing queues for its campaign
// (`ws.listing_tasks`), and the queue, cancel and retry actions of the state machine (machine.ts).
// Every request first brings the tasks up to the clock (runner.ts: queued tasks start, at most 5 a
// second, a call task's call goes through the sending queue).
//
// Faults: `task-retry-any-status` retries a task whatever its status; `task-cancel-finished`
// cancels a finished task; `task-queue-stalls` (runner.ts) never starts a queued task.
import type { HandlerGroup } from '../../core/handler.ts';
import { type Collection, type CollectionContext, collectionHandlers, findRecord } from '../shared/collection.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { isLive } from '../calls/call-state.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { addressOn } from '../listings/tasks.ts';
import { createTaskRecord, futureInstant, instantOf } from './create.ts';
import { attemptsLeft, currentRun, refusal, SETTABLE } from './machine.ts';
import { DEFAULT_PRIORITY, type TaskStatus } from './records.ts';
import { settleTasks } from './runner.ts';
import { statusOf, type TaskView, taskView } from './view.ts';

type UpdateBody = Schemas['TaskUpdate'];
type TaskOperation = 'listTasks' | 'createTask' | 'getTask' | 'updateTask' | 'deleteTask' | 'queueTask' | 'cancelTask' | 'retryTask';

/** The agent a task works for, as its view shows it. */
function agentOf(ws: WorkspaceState, task: ListingTaskRecord, now: Date): string | null {
  return task.details ? task.details.agent_uuid : taskView(ws, task, now).agent_uuid;
}

function scheduledOf(task: ListingTaskRecord): number {
  return (task.details?.scheduled_at ?? task.start_at).getTime();
}

const same = (a: string | null, b: string): boolean => a !== null && a.toLowerCase() === b.toLowerCase();

/** Ends the call of a task's current run when it is still live (a cancelled call task hangs up). */
function endCall(ws: WorkspaceState, task: ListingTaskRecord, now: Date): void {
  const run = task.details ? currentRun(task.details) : undefined;
  const call = run?.call_uuid ? ws.calls.find((c) => c.uuid === run.call_uuid) : undefined;
  if (!call || !isLive(call)) return;
  call.status = 'ended';
  call.end_reason = 'hangup_action';
  call.ended_at = now;
  call.duration_seconds = call.answered_at ? Math.max(0, Math.round((now.getTime() - call.answered_at.getTime()) / 1000)) : 0;
  call.updated_at = now;
}

/** Queues the task now: a task of the tasks API for the runner, a listing's task starts now instead of at its pace. */
function queueNow(task: ListingTaskRecord, now: Date): void {
  if (task.details) task.details = { ...task.details, queued_at: now, on_hold: false };
  else task.start_at = now;
}

/** Applies an update body (the machine allows it only before the task is queued). */
function applyUpdate(task: ListingTaskRecord, body: UpdateBody, ctx: CollectionContext): void {
  const { now, zone } = ctx;
  const refused = refusal('update', statusOf(task, now.getTime()));
  if (refused) throw refused;
  const status = body.status as TaskStatus | undefined;
  if (status !== undefined && !SETTABLE.has(status)) throw errors.conflict(`Status ${status} cannot be set`, `A task reaches ${status} by running; an update can set pending, scheduled, on_hold, queued or cancelled.`);
  const scheduledAt = body.scheduled_at === undefined ? undefined : futureInstant(body.scheduled_at, zone, now, 'scheduled_at');
  if (!task.details && (status === 'on_hold' || status === 'scheduled' || body.auto_queue === false)) {
    throw errors.conflict('Task is paced by its listing', "A listing's task starts at its listing's pace; it cannot be held or set to wait for the queue action.");
  }
  if (body.title !== undefined) task.name = body.title;
  if (body.priority !== undefined) task.priority = body.priority;
  if (task.details) {
    const d = { ...task.details };
    if (body.description !== undefined) {
      d.description = body.description;
      task.description = body.description ?? task.name;
    }
    if (scheduledAt) {
      d.scheduled_at = scheduledAt;
      task.start_at = scheduledAt;
    }
    if (body.auto_queue !== undefined) d.auto_queue = body.auto_queue;
    if (status === 'on_hold') d.on_hold = true;
    if (status === 'pending' || status === 'scheduled') {
      d.on_hold = false;
      d.auto_queue = status === 'scheduled';
    }
    if (status === 'queued') {
      d.queued_at = now;
      d.on_hold = false;
    }
    task.details = d;
  } else {
    if (body.description !== undefined && body.description !== null) task.description = body.description;
    if (scheduledAt) task.start_at = scheduledAt;
    if (status === 'queued') task.start_at = now;
  }
  if (status === 'cancelled') task.cancelled_at = now;
  task.updated_at = now;
}

const tasks: Collection<ListingTaskRecord, TaskView> = {
  noun: 'Task',
  records: (ws) => ws.listing_tasks,
  view: (task, ctx) => taskView(ctx.ws, task, ctx.now),
  filters: {
    type: (task, value: string, ctx) => taskView(ctx.ws, task, ctx.now).type === value,
    status: (task, value: string, ctx) => statusOf(task, ctx.now.getTime()) === value,
    contact_uuid: (task, value: string) => same(task.contact_uuid, value),
    campaign_uuid: (task, value: string) => same(task.campaign_uuid, value),
    agent_uuid: (task, value: string, ctx) => same(agentOf(ctx.ws, task, ctx.now), value),
    priority: (task, value: number) => (task.priority ?? DEFAULT_PRIORITY) === value,
    scheduled_from: (task, value: string, ctx) => scheduledOf(task) >= instantOf(value, ctx.zone, 'scheduled_from').getTime(),
    scheduled_to: (task, value: string, ctx) => scheduledOf(task) <= instantOf(value, ctx.zone, 'scheduled_to').getTime(),
  },
  order: (a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0),
  create: (body: Schemas['TaskCreate'], ctx) => createTaskRecord(ctx.ws, body, ctx.now, ctx.zone),
  update: (task, body: UpdateBody, ctx) => applyUpdate(task, body, ctx),
  beforeRemove: (task, ctx) => {
    const refused = refusal('delete', statusOf(task, ctx.now.getTime()));
    if (refused) throw refused;
  },
  messages: {
    list: 'Tasks retrieved successfully',
    create: 'Task created successfully',
    read: 'Task retrieved successfully',
    update: 'Task updated successfully',
    remove: 'Task deleted successfully',
  },
};

const derived = collectionHandlers(tasks, { list: 'listTasks', create: 'createTask', read: 'getTask', update: 'updateTask', remove: 'deleteTask' });

type Handler = (ctx: CollectionContext) => { status: number; body: unknown };

/** A handler that first brings the workspace's tasks up to the clock (and again after a write that queues). */
function settled(handler: Handler, after = false): Handler {
  return (ctx) => {
    settleTasks(ctx.ws, ctx.now, ctx.config, ctx.faults);
    const result = handler(ctx);
    if (after) settleTasks(ctx.ws, ctx.now, ctx.config, ctx.faults);
    return result;
  };
}

/** An action's answer: the task as it is after the action. */
function acted(ctx: CollectionContext, task: ListingTaskRecord, message: string) {
  return { status: 200 as const, body: { success: true as const, message, data: taskView(ctx.ws, task, ctx.now) } };
}

const derivedHandlers = derived as Record<string, Handler>;

export const tasksHandlers = {
  listTasks: settled((ctx) => {
    // The range bounds are read once up front, so a bad one is a 422 even when no task is filtered.
    const query = ctx.query as { scheduled_from?: string; scheduled_to?: string };
    if (query.scheduled_from !== undefined) instantOf(query.scheduled_from, ctx.zone, 'scheduled_from');
    if (query.scheduled_to !== undefined) instantOf(query.scheduled_to, ctx.zone, 'scheduled_to');
    return (derivedHandlers.listTasks as Handler)(ctx);
  }),
  createTask: settled(derivedHandlers.createTask as Handler),
  getTask: settled(derivedHandlers.getTask as Handler),
  updateTask: settled(derivedHandlers.updateTask as Handler, true),
  deleteTask: settled(derivedHandlers.deleteTask as Handler),

  queueTask: settled((ctx) => {
    const task = findRecord(tasks, ctx);
    const refused = refusal('queue', statusOf(task, ctx.now.getTime()));
    if (refused) throw refused;
    queueNow(task, ctx.now);
    task.updated_at = ctx.now;
    settleTasks(ctx.ws, ctx.now, ctx.config, ctx.faults);
    return acted(ctx, task, 'Task queued successfully');
  }),

  cancelTask: settled((ctx) => {
    const task = findRecord(tasks, ctx);
    const refused = refusal('cancel', statusOf(task, ctx.now.getTime()));
    if (refused && !ctx.faults.has('task-cancel-finished')) throw refused;
    endCall(ctx.ws, task, ctx.now);
    task.cancelled_at = ctx.now;
    task.updated_at = ctx.now;
    return acted(ctx, task, 'Task cancelled successfully');
  }),

  retryTask: settled((ctx) => {
    const task = findRecord(tasks, ctx);
    const anyStatus = ctx.faults.has('task-retry-any-status');
    const refused = refusal('retry', statusOf(task, ctx.now.getTime())) ?? (task.details ? attemptsLeft(task.details) : null);
    if (refused && !anyStatus) throw refused;
    task.cancelled_at = null;
    if (task.details) {
      // A retry queues again after the latest run (a later instant, so the runner tells them apart).
      const last = task.details.runs[task.details.runs.length - 1];
      const at = Math.max(ctx.now.getTime(), (last?.dispatched_at.getTime() ?? 0) + 1);
      task.details = { ...task.details, queued_at: new Date(at), on_hold: false };
    } else {
      const contact = ctx.ws.contacts.find((c) => c.uuid === task.contact_uuid);
      task.address = contact ? addressOn(contact, task.channel) : null;
      task.start_at = ctx.now;
    }
    task.updated_at = ctx.now;
    settleTasks(ctx.ws, ctx.now, ctx.config, ctx.faults);
    return acted(ctx, task, 'Task queued for retry');
  }),
} as unknown as Required<Pick<HandlerGroup, TaskOperation>>;
