// The campaign update as a pure transition (seed "Campaign", fields accepted on update):
// (campaign, details, change, facts) → the next campaign and details, or a 422.
// - `agent_uuid` resolves the agent's channel binding that matches `campaign_type` (agent_app);
// - a `text` (WhatsApp) campaign cannot publish (be `Active`) without an active WhatsApp template
//   setting in `contact_template_setting_uuid`;
// - a named template setting must exist; `end_date` may not be before `start_date` (inferred);
// - null clears `description`, `campaign_type` (and with it the binding), the dates and `rules`
//   (published: those fields are nullable); `agent_id` and `agent_app_id` are kept as sent.
// Campaign transitions are not shown by the seed, so any input status may follow any status.
// Seed behaviour 2: the update never touches tasks already scheduled.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { resolveAgentApp } from './agent-binding.ts';
import { boundEnd, boundStart } from './date-bounds.ts';
import type { CampaignDetailsRecord } from './records.ts';

export type Campaign = WorkspaceState['campaigns'][number];

/** An update with its date inputs already read: a date stays a `YYYY-MM-DD` string, a date-time is an instant; null clears. */
export type CampaignChange = Omit<Schemas['CampaignUpdate'], 'start_date' | 'end_date'> & {
  start_date?: Date | string | null;
  end_date?: Date | string | null;
};

/** What the transition needs to know about the rest of the workspace. */
export interface CampaignFacts {
  /** The status of a template setting, undefined when the workspace has none with that uuid. */
  settingStatus(uuid: string): string | undefined;
  /** The workspace's agent with this uuid. */
  agent(uuid: string): Agent | undefined;
  /** The applied zone, in which a date-only bound is a whole day. */
  zone: string;
  /** Fault text-campaign-publishes-without-setting: a text campaign publishes without an active setting. */
  publishWithoutSetting?: boolean;
  /** Fault campaign-binding-unchecked: an agent without a channel matching campaign_type is accepted (no agent_app). */
  bindWithoutChannel?: boolean;
}

export interface CampaignUpdated {
  campaign: Campaign;
  details: CampaignDetailsRecord;
}

const invalid = (details: string, field: string) => errors.validation('VALIDATION_ERROR', details, field);

export function applyCampaignUpdate(
  campaign: Campaign,
  details: CampaignDetailsRecord,
  change: CampaignChange,
  facts: CampaignFacts,
  now: Date,
): CampaignUpdated | ApiError {
  const next: Campaign = { ...campaign, updated_at: now };
  if (change.name !== undefined) next.name = change.name;
  if (change.description !== undefined) next.description = change.description;
  if (change.status !== undefined) next.status = change.status;
  if (change.campaign_type !== undefined) next.campaign_type = change.campaign_type;
  if (change.start_date !== undefined) next.start_date = change.start_date;
  if (change.end_date !== undefined) next.end_date = change.end_date;
  if (change.agent_uuid !== undefined) next.agent_uuid = change.agent_uuid;
  if (change.contact_template_setting_uuid !== undefined) next.contact_template_setting_uuid = change.contact_template_setting_uuid;
  if (change.agent_id !== undefined) next.agent_id = change.agent_id;
  if (change.agent_app_id !== undefined) next.agent_app_id = change.agent_app_id;
  const nextDetails: CampaignDetailsRecord = { ...details, rules: change.rules === undefined ? details.rules : { ...(change.rules ?? {}) } };

  const settingUuid = change.contact_template_setting_uuid;
  if (settingUuid !== undefined && facts.settingStatus(settingUuid) === undefined) {
    return invalid(`No WhatsApp template setting ${settingUuid} exists in this workspace.`, 'contact_template_setting_uuid');
  }

  if (change.agent_uuid !== undefined || change.campaign_type !== undefined) {
    const agentUuid = next.agent_uuid ?? undefined;
    const agent = agentUuid === undefined ? undefined : facts.agent(agentUuid);
    if (agentUuid !== undefined && agent === undefined) return invalid(`No agent ${agentUuid} exists in this workspace.`, 'agent_uuid');
    const type = next.campaign_type ?? undefined;
    if (type === undefined) nextDetails.agent_app = null;
    else if (agent !== undefined) {
      const bound = resolveAgentApp(agent, type);
      if (bound.ok) nextDetails.agent_app = bound.app;
      else if (bound.reason === 'not-bound' && facts.bindWithoutChannel) nextDetails.agent_app = null;
      else {
        return bound.reason === 'unknown-type'
          ? invalid(`No agent channel serves campaign_type ${type}.`, 'campaign_type')
          : invalid(`The agent has no channel binding that matches campaign_type ${type}.`, 'agent_uuid');
      }
    }
  }

  const start = next.start_date ?? null;
  const end = next.end_date ?? null;
  if ((change.start_date !== undefined || change.end_date !== undefined) && start !== null && end !== null) {
    if (boundEnd(end, facts.zone) < boundStart(start, facts.zone)) return invalid('end_date is before start_date.', 'end_date');
  }

  const publishing =
    next.status === 'Active' && (change.status === 'Active' || change.campaign_type !== undefined || change.contact_template_setting_uuid !== undefined);
  if (publishing && next.campaign_type === 'text' && !facts.publishWithoutSetting) {
    const setting = next.contact_template_setting_uuid ?? undefined;
    if (setting === undefined || facts.settingStatus(setting) !== 'active') {
      return invalid('A text campaign cannot publish without an active WhatsApp template setting.', 'contact_template_setting_uuid');
    }
  }
  return { campaign: next, details: nextDetails };
}
