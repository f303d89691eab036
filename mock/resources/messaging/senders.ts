// Choosing who sends: the agent named in the body, and the number or address its channel binding
// gives (an email may also name its sender explicitly).
import { errors } from '../../pipeline/api-error.ts';
import type { Agent, EmailAddressRecord, PhoneNumberRecord, WorkspaceState } from '../../state/workspace.ts';
import { findOr422 } from '../shared/lookup.ts';

export function agentOr422(ws: WorkspaceState, uuid: string, field: string): Agent {
  return findOr422(ws.agents, uuid, field, 'agent');
}

export function optionalAgentOr422(ws: WorkspaceState, uuid: string | undefined, field: string): Agent | undefined {
  return uuid === undefined ? undefined : agentOr422(ws, uuid, field);
}

const CHANNEL_NAMES = { call: 'call', sms: 'SMS' } as const;

/** The number bound to the agent's call or SMS channel; it must be capable of and enabled for the channel. */
export function agentNumber(ws: WorkspaceState, channel: 'call' | 'sms', agent: Agent, field: string): PhoneNumberRecord {
  const bound = agent.channels[channel];
  const number = bound === null ? undefined : ws.phone_numbers.find((p) => p.uuid === bound);
  if (!number) throw errors.validation('VALIDATION_ERROR', `The agent ${agent.name} has no ${CHANNEL_NAMES[channel]} number to send from.`, field);
  if (!number[channel].capable || !number[channel].enabled) {
    throw errors.validation('VALIDATION_ERROR', `The agent's number ${number.number} is not enabled for ${CHANNEL_NAMES[channel]}.`, field);
  }
  return number;
}

export function senderAddress(ws: WorkspaceState, input: { from?: string; email_address_uuid?: string }, agent: Agent | undefined): EmailAddressRecord {
  if (input.email_address_uuid !== undefined) return findOr422(ws.email_addresses, input.email_address_uuid, 'email_address_uuid', 'email address');
  if (input.from !== undefined) {
    const wanted = input.from.toLowerCase();
    const found = ws.email_addresses.find((a) => a.address.toLowerCase() === wanted);
    if (!found) throw errors.validation('VALIDATION_ERROR', `The address ${input.from} is not one of this workspace's email addresses.`, 'from');
    return found;
  }
  const bound = agent?.channels.email ?? null;
  const found = bound === null ? ws.email_addresses[0] : ws.email_addresses.find((a) => a.uuid === bound);
  if (!found) throw errors.validation('VALIDATION_ERROR', 'No workspace email address to send from.', agent ? 'agent_uuid' : 'from');
  return found;
}
