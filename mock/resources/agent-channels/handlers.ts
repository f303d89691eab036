// Agent channel bindings: provision the call channel from an owned number, assign an SMS number, a
// WhatsApp number (messaging, or calling as well), an Instagram account or a Facebook page. Each
// answers the agent under `data.agent` (the published envelope of the call provisioning). The rules
// live in bindings.ts; the assignment replaces what the agent had on the channel. An unknown agent
// is a 404 in Shape A (seed "Errors", "agent not found").
import type { HandlerGroup } from '../../core/handler.ts';
import type { FaultPlan } from '../../pipeline/faults.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Agent, WorkspaceState } from '../../state/workspace.ts';
import { agentView } from '../agents/agent-view.ts';
import { findOr404 } from '../shared/lookup.ts';
import { wabaIdOf } from '../phone-numbers/machine.ts';
import { connectedAccount, ownedNumber, refuseOtherAgent } from './bindings.ts';

function answer(ws: WorkspaceState, agent: Agent, message: string) {
  return { status: 200 as const, body: { success: true as const, message, data: { agent: agentView(ws, agent) } } };
}

/** The agent with its new bindings; under the fault channel-binding-not-stored, a copy (the answer shows them, the state does not). */
function setChannels(agent: Agent, channels: Partial<Agent['channels']>, faults: FaultPlan): Agent {
  const target = faults.has('channel-binding-not-stored') ? { ...agent } : agent;
  target.channels = { ...agent.channels, ...channels };
  return target;
}

const NUMBER_CHANNELS = {
  call: { cannot: 'cannot make calls', message: 'Call channel provisioned' },
  sms: { cannot: 'cannot send SMS', message: 'SMS number assigned' },
} as const;

/** Binds an owned number able to serve the channel (call or SMS) as the agent's number on it. */
function bindNumber(ws: WorkspaceState, agentUuid: string, numberUuid: string, channel: keyof typeof NUMBER_CHANNELS, faults: FaultPlan) {
  const agent = findOr404(ws.agents, agentUuid, 'Agent');
  const number = ownedNumber(ws, numberUuid);
  if (!number[channel].capable) throw errors.validation('VALIDATION_ERROR', `The phone number ${number.number} ${NUMBER_CHANNELS[channel].cannot}.`, 'phone_number_uuid');
  refuseOtherAgent(ws, agent, channel, number.uuid, faults);
  const bound = setChannels(agent, { [channel]: number.uuid }, faults);
  return answer(ws, bound, NUMBER_CHANNELS[channel].message);
}

export const agentChannelHandlers = {
  provisionAgentCallChannel: ({ ws, path, body, faults }) => bindNumber(ws, path.uuid, body.phone_number_uuid, 'call', faults),

  assignAgentSmsNumber: ({ ws, path, body, faults }) => bindNumber(ws, path.uuid, body.phone_number_uuid, 'sms', faults),

  // Messaging only: the calling flag stays when the agent keeps the same number.
  assignAgentWhatsappNumber: ({ ws, path, body, faults }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const number = ownedNumber(ws, body.phone_number_uuid);
    const account = connectedAccount(ws, 'whatsapp', number.uuid, 'phone_number_uuid', faults);
    refuseOtherAgent(ws, agent, 'whatsapp', number.uuid, faults);
    const current = agent.channels.whatsapp;
    const calling = current?.phone_number_uuid === number.uuid && current.calling === true;
    const bound = setChannels(agent, { whatsapp: { phone_number_uuid: number.uuid, waba_id: account.waba_id ?? wabaIdOf(number), ...(calling ? { calling: true } : {}) } }, faults);
    return answer(ws, bound, 'WhatsApp number assigned');
  },

  assignAgentWhatsappCallingNumber: ({ ws, path, body, faults }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const number = ownedNumber(ws, body.phone_number_uuid);
    const account = connectedAccount(ws, 'whatsapp', number.uuid, 'phone_number_uuid', faults);
    if (account.calling_enabled !== true) {
      throw errors.validation('VALIDATION_ERROR', `WhatsApp Calling is not enabled on ${number.number}; enable it first.`, 'phone_number_uuid');
    }
    refuseOtherAgent(ws, agent, 'whatsapp', number.uuid, faults);
    const bound = setChannels(agent, { whatsapp: { phone_number_uuid: number.uuid, waba_id: account.waba_id ?? wabaIdOf(number), calling: true } }, faults);
    return answer(ws, bound, 'WhatsApp Calling number assigned');
  },

  assignAgentInstagramAccount: ({ ws, path, body, faults }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const account = connectedAccount(ws, 'instagram', body.account_id, 'account_id', faults);
    refuseOtherAgent(ws, agent, 'instagram', account.id, faults);
    const bound = setChannels(agent, { instagram: { account_id: account.id, username: account.name } }, faults);
    return answer(ws, bound, 'Instagram account assigned');
  },

  assignAgentMessengerPage: ({ ws, path, body, faults }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const account = connectedAccount(ws, 'messenger', body.page_id, 'page_id', faults);
    refuseOtherAgent(ws, agent, 'messenger', account.id, faults);
    const bound = setChannels(agent, { messenger: { page_id: account.id, name: account.name } }, faults);
    return answer(ws, bound, 'Messenger page assigned');
  },
} satisfies HandlerGroup;
