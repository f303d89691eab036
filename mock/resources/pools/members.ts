// A pool member's progress, derived when read from the campaign tasks made for it by the campaigns
// the pool is attached to (inferred mapping onto the published statuses): no task yet `Pending`;
// its latest task waiting `Scheduled`, running `In_Call` (a call) or `Processing`, then
// `Completed`, `Failed`, or `Skipped` when cancelled.
import type { Contact, Schemas, WorkspaceState } from '../../state/workspace.ts';
import type { ListingTaskRecord } from '../listings/records.ts';
import { taskEndedAt, taskStatusAt } from '../listings/task-machine.ts';
import type { PoolItemRecord, PoolRecord } from './records.ts';

type MemberView = Omit<Schemas['PoolMember'], 'started_at' | 'completed_at' | 'failed_at' | 'next_retry_at' | 'added_at'> & {
  started_at: Date | null;
  completed_at: Date | null;
  failed_at: Date | null;
  next_retry_at: Date | null;
  added_at: Date;
};

/** The campaigns the pool is attached to. */
export function campaignsOfPool(ws: WorkspaceState, poolUuid: string): string[] {
  return ws.campaign_details.filter((d) => d.pool_uuids?.includes(poolUuid)).map((d) => d.campaign_uuid);
}

/** Per contact, the latest task the pool's campaigns made for it. */
export function latestTasks(ws: WorkspaceState, pool: PoolRecord): Map<string, ListingTaskRecord> {
  const campaigns = new Set(campaignsOfPool(ws, pool.uuid));
  const latest = new Map<string, ListingTaskRecord>();
  if (campaigns.size === 0) return latest;
  for (const task of ws.listing_tasks) {
    // The tasks a campaign queued for its pools' members (tasks created through the tasks API are not pool work).
    if (task.listing_uuid === null || task.campaign_uuid === null || !campaigns.has(task.campaign_uuid)) continue;
    const seen = latest.get(task.contact_uuid);
    if (!seen || task.created_at >= seen.created_at) latest.set(task.contact_uuid, task);
  }
  return latest;
}

export function memberView(item: PoolItemRecord, contact: Contact | undefined, task: ListingTaskRecord | undefined, now: Date): MemberView {
  const view: MemberView = {
    contact_uuid: item.contact_uuid,
    name: contact?.name ?? '',
    phone_number: contact?.phone ?? null,
    email: contact?.email ?? null,
    status: 'Pending',
    priority: item.priority,
    retry_count: 0,
    started_at: null,
    completed_at: null,
    failed_at: null,
    next_retry_at: null,
    notes: item.notes,
    added_at: item.added_at,
  };
  if (!task) return view;
  const status = taskStatusAt(task, now.getTime());
  if (status === 'pending') return { ...view, status: 'Scheduled' };
  if (status === 'cancelled') return { ...view, status: 'Skipped' };
  const started = { ...view, started_at: task.start_at };
  if (status === 'in_progress') return { ...started, status: task.channel === 'call' ? 'In_Call' : 'Processing' };
  const ended = taskEndedAt(task, now.getTime());
  return status === 'failed' ? { ...started, status: 'Failed', failed_at: ended } : { ...started, status: 'Completed', completed_at: ended };
}

/** The members as the list shows them, in the order they joined. */
export function memberViews(ws: WorkspaceState, pool: PoolRecord, now: Date): MemberView[] {
  const contacts = new Map(ws.contacts.map((c) => [c.uuid, c]));
  const tasks = latestTasks(ws, pool);
  return pool.items.map((item) => memberView(item, contacts.get(item.contact_uuid), tasks.get(item.contact_uuid), now));
}
