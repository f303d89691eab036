// A listing as the API returns it: the listing's pool, pace and counts with its campaign's fields
// (the campaign update may have changed them) and rule.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import type { Campaign } from '../campaigns/machine.ts';
import type { ListingRecord } from './records.ts';

export type Listing = Schemas['Listing'];

export function campaignOfListing(ws: WorkspaceState, listing: ListingRecord): Campaign {
  const campaign = ws.campaigns.find((c) => c.uuid === listing.campaign_uuid);
  if (!campaign) throw new Error(`listing ${listing.uuid} has no campaign ${listing.campaign_uuid}`);
  return campaign;
}

export function listingView(ws: WorkspaceState, listing: ListingRecord): Listing {
  const campaign = campaignOfListing(ws, listing);
  const details = ws.campaign_details.find((d) => d.campaign_uuid === campaign.uuid);
  return {
    uuid: listing.uuid,
    campaign_uuid: campaign.uuid,
    name: campaign.name,
    description: campaign.description ?? null,
    // A listing campaign is created with both, and the campaign update cannot clear them.
    campaign_type: campaign.campaign_type as string,
    agent_uuid: campaign.agent_uuid as string,
    contact_template_setting_uuid: campaign.contact_template_setting_uuid ?? null,
    status: campaign.status,
    pace: { ...listing.pace },
    rules: { ...(details?.rules ?? {}) },
    counts: { contacts: listing.pool.length, contacts_created: listing.contacts_created },
    created_at: listing.created_at,
    updated_at: campaign.updated_at > listing.updated_at ? campaign.updated_at : listing.updated_at,
  };
}
