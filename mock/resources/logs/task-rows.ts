// Listing tasks as rows of the action log feed (seed "Action log item", kind `task`: "a queued
// action against a contact, such as an outbound call attempt or message send, typically spawned by
// a campaign"). The row's status is the task's on the mock clock: `pending`, `in_progress`,
// `completed`, `failed` or `cancelled`.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import type { AgentChannel } from '../campaigns/records.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { TASK_WORK_MS, taskEndedAt, taskStatusAt } from '../listings/task-machine.ts';
import type { ActionLogRecord } from './records.ts';

/** The mock's numbering of channels for `channel_id`. */
const CHANNEL_ID: Record<AgentChannel, number> = { call: 1, sms: 2, whatsapp: 3, email: 4, instagram: 5, messenger: 6 };

/** Channels whose address is a phone number (the detail's `customer.number`). */
const PHONE_CHANNELS = new Set<AgentChannel>(['call', 'sms', 'whatsapp']);

/** What the feed's list and filters read of a row: the item fields and what the row concerns. */
export type FeedRow = Schemas['LogsActionItem'] & Pick<ActionLogRecord, 'contact_uuid' | 'conversation_uuid' | 'session_uuid'>;

function durationOf(task: ListingTaskRecord, status: string): number | null {
  return status === 'completed' ? TASK_WORK_MS[task.channel] : status === 'failed' ? 0 : null;
}

/** A task as a list row (lighter than the detail, for feeds of many tasks). */
export function taskFeedRow(task: ListingTaskRecord, nowMs: number): FeedRow {
  const status = taskStatusAt(task, nowMs);
  return {
    uuid: task.uuid,
    type: 'task',
    name: task.name,
    description: task.description,
    status,
    channel: task.channel,
    channel_id: CHANNEL_ID[task.channel],
    duration_ms: durationOf(task, status),
    created_at: task.created_at,
    contact_uuid: task.contact_uuid,
    conversation_uuid: null,
    session_uuid: null,
  };
}

/** The agent a task works for: the one its campaign's channel binding resolved. */
function taskAgent(ws: WorkspaceState, task: ListingTaskRecord): string | null {
  const binding = ws.campaign_details.find((d) => d.campaign_uuid === task.campaign_uuid)?.agent_app;
  return binding?.agent_uuid ?? ws.campaigns.find((c) => c.uuid === task.campaign_uuid)?.agent_uuid ?? null;
}

/** A task at `nowMs` as a full row: the list row's fields, then its agent, payload, outcome and timing. */
export function taskRecord(ws: WorkspaceState, task: ListingTaskRecord, nowMs: number): ActionLogRecord {
  const row = taskFeedRow(task, nowMs);
  const { status } = row;
  const started = status === 'in_progress' || status === 'completed' || status === 'failed';
  return {
    ...row,
    agent_uuid: taskAgent(ws, task),
    customer_number: PHONE_CHANNELS.has(task.channel) ? task.address : null,
    campaign_uuid: task.campaign_uuid,
    started_at: started ? task.start_at : null,
    completed_at: taskEndedAt(task, nowMs),
    request: { listing_uuid: task.listing_uuid, channel: task.channel, to: task.address },
    response: status === 'completed' ? { result: task.channel === 'call' ? 'answered' : 'sent' } : null,
    error: status === 'failed' ? `The contact has no ${task.channel} address.` : null,
    steps: null,
  };
}

/** The fields of a list item (seed "Action log item"). */
export function itemOf(row: FeedRow): Schemas['LogsActionItem'] {
  const { uuid, type, name, description, status, channel, channel_id, duration_ms, created_at } = row;
  return { uuid, type, name, description, status, channel, channel_id, duration_ms, created_at };
}
