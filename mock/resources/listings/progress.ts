// Brings listing campaigns up to the clock: a listing's campaign status follows its tasks
// (listings/machine.ts), evaluated lazily from the request's instant, so advancing the mock clock
// moves listings without timers. Every read of a campaign or listing settles first.
import type { WorkspaceState } from '../../state/workspace.ts';
import { type ListingProgress, listingStatusAt } from './machine.ts';
import type { ListingRecord, ListingTaskRecord } from './records.ts';
import { countByStatus, taskEndedAt, taskStatusAt } from './task-machine.ts';

export function tasksOf(ws: WorkspaceState, listingUuid: string): ListingTaskRecord[] {
  return ws.listing_tasks.filter((t) => t.listing_uuid === listingUuid);
}

export function progressOf(listing: ListingRecord, tasks: ListingTaskRecord[], now: Date): ListingProgress {
  const nowMs = now.getTime();
  let last: number | null = null;
  for (const task of tasks) {
    const end = taskStatusAt(task, nowMs) === 'cancelled' ? task.cancelled_at : taskEndedAt(task, nowMs);
    if (end !== null && (last === null || end.getTime() > last)) last = end.getTime();
  }
  return { started: listing.started, importDoneAt: listing.import_done_at, counts: countByStatus(tasks, nowMs), lastEndAt: last === null ? null : new Date(last) };
}

/** Settles one listing's campaign status; returns the tasks it counted. */
export function settleListing(ws: WorkspaceState, listing: ListingRecord, now: Date, tasks = tasksOf(ws, listing.uuid)): ListingTaskRecord[] {
  const campaign = ws.campaigns.find((c) => c.uuid === listing.campaign_uuid);
  if (!campaign) return tasks;
  const next = listingStatusAt(campaign.status, progressOf(listing, tasks, now), now);
  if (next.status !== campaign.status) {
    campaign.status = next.status;
    if (next.since !== null && next.since > campaign.updated_at) campaign.updated_at = next.since;
  }
  return tasks;
}

/** Settles the listing that owns this campaign, if a listing does. */
export function settleCampaign(ws: WorkspaceState, campaignUuid: string, now: Date): void {
  const listing = ws.listings.find((l) => l.campaign_uuid === campaignUuid);
  if (listing) settleListing(ws, listing, now);
}

export function settleListings(ws: WorkspaceState, now: Date): void {
  if (ws.listings.length === 0) return;
  const byListing = new Map<string, ListingTaskRecord[]>(ws.listings.map((l) => [l.uuid, []]));
  for (const task of ws.listing_tasks) if (task.listing_uuid !== null) byListing.get(task.listing_uuid)?.push(task);
  for (const listing of ws.listings) settleListing(ws, listing, now, byListing.get(listing.uuid));
}
