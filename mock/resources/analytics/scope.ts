// The filters the analytics reads share (published API, "Analytics": channel tokens, agent_uuid,
// campaign_uuid). An agent or campaign the workspace does not have is a 404. A call, session or
// message belongs to the agent it names and to the campaign of its conversation; it matches the
// channel filter when one of its tokens is listed (a message row's token is its channel).
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';

export interface AnalyticsQuery {
  channel?: string | string[];
  agent_uuid?: string;
  campaign_uuid?: string;
}

export interface AnalyticsScope {
  channels: ReadonlySet<string> | null;
  agent_uuid: string | null;
  /** The conversations the campaign started; null without a campaign filter. */
  campaignConversations: ReadonlySet<string> | null;
}

/** What a call, session or message row shows of itself to the filters. */
export interface Attributed {
  channel: string;
  /** The channel tokens it matches; absent: just its channel. */
  tokens?: readonly string[];
  agent_uuid: string | null;
  conversation_uuid: string;
}

export function analyticsScope(ws: WorkspaceState, query: AnalyticsQuery): AnalyticsScope {
  const { channel, agent_uuid, campaign_uuid } = query;
  if (agent_uuid !== undefined && !ws.agents.some((a) => a.uuid === agent_uuid)) throw errors.notFound('Agent');
  if (campaign_uuid !== undefined && !ws.campaigns.some((c) => c.uuid === campaign_uuid)) throw errors.notFound('Campaign');
  return {
    channels: channel === undefined ? null : new Set(Array.isArray(channel) ? channel : [channel]),
    agent_uuid: agent_uuid ?? null,
    campaignConversations: campaign_uuid === undefined ? null : new Set(ws.conversations.filter((c) => c.campaign_uuid === campaign_uuid).map((c) => c.uuid)),
  };
}

export function inScope(scope: AnalyticsScope, item: Attributed): boolean {
  const channels = scope.channels;
  if (channels !== null && !(item.tokens ?? [item.channel]).some((t) => channels.has(t))) return false;
  if (scope.agent_uuid !== null && item.agent_uuid !== scope.agent_uuid) return false;
  return scope.campaignConversations === null || scope.campaignConversations.has(item.conversation_uuid);
}
