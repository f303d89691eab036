// A listing as the API returns it: the listing's rule, pace and counts with its campaign's fields
// (the campaign update may have changed them), under the names of the published create body.
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
  return {
    uuid: listing.uuid,
    campaign_uuid: campaign.uuid,
    name: campaign.name,
    description: campaign.description ?? null,
    // A listing campaign is created with both, and the campaign update cannot clear them.
    campaign_type: campaign.campaign_type as string,
    agent_uuid: campaign.agent_uuid as string,
    contact_template_setting_id: campaign.contact_template_setting_uuid ?? null,
    start_date: campaign.start_date ?? null,
    end_date: campaign.end_date ?? null,
    rule: { ...listing.rule },
    auto_start: listing.auto_start,
    status: campaign.status,
    pace: { ...listing.pace },
    counts: { contacts: listing.pool.length, contacts_created: listing.contacts_created },
    created_at: listing.created_at,
    updated_at: campaign.updated_at > listing.updated_at ? campaign.updated_at : listing.updated_at,
  };
}
