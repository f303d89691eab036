// Seed "Campaign": "The channel binding (agent_app) is resolved automatically from the agent's
// channel that matches campaign_type" (`text` means WhatsApp). The other type names are the
// agent's channel names; the full set of campaign types is not shown by the seed.
import type { Agent } from '../../state/workspace.ts';
import type { AgentApp, AgentChannel } from './records.ts';

const CHANNEL_OF_TYPE: Record<string, AgentChannel> = {
  text: 'whatsapp',
  whatsapp: 'whatsapp',
  email: 'email',
  sms: 'sms',
  call: 'call',
  voice: 'call',
  instagram: 'instagram',
  messenger: 'messenger',
};

/** The agent channel a campaign type sends on; undefined for a type no channel serves. */
export function channelOfType(campaignType: string): AgentChannel | undefined {
  return Object.hasOwn(CHANNEL_OF_TYPE, campaignType) ? CHANNEL_OF_TYPE[campaignType] : undefined;
}

export type BindingResult = { ok: true; app: AgentApp } | { ok: false; reason: 'unknown-type' | 'not-bound' };

/** The agent's binding on the channel of `campaignType`. */
export function resolveAgentApp(agent: Agent, campaignType: string): BindingResult {
  const channel = channelOfType(campaignType);
  if (channel === undefined) return { ok: false, reason: 'unknown-type' };
  const bound = agent.channels[channel];
  if (bound === null || bound === undefined) return { ok: false, reason: 'not-bound' };
  let binding: string;
  if (typeof bound === 'string') binding = bound;
  else if ('phone_number_uuid' in bound) binding = bound.phone_number_uuid;
  else if ('account_id' in bound) binding = bound.account_id;
  else binding = bound.page_id;
  return { ok: true, app: { agent_uuid: agent.uuid, channel, binding } };
}
