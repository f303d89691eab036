// Pure transitions of external (SIP trunk) numbers: register, change settings, bind channels to
// an agent. Each returns new records; the handlers store them.
import type { Agent, PhoneNumberRecord, PhoneNumberTrunkSettings, Schemas } from '../../state/workspace.ts';
import { countryOfNumber } from './rates.ts';

export type TrunkCreate = Schemas['PhoneNumberTrunkCreate'];
export type TrunkUpdate = Schemas['PhoneNumberTrunkUpdate'];
export type TrunkChannel = 'call' | 'sms';

/** A new external number: voice capable, SMS not (a SIP trunk carries calls only), nothing bound. */
export function registerTrunkNumber(uuid: string, number: string, body: TrunkCreate): PhoneNumberRecord {
  const limit = body.channel_limit ?? 1;
  const country = countryOfNumber(number);
  const trunk: PhoneNumberTrunkSettings = { label: body.label ?? null, sip_uri: body.sip_uri, transport: body.transport ?? 'udp', username: body.username ?? null, password: body.password ?? null };
  if (body.inbound_source_ips) trunk.inbound_source_ips = [...body.inbound_source_ips];
  return {
    uuid,
    number,
    is_external: true,
    source: 'sip_trunk',
    call: { capable: true, enabled: true, channel_limit: limit, whitelisted_destinations: body.whitelisted_destinations ? [...body.whitelisted_destinations] : country ? [country] : [] },
    sms: { capable: false, enabled: false, channel_limit: 0, whitelisted_destinations: [] },
    inbound: { enabled: body.inbound_enabled ?? true, channel_limit: limit },
    trunk,
  };
}

/** The number with the fields sent changed; `channel_limit` governs outbound and inbound calls alike. */
export function updateTrunkNumber(n: PhoneNumberRecord, body: TrunkUpdate): PhoneNumberRecord {
  const trunk: PhoneNumberTrunkSettings = { ...n.trunk };
  if (body.label !== undefined) trunk.label = body.label;
  if (body.sip_uri !== undefined) trunk.sip_uri = body.sip_uri;
  if (body.transport !== undefined) trunk.transport = body.transport;
  if (body.username !== undefined) trunk.username = body.username;
  if (body.password !== undefined) trunk.password = body.password;
  if (body.inbound_source_ips !== undefined) trunk.inbound_source_ips = [...body.inbound_source_ips];
  const call = { ...n.call, whitelisted_destinations: [...(body.whitelisted_destinations ?? n.call.whitelisted_destinations)] };
  const inbound = { ...n.inbound };
  if (body.channel_limit !== undefined) {
    call.channel_limit = body.channel_limit;
    inbound.channel_limit = body.channel_limit;
  }
  if (body.inbound_enabled !== undefined) inbound.enabled = body.inbound_enabled;
  return { ...n, call, sms: { ...n.sms, whitelisted_destinations: [...n.sms.whitelisted_destinations] }, inbound, trunk };
}

/** The channels the number cannot carry (`capable: false`). */
export function incapableChannels(n: PhoneNumberRecord, channels: TrunkChannel[]): TrunkChannel[] {
  return channels.filter((c) => !n[c].capable);
}

/**
 * The agents after binding the number's given channels to `agentUuid` (null: unbinding them): any
 * other agent bound to the number on such a channel is released; the agent's previous number on
 * the channel is replaced.
 */
export function bindTrunkChannels(agents: Agent[], numberUuid: string, channels: TrunkChannel[], agentUuid: string | null): Agent[] {
  return agents.map((agent) => {
    let changed = agent.channels;
    for (const c of channels) {
      if (agent.uuid === agentUuid) changed = { ...changed, [c]: numberUuid };
      else if (changed[c] === numberUuid) changed = { ...changed, [c]: null };
    }
    return changed === agent.channels ? agent : { ...agent, channels: changed };
  });
}
