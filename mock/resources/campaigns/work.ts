// Work for a campaign (seed behaviour 2: "a separate publish or pool operation creates work"):
// contacts joining a running campaign through one of its pools get a campaign task each. A listing
// campaign runs once started and until it is finished, and its tasks are queued at the listing's
// pace (listings/queue.ts). A campaign without a listing runs while `In Process` (published pools
// API); each joining contact gets a task of the tasks resource (tasks/create.ts), due at once.
import type { Contact, WorkspaceState } from '../../state/workspace.ts';
import { settleListing } from '../listings/progress.ts';
import { queueListingTasks } from '../listings/queue.ts';
import { campaignTaskRecord } from '../tasks/create.ts';

/** Campaign statuses in which a listing has no more work. */
const FINISHED = new Set(['Completed', 'Archived']);

/** Whether the campaign takes new work now. */
export function isRunning(ws: WorkspaceState, campaignUuid: string, now: Date): boolean {
  const listing = ws.listings.find((l) => l.campaign_uuid === campaignUuid);
  if (listing) settleListing(ws, listing, now);
  const status = ws.campaigns.find((c) => c.uuid === campaignUuid)?.status;
  if (status === undefined) return false;
  return listing ? listing.started && !FINISHED.has(status) : status === 'In Process';
}

/** Queues a task per contact for a running campaign; returns how many were made. */
export function queueCampaignWork(ws: WorkspaceState, campaignUuid: string, contacts: Contact[], now: Date): number {
  if (contacts.length === 0) return 0;
  const listing = ws.listings.find((l) => l.campaign_uuid === campaignUuid);
  if (listing) return queueListingTasks(ws, listing, contacts, now);
  const campaign = ws.campaigns.find((c) => c.uuid === campaignUuid);
  if (!campaign) return 0;
  let made = 0;
  for (const contact of contacts) {
    const task = campaignTaskRecord(ws, campaign, contact, now);
    if (task) {
      ws.listing_tasks.push(task);
      made++;
    }
  }
  return made;
}
