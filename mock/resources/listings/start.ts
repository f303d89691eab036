// Starting a listing created with `auto_start: false` (contract, POST /api/v1/listings): it waits in
// `Draft` with its pool until its campaign is set `Active` by the campaign update, which queues one
// task per contact of the pool then. A listing already started is left alone (seed behaviour 2: a
// campaign update never rebuilds tasks already scheduled).
import type { Contact, WorkspaceState } from '../../state/workspace.ts';
import { memberUuids } from '../pools/records.ts';
import { queueListingTasks } from './queue.ts';

export function startListingOf(ws: WorkspaceState, campaignUuid: string, now: Date): void {
  const listing = ws.listings.find((l) => l.campaign_uuid === campaignUuid);
  if (!listing || listing.started) return;
  listing.started = true;
  listing.updated_at = now;
  const byUuid = new Map(ws.contacts.map((c) => [c.uuid, c]));
  const contacts = memberUuids(ws, listing.pool_uuid).map((uuid) => byUuid.get(uuid)).filter((c): c is Contact => c !== undefined);
  queueListingTasks(ws, listing, contacts, now);
}
