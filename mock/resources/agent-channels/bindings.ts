// The rules of an agent's channel assignment: what a number, account or page must be to be assigned
// on a channel (the workspace's own, capable of the channel, connected), and who else uses it. A
// channel of another agent is a 409; assigning what the agent already has changes nothing.
import type { FaultPlan } from '../../pipeline/faults.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Agent, ChannelAccountRecord, PhoneNumberRecord, WorkspaceState } from '../../state/workspace.ts';
import { findOr422 } from '../shared/lookup.ts';

export type AccountKind = ChannelAccountRecord['kind'];

/** The owned phone number `uuid`; one the workspace does not own is a 422 on `phone_number_uuid`. */
export function ownedNumber(ws: WorkspaceState, uuid: string): PhoneNumberRecord {
  return findOr422(ws.phone_numbers, uuid, 'phone_number_uuid', 'phone number');
}

/**
 * The workspace's connected account of the kind with the id. Unknown or disconnected: 422 on
 * `field` (a disconnected one passes under the fault channel-unconnected-accepted).
 */
export function connectedAccount(ws: WorkspaceState, kind: AccountKind, id: string, field: string, faults: FaultPlan): ChannelAccountRecord {
  const account = ws.channel_accounts.find((a) => a.kind === kind && a.id === id);
  if (!account) throw errors.validation('VALIDATION_ERROR', `No ${NOUNS[kind].toLowerCase()} ${id} is connected to this workspace.`, field);
  if (!account.connected && !faults.has('channel-unconnected-accepted')) {
    throw errors.validation('VALIDATION_ERROR', `The ${NOUNS[kind].toLowerCase()} ${id} is not connected to this workspace; connect it first.`, field);
  }
  return account;
}

const NOUNS: Record<AccountKind, string> = { whatsapp: 'WhatsApp number', instagram: 'Instagram account', messenger: 'Facebook page' };

/** The channel keys of an agent's bindings that these assignments set. */
export type BoundChannel = 'call' | 'sms' | 'whatsapp' | 'instagram' | 'messenger';

/** The id an agent's binding on the channel names (a number's uuid, an account or page id), or null. */
export function boundId(agent: Agent, channel: BoundChannel): string | null {
  const c = agent.channels;
  switch (channel) {
    case 'call':
      return c.call;
    case 'sms':
      return c.sms;
    case 'whatsapp':
      return c.whatsapp?.phone_number_uuid ?? null;
    case 'instagram':
      return c.instagram?.account_id ?? null;
    case 'messenger':
      return c.messenger?.page_id ?? null;
  }
}

/**
 * Refuses with 409 when another agent of the workspace uses `id` on the channel (the fault
 * channel-binding-conflict-ignored skips the check, leaving two agents on one endpoint).
 */
export function refuseOtherAgent(ws: WorkspaceState, agent: Agent, channel: BoundChannel, id: string, faults: FaultPlan): void {
  if (faults.has('channel-binding-conflict-ignored')) return;
  const other = ws.agents.find((a) => a.uuid !== agent.uuid && boundId(a, channel) === id);
  if (other) {
    throw errors.conflict('Channel already bound', `The ${channel} endpoint ${id} is bound to the agent ${other.uuid}; unbind it there first.`);
  }
}
