// A listing as the API returns it: the listing's rule, pace, counts and contacts with its
// campaign's fields (the campaign update may have changed them), under the names of the published
// create body; the template setting by its integer id (listings/template-setting-id.ts).
import type { Contact, Schemas, WorkspaceState } from '../../state/workspace.ts';
import type { Campaign } from '../campaigns/machine.ts';
import { memberUuids } from '../pools/records.ts';
import { listingRuleOf, ruleOfListing } from '../rules/listing-rule.ts';
import { contactView } from './contact-pool.ts';
import type { ListingRecord } from './records.ts';
import { settingIdOfUuid } from './template-setting-id.ts';

export type Listing = Schemas['Listing'];

export function campaignOfListing(ws: WorkspaceState, listing: ListingRecord): Campaign {
  const campaign = ws.campaigns.find((c) => c.uuid === listing.campaign_uuid);
  if (!campaign) throw new Error(`listing ${listing.uuid} has no campaign ${listing.campaign_uuid}`);
  return campaign;
}

/** The listing's contacts in pool order, with the details it keeps for each. */
export function listingContacts(ws: WorkspaceState, listing: ListingRecord): Listing['contacts'] {
  const byUuid = new Map(ws.contacts.map((c) => [c.uuid, c]));
  return memberUuids(ws, listing.pool_uuid)
    .map((uuid) => byUuid.get(uuid))
    .filter((c): c is Contact => c !== undefined)
    .map((c) => contactView(c, listing.contact_details?.[c.uuid]));
}

export function listingView(ws: WorkspaceState, listing: ListingRecord): Listing {
  const campaign = campaignOfListing(ws, listing);
  const setting = campaign.contact_template_setting_uuid ?? null;
  return {
    uuid: listing.uuid,
    campaign_uuid: campaign.uuid,
    name: campaign.name,
    description: campaign.description ?? null,
    campaign_type: campaign.campaign_type ?? null,
    // A listing campaign is created with an agent, and the campaign update cannot clear it.
    agent_uuid: campaign.agent_uuid as string,
    contact_template_setting_id: setting === null ? null : settingIdOfUuid(ws, setting),
    start_date: campaign.start_date ?? null,
    end_date: campaign.end_date ?? null,
    rule: listingRuleOf(ruleOfListing(ws, listing)),
    auto_start: listing.auto_start,
    status: campaign.status,
    pace: { ...listing.pace },
    counts: { contacts: memberUuids(ws, listing.pool_uuid).length, contacts_created: listing.contacts_created },
    contacts: listingContacts(ws, listing),
    created_at: listing.created_at,
    updated_at: campaign.updated_at > listing.updated_at ? campaign.updated_at : listing.updated_at,
  };
}
