// The fault `campaign-update-rebuilds-tasks` (seed behaviour 2 broken on purpose): a campaign
// update cancels the pending tasks of the campaign's listing and queues them again, with new
// task uuids, for the same contacts.
import type { WorkspaceState } from '../../state/workspace.ts';
import { queueListingTasks } from '../listings/queue.ts';
import { cancelTask } from '../listings/task-machine.ts';

export function rebuildCampaignTasks(ws: WorkspaceState, campaignUuid: string, now: Date): void {
  const listing = ws.listings.find((l) => l.campaign_uuid === campaignUuid);
  if (!listing) return;
  const contacts = new Set<string>();
  ws.listing_tasks = ws.listing_tasks.map((task) => {
    if (task.listing_uuid !== listing.uuid) return task;
    const cancelled = cancelTask(task, now);
    if (cancelled instanceof Error) return task;
    contacts.add(task.contact_uuid);
    return cancelled;
  });
  queueListingTasks(
    ws,
    listing,
    ws.contacts.filter((c) => contacts.has(c.uuid)),
    now,
  );
}
