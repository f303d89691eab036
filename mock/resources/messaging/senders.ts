// Choosing who sends: a number or address given explicitly, by uuid, or the agent's channel binding.
import { errors } from '../../pipeline/api-error.ts';
import type { Agent, EmailAddressRecord, PhoneNumberRecord, WorkspaceState } from '../../state/workspace.ts';
import { findOr422, normalizeE164 } from '../shared/lookup.ts';

export function agentOr422(ws: WorkspaceState, uuid: string | undefined): Agent | undefined {
  return uuid === undefined ? undefined : findOr422(ws.agents, uuid, 'agent_uuid', 'agent');
}

export function senderNumber(
  ws: WorkspaceState,
  channel: 'call' | 'sms',
  input: { from?: string; phone_number_uuid?: string },
  agent: Agent | undefined,
): PhoneNumberRecord {
  let number: PhoneNumberRecord | undefined;
  let field = 'from';
  if (input.phone_number_uuid !== undefined) {
    field = 'phone_number_uuid';
    number = findOr422(ws.phone_numbers, input.phone_number_uuid, field, 'phone number');
  } else if (input.from !== undefined) {
    const wanted = normalizeE164(input.from);
    number = ws.phone_numbers.find((p) => p.number === wanted);
    if (!number) throw errors.validation('VALIDATION_ERROR', `The number ${wanted} is not one of this workspace's numbers.`, field);
  } else {
    const bound = agent?.channels[channel] ?? null;
    number = bound === null ? ws.phone_numbers.find((p) => p[channel].capable && p[channel].enabled) : ws.phone_numbers.find((p) => p.uuid === bound);
    field = agent ? 'agent_uuid' : 'from';
  }
  if (!number?.[channel].capable || !number[channel].enabled) {
    throw errors.validation('VALIDATION_ERROR', `No ${channel === 'call' ? 'call' : 'SMS'}-enabled workspace number to send from.`, field);
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
