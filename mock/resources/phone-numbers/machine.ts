// Pure transitions of external numbers and their trunk rows (one row per number and channel, call
// or WhatsApp): register a row, change a row's settings, move a row to another agent. Each returns
// new records; the handlers store them.
import type { Agent, PhoneNumberRecord, PhoneNumberTrunkRow, PhoneNumberTrunkSip, Schemas } from '../../state/workspace.ts';
import { countryOfNumber } from './rates.ts';

export type TrunkCreate = Schemas['PhoneNumberTrunkCreate'];
export type TrunkUpdate = Schemas['PhoneNumberTrunkUpdate'];
export type TrunkChannel = PhoneNumberTrunkRow['channel'];

/** The number's trunk row on a channel, if it has one. */
export function trunkRow(n: PhoneNumberRecord, channel: TrunkChannel): PhoneNumberTrunkRow | undefined {
  return n.trunks?.find((r) => r.channel === channel);
}

/** The default label of a row: `{channel}_trunk_{digits}`. */
export function defaultTrunkName(channel: TrunkChannel, number: string): string {
  return `${channel}_trunk_${number.replace(/^\+/, '')}`;
}

function copySip(sip: PhoneNumberTrunkSip | undefined): PhoneNumberTrunkSip {
  return sip ? { ...sip } : {};
}

/** A new external number with no rows yet: nothing capable, not billed. */
function blankExternal(uuid: string, number: string, now: Date): PhoneNumberRecord {
  return {
    uuid,
    number,
    is_external: true,
    source: 'external',
    call: { capable: false, enabled: false, channel_limit: 0, whitelisted_destinations: [] },
    sms: { capable: false, enabled: false, channel_limit: 0, whitelisted_destinations: [] },
    inbound: { enabled: false, channel_limit: 0 },
    country_code: countryOfNumber(number) ?? '',
    location: null,
    type: 'local',
    status: 'active',
    monthly_fee: 0,
    currency: 'EUR',
    purchased_at: now,
    updated_at: now,
    trunks: [],
  };
}

/** The call channel's settings once a call row says `direction`: calls on, inbound unless outbound only. */
function withCallRow(n: PhoneNumberRecord, direction: PhoneNumberTrunkRow['direction']): Pick<PhoneNumberRecord, 'call' | 'inbound'> {
  const country = countryOfNumber(n.number);
  const limit = n.call.channel_limit > 0 ? n.call.channel_limit : 1;
  const destinations = n.call.whitelisted_destinations.length > 0 ? [...n.call.whitelisted_destinations] : country ? [country] : [];
  return {
    call: { capable: true, enabled: true, channel_limit: limit, whitelisted_destinations: destinations },
    inbound: { enabled: direction !== 'outbound', channel_limit: limit },
  };
}

/**
 * The number (`existing`, or a new external one) with a row on the body's channel. `direction` and
 * `sip` are kept on WhatsApp rows as sent but change no channel setting there.
 */
export function registerTrunk(existing: PhoneNumberRecord | undefined, uuid: string, number: string, body: TrunkCreate, now: Date): PhoneNumberRecord {
  const base = existing ?? blankExternal(uuid, number, now);
  const row: PhoneNumberTrunkRow = {
    channel: body.channel,
    name: body.name ?? defaultTrunkName(body.channel, number),
    direction: body.direction ?? 'both',
    sip: copySip(body.sip),
    additional_settings: structuredClone(body.additional_settings ?? {}),
  };
  const next: PhoneNumberRecord = { ...base, trunks: [...(base.trunks ?? []), row], updated_at: now };
  return row.channel === 'call' ? { ...next, ...withCallRow(next, row.direction) } : next;
}

/** The SIP credentials with the keys sent changed; an empty string clears a key. */
function mergeSip(current: PhoneNumberTrunkSip, sent: PhoneNumberTrunkSip | undefined): PhoneNumberTrunkSip {
  const out: PhoneNumberTrunkSip = { ...current };
  for (const [key, value] of Object.entries(sent ?? {}) as Array<[keyof PhoneNumberTrunkSip, PhoneNumberTrunkSip[keyof PhoneNumberTrunkSip]]>) {
    if (value === '') delete out[key];
    else (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The number with the row on the body's channel changed by the fields sent. */
export function updateTrunk(n: PhoneNumberRecord, body: TrunkUpdate, now: Date): PhoneNumberRecord {
  const trunks = (n.trunks ?? []).map((row) => {
    if (row.channel !== body.channel) return row;
    return {
      ...row,
      name: body.name ?? row.name,
      direction: body.direction ?? row.direction,
      sip: mergeSip(row.sip, body.sip),
      additional_settings: body.additional_settings === undefined ? row.additional_settings : structuredClone(body.additional_settings),
    };
  });
  const next: PhoneNumberRecord = { ...n, trunks, updated_at: now };
  const call = trunkRow(next, 'call');
  return body.channel === 'call' && call ? { ...next, inbound: { ...next.inbound, enabled: call.direction !== 'outbound' } } : next;
}

/** The business account id of a WhatsApp row: `additional_settings.waba_id` when given, else the number's digits. */
export function wabaIdOf(n: PhoneNumberRecord): string {
  const given = trunkRow(n, 'whatsapp')?.additional_settings.waba_id;
  return typeof given === 'string' && given.length > 0 ? given : n.number.replace(/^\+/, '');
}

/** The agent that uses the number on the channel, if any. */
export function agentOnChannel(agents: Agent[], n: PhoneNumberRecord, channel: TrunkChannel): Agent | undefined {
  return agents.find((a) => (channel === 'call' ? a.channels.call === n.uuid : a.channels.whatsapp?.phone_number_uuid === n.uuid));
}

/** Whether the agent already uses another number than `n` on the channel. */
export function servesAnotherNumber(agent: Agent, n: PhoneNumberRecord, channel: TrunkChannel): boolean {
  if (channel === 'call') return agent.channels.call !== null && agent.channels.call !== n.uuid;
  return agent.channels.whatsapp !== null && agent.channels.whatsapp.phone_number_uuid !== n.uuid;
}

/**
 * The agents after giving the number's channel to `agentUuid`: any other agent on that channel of
 * the number is released; the agent's previous number on the channel is replaced.
 */
export function bindTrunkChannel(agents: Agent[], n: PhoneNumberRecord, channel: TrunkChannel, agentUuid: string): Agent[] {
  return agents.map((agent) => {
    const mine = agent.uuid === agentUuid;
    if (channel === 'call') {
      if (mine) return { ...agent, channels: { ...agent.channels, call: n.uuid } };
      return agent.channels.call === n.uuid ? { ...agent, channels: { ...agent.channels, call: null } } : agent;
    }
    if (mine) return { ...agent, channels: { ...agent.channels, whatsapp: { phone_number_uuid: n.uuid, waba_id: wabaIdOf(n) } } };
    return agent.channels.whatsapp?.phone_number_uuid === n.uuid ? { ...agent, channels: { ...agent.channels, whatsapp: null } } : agent;
  });
}
