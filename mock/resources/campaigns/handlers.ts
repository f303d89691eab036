// Campaigns: read and update (seed "Endpoints", PUT /api/v1/campaigns/{uuid}; errors in Shape A:
// "404 campaign not found, validation errors, unexpected error; each {success:false, message,
// data:[]}" — the pipeline picks the shape from the contract). Date-only bounds stay unshifted
// (seed "Time handling" rule 6); a date-time without an offset is read in the applied zone (rule 2).
import type { HandlerGroup } from '../../core/handler.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { settleCampaign } from '../listings/progress.ts';
import { startListingOf } from '../listings/start.ts';
import { findOr404 } from '../shared/lookup.ts';
import { readBound } from './date-bounds.ts';
import { applyCampaignUpdate, type Campaign, type CampaignChange } from './machine.ts';
import { rebuildCampaignTasks } from './rebuild-fault.ts';
import type { CampaignDetailsRecord } from './records.ts';

export function detailsOf(ws: WorkspaceState, campaignUuid: string): CampaignDetailsRecord {
  return ws.campaign_details.find((d) => d.campaign_uuid === campaignUuid) ?? { campaign_uuid: campaignUuid, rules: {}, agent_app: null };
}

/** A campaign as the API returns it: its fields and the free-form `rules` it keeps. */
function campaignView(ws: WorkspaceState, campaign: Campaign) {
  return { ...campaign, rules: { ...detailsOf(ws, campaign.uuid).rules } };
}

export const campaignHandlers = {
  getCampaign: ({ ws, path, now }) => {
    settleCampaign(ws, path.uuid, now);
    const campaign = findOr404(ws.campaigns, path.uuid, 'Campaign');
    return { status: 200, body: { success: true, message: 'Campaign retrieved', data: campaignView(ws, campaign) } };
  },

  updateCampaign: ({ ws, path, body, now, zone, faults }) => {
    settleCampaign(ws, path.uuid, now);
    const campaign = findOr404(ws.campaigns, path.uuid, 'Campaign');
    const { start_date, end_date, ...rest } = body;
    const change: CampaignChange = { ...rest };
    if (start_date !== undefined) change.start_date = start_date === null ? null : readBound(start_date, zone, 'start_date');
    if (end_date !== undefined) change.end_date = end_date === null ? null : readBound(end_date, zone, 'end_date');
    const result = applyCampaignUpdate(campaign, detailsOf(ws, campaign.uuid), change, {
      settingStatus: (uuid) => ws.template_settings.find((s) => s.uuid === uuid)?.status,
      agent: (uuid) => ws.agents.find((a) => a.uuid === uuid),
      zone,
      publishWithoutSetting: faults.has('text-campaign-publishes-without-setting'),
      bindWithoutChannel: faults.has('campaign-binding-unchecked'),
    }, now);
    if (result instanceof Error) throw result;
    Object.assign(campaign, result.campaign);
    ws.campaign_details = [...ws.campaign_details.filter((d) => d.campaign_uuid !== campaign.uuid), result.details];
    if (faults.has('campaign-update-rebuilds-tasks')) rebuildCampaignTasks(ws, campaign.uuid, now);
    // Publishing the campaign of a listing created with auto_start false starts that listing.
    if (campaign.status === 'Active') startListingOf(ws, campaign.uuid, now);
    return { status: 200, body: { success: true, message: 'Campaign updated successfully', data: campaignView(ws, campaign) } };
  },
} satisfies HandlerGroup;
