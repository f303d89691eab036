// The model of a campaign under updates (seed "Campaign", fields accepted on update; "Endpoints"
// PUT /api/v1/campaigns/{uuid} and behaviour 2). The campaign is the one of a text listing the
// suite creates (the contract creates campaigns only through listings). The model keeps what the
// campaign should read (agent, template setting) and the campaign's tasks found in the action log
// before any update: an update never rebuilds them.
import type { RuleCheck } from '../../record/rule.ts';

export const CAMPAIGN_UPDATE_KEEPS_TASKS: RuleCheck = {
  name: 'campaign-update-keeps-tasks',
  rule: 'seed "Endpoints" behaviour 2: a campaign update does not rebuild already scheduled tasks (the same tasks, none cancelled or added by it)',
};
export const CAMPAIGN_TEXT_NEEDS_SETTING: RuleCheck = {
  name: 'campaign-text-publish-needs-setting',
  rule: 'seed "Campaign": a text (WhatsApp) campaign cannot publish without an active WhatsApp template setting; with an active one it can',
};
export const CAMPAIGN_AGENT_BINDING: RuleCheck = {
  name: 'campaign-agent-binding',
  rule: 'seed "Campaign": agent_uuid binds the agent\'s channel that matches campaign_type (text: WhatsApp); an agent with no such channel cannot be bound (refused, the campaign unchanged)',
};

export interface TaskState {
  uuid: string;
  status: string;
}

export interface AgentChoice {
  uuid: string;
  /** The agent has a WhatsApp binding (the channel of campaign_type text). */
  whatsapp: boolean;
}

export class CampaignModel {
  readonly listingUuid: string;
  readonly campaignUuid: string;
  readonly listingCreatedAt: string;
  /** The agent and setting the campaign should read after the last accepted update. */
  agentUuid: string;
  settingUuid: string;
  /** The campaign's tasks read before the first update (uuid → status then). */
  readonly tasks = new Map<string, TaskState>();

  constructor(listingUuid: string, campaignUuid: string, listingCreatedAt: string, agentUuid: string, settingUuid: string) {
    this.listingUuid = listingUuid;
    this.campaignUuid = campaignUuid;
    this.listingCreatedAt = listingCreatedAt;
    this.agentUuid = agentUuid;
    this.settingUuid = settingUuid;
  }
}

/** The facts every run needs: agents with and without WhatsApp, an active and an inactive setting. */
export interface CampaignFacts {
  agents: AgentChoice[];
  activeSetting: string;
  inactiveSetting: string | undefined;
}

/** Task statuses that show a task was stopped before it ran (the feed's status set is open). */
export const CANCELLED: ReadonlySet<string> = new Set(['cancelled', 'canceled']);
