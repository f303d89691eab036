// The contacts a pool or a campaign holds, for the contact list's `pool_uuid` and `campaign_uuid`
// filters (published: "matches contacts whose pool is attached to this campaign"). Pools and their
// attachment to campaigns are the pools group's records (a listing's contacts are a pool of its
// campaign); an unknown uuid holds no contact.
import type { WorkspaceState } from '../../state/workspace.ts';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function members(ws: WorkspaceState, poolUuids: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const pool of ws.pools) if (poolUuids.has(pool.uuid.toLowerCase())) for (const item of pool.items) out.add(item.contact_uuid);
  return out;
}

/** The contacts of the pool `poolUuid`. */
export function poolContacts(ws: WorkspaceState, poolUuid: string): Set<string> {
  return members(ws, new Set([poolUuid.toLowerCase()]));
}

/** The contacts of the pools attached to the campaign `campaignUuid`, its listing's pool included. */
export function campaignContacts(ws: WorkspaceState, campaignUuid: string): Set<string> {
  const pools = new Set<string>();
  for (const d of ws.campaign_details) if (same(d.campaign_uuid, campaignUuid)) for (const uuid of d.pool_uuids ?? []) pools.add(uuid.toLowerCase());
  for (const listing of ws.listings) if (same(listing.campaign_uuid, campaignUuid)) pools.add(listing.pool_uuid.toLowerCase());
  return members(ws, pools);
}
