// What the mock keeps about a campaign beyond the fields it returns (seed "Campaign": fields
// accepted on update): the free-form `rules`, the agent's channel binding (agent_app) that
// `agent_uuid` resolved for the campaign's type, and the pools and rule attached to it.
import type { Agent } from '../../state/workspace.ts';

export type AgentChannel = keyof Agent['channels'];

/** The channel binding of an agent a campaign sends through (seed: "agent_app"). */
export interface AgentApp {
  agent_uuid: string;
  channel: AgentChannel;
  /** The bound phone number, email address, or account of that channel. */
  binding: string;
}

export interface CampaignDetailsRecord {
  campaign_uuid: string;
  rules: Record<string, unknown>;
  agent_app: AgentApp | null;
  /** The pools attached to the campaign, in the order they were attached (absent: none). */
  pool_uuids?: string[];
  /** The rule attached to the campaign (absent or null: none). */
  rule_uuid?: string | null;
}
