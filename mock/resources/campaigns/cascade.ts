// Deleting a campaign (seed "Other statuses", for a listing: "removes the listing campaign,
// detaches its pool and rule, and cancels pending campaign tasks. Contacts are not deleted."): the
// same cascade for any campaign. Pending tasks are cancelled through the task machine (only a
// pending task can be; started ones run to their end), the pools and rule are detached and stay in
// the workspace, and a listing's campaign takes its listing with it. The fault
// `campaign-delete-keeps-tasks` leaves the pending tasks as they were.
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { cancelTask } from '../listings/task-machine.ts';

export function deleteCampaignCascade(ws: WorkspaceState, campaignUuid: string, now: Date, faults: FaultPlan): Schemas['CampaignDeleted'] {
  let cancelled = 0;
  if (!faults.has('campaign-delete-keeps-tasks')) {
    ws.listing_tasks = ws.listing_tasks.map((task) => {
      if (task.campaign_uuid !== campaignUuid) return task;
      const next = cancelTask(task, now);
      if (next instanceof Error) return task;
      cancelled++;
      return next;
    });
  }
  const details = ws.campaign_details.find((d) => d.campaign_uuid === campaignUuid);
  const listing = ws.listings.find((l) => l.campaign_uuid === campaignUuid);
  ws.campaign_details = ws.campaign_details.filter((d) => d.campaign_uuid !== campaignUuid);
  if (listing) ws.listings = ws.listings.filter((l) => l.uuid !== listing.uuid);
  ws.campaigns = ws.campaigns.filter((c) => c.uuid !== campaignUuid);
  return {
    uuid: campaignUuid,
    cancelled_tasks: cancelled,
    pools_detached: details?.pool_uuids?.length ?? 0,
    rule_detached: Boolean(details?.rule_uuid),
    listing_uuid: listing?.uuid ?? null,
    contacts_deleted: 0,
  };
}
