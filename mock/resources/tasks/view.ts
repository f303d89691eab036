// A task as the tasks API shows it (contract Task): a task created through the API reads back its
// request's fields and its latest run; a listing's task shows what its listing planned (its paced
// start as `scheduled_at`, its campaign's agent, one attempt). The status follows from the clock.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { taskEndedAt, taskStatusAt } from '../listings/task-machine.ts';
import { currentRun, detailsStatusAt, queuedInstant } from './machine.ts';
import { DEFAULT_PRIORITY, type TaskStatus, type TaskType } from './records.ts';

export type TaskView = Schemas['Task'];

/** The type a listing's task shows for its channel. */
function typeOfChannel(channel: AgentChannel): TaskType {
  if (channel === 'call') return 'make_call';
  return channel === 'email' ? 'send_email' : 'send_message';
}

/** The agent a listing's task works for: its campaign's channel binding, else the campaign's agent. */
function listingAgent(ws: WorkspaceState, task: ListingTaskRecord): string | null {
  if (task.campaign_uuid === null) return null;
  const binding = ws.campaign_details.find((d) => d.campaign_uuid === task.campaign_uuid)?.agent_app;
  return binding?.agent_uuid ?? ws.campaigns.find((c) => c.uuid === task.campaign_uuid)?.agent_uuid ?? null;
}

function contactOf(ws: WorkspaceState, uuid: string): TaskView['contact'] {
  const contact = ws.contacts.find((c) => c.uuid === uuid);
  return contact ? { uuid: contact.uuid, name: contact.name, phone_number: contact.phone, email: contact.email } : null;
}

/** A copy of a stored JSON object (read through a transaction it is a proxy, which structuredClone refuses). */
function copyOf(value: Record<string, unknown> | null): Record<string, unknown> | null {
  return value === null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}

/** The status of any task at `nowMs`. */
export function statusOf(task: ListingTaskRecord, nowMs: number): TaskStatus {
  return task.details ? detailsStatusAt(task, task.details, nowMs) : taskStatusAt(task, nowMs);
}

function listingTaskView(ws: WorkspaceState, task: ListingTaskRecord, nowMs: number): TaskView {
  const status = taskStatusAt(task, nowMs);
  const started = status === 'in_progress' || status === 'completed' || status === 'failed';
  return {
    uuid: task.uuid,
    title: task.name,
    description: task.description,
    type: typeOfChannel(task.channel),
    status,
    priority: task.priority ?? DEFAULT_PRIORITY,
    agent_uuid: listingAgent(ws, task),
    contact_uuid: task.contact_uuid,
    contact: contactOf(ws, task.contact_uuid),
    campaign_uuid: task.campaign_uuid,
    listing_uuid: task.listing_uuid,
    scheduled_at: task.start_at,
    timezone: null,
    expires_at: null,
    auto_queue: true,
    max_attempts: 1,
    attempts: started ? 1 : 0,
    task_data: null,
    metadata: null,
    queued_at: started ? task.start_at : null,
    started_at: started ? task.start_at : null,
    completed_at: taskEndedAt(task, nowMs),
    cancelled_at: status === 'cancelled' ? task.cancelled_at : null,
    failure_reason: status === 'failed' ? `The contact has no ${task.channel} address.` : null,
    call_uuid: null,
    message_uuid: null,
    conversation_uuid: null,
    created_at: task.created_at,
    updated_at: task.updated_at ?? task.created_at,
  };
}

export function taskView(ws: WorkspaceState, task: ListingTaskRecord, now: Date): TaskView {
  const nowMs = now.getTime();
  const d = task.details;
  if (!d) return listingTaskView(ws, task, nowMs);
  const status = detailsStatusAt(task, d, nowMs);
  const run = currentRun(d) ?? d.runs[d.runs.length - 1];
  const started = run !== undefined && run.start_at.getTime() <= nowMs;
  const ended = started && (run.outcome === 'failed' || run.end_at.getTime() <= nowMs);
  const queued = queuedInstant(d);
  return {
    uuid: task.uuid,
    title: task.name,
    description: d.description,
    type: d.type,
    status,
    priority: task.priority ?? DEFAULT_PRIORITY,
    agent_uuid: d.agent_uuid,
    contact_uuid: task.contact_uuid,
    contact: contactOf(ws, task.contact_uuid),
    campaign_uuid: task.campaign_uuid,
    listing_uuid: task.listing_uuid,
    scheduled_at: d.scheduled_at,
    timezone: d.timezone,
    expires_at: d.expires_at,
    auto_queue: d.auto_queue,
    max_attempts: d.max_attempts,
    attempts: d.runs.length,
    task_data: copyOf(d.task_data),
    metadata: copyOf(d.metadata),
    queued_at: queued !== null && queued.getTime() <= nowMs ? queued : null,
    started_at: started ? run.start_at : null,
    completed_at: ended ? (run.outcome === 'failed' ? run.start_at : run.end_at) : null,
    cancelled_at: status === 'cancelled' ? task.cancelled_at : null,
    failure_reason: run?.outcome === 'failed' ? run.failure_reason : null,
    call_uuid: run?.call_uuid ?? null,
    message_uuid: run?.message_uuid ?? null,
    conversation_uuid: run?.conversation_uuid ?? null,
    created_at: task.created_at,
    updated_at: task.updated_at ?? task.created_at,
  };
}

