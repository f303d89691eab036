// Campaigns: read and update (seed "Endpoints", PUT /api/v1/campaigns/{uuid}; errors in Shape A:
// "404 campaign not found, validation errors, unexpected error; each {success:false, message,
// data:[]}" — the pipeline picks the shape from the contract). Date-only bounds stay unshifted
// (seed "Time handling" rule 6); a date-time without an offset is read in the applied zone (rule 2).
import { DateTime } from 'luxon';
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { isDateOnly, parseDateTimeInput } from '../../time/instants.ts';
import { settleCampaign } from '../listings/progress.ts';
import { findOr404 } from '../shared/lookup.ts';
import { applyCampaignUpdate, type CampaignChange } from './machine.ts';
import type { CampaignDetailsRecord } from './records.ts';

/** A date stays a `YYYY-MM-DD` string; a date-time becomes an instant. A day that does not exist is a 422. */
function readBound(value: string | undefined, zone: string, field: string): Date | string | undefined {
  if (value === undefined) return undefined;
  const read = isDateOnly(value) ? (DateTime.fromISO(value).isValid ? value : undefined) : parseDateTimeInput(value, zone);
  if (read === undefined) throw errors.validation('INVALID_FORMAT', `The field ${field} is not a valid date or date-time.`, field);
  return read;
}

export function detailsOf(ws: WorkspaceState, campaignUuid: string): CampaignDetailsRecord {
  return ws.campaign_details.find((d) => d.campaign_uuid === campaignUuid) ?? { campaign_uuid: campaignUuid, rules: {}, agent_app: null };
}

export const campaignHandlers = {
  getCampaign: ({ ws, path, now }) => {
    settleCampaign(ws, path.uuid, now);
    const campaign = findOr404(ws.campaigns, path.uuid, 'Campaign');
    return { status: 200, body: { success: true, message: 'Campaign retrieved', data: { ...campaign } } };
  },

  updateCampaign: ({ ws, path, body, now, zone }) => {
    settleCampaign(ws, path.uuid, now);
    const campaign = findOr404(ws.campaigns, path.uuid, 'Campaign');
    const { start_date, end_date, ...rest } = body;
    const change: CampaignChange = { ...rest };
    const start = readBound(start_date, zone, 'start_date');
    const end = readBound(end_date, zone, 'end_date');
    if (start !== undefined) change.start_date = start;
    if (end !== undefined) change.end_date = end;
    const result = applyCampaignUpdate(campaign, detailsOf(ws, campaign.uuid), change, {
      settingStatus: (uuid) => ws.template_settings.find((s) => s.uuid === uuid)?.status,
      agent: (uuid) => ws.agents.find((a) => a.uuid === uuid),
      zone,
    }, now);
    if (result instanceof Error) throw result;
    Object.assign(campaign, result.campaign);
    ws.campaign_details = [...ws.campaign_details.filter((d) => d.campaign_uuid !== campaign.uuid), result.details];
    return { status: 200, body: { success: true, message: 'Campaign updated successfully', data: { ...campaign } } };
  },
} satisfies HandlerGroup;
