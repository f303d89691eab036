// The channel snapshot of a workspace phone number (seed "Phone number channel snapshot"): its
// call and SMS settings, and the agent bound to each channel, read from the workspace's agents.
import type { Agent, PhoneNumberRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';

export type ChannelSnapshot = Schemas['PhoneNumberChannelSnapshot'];
type Binding = Schemas['PhoneNumberBoundAgent'];

function binding(agents: Agent[], uses: (agent: Agent) => boolean): Binding {
  const agent = agents.find(uses);
  return agent ? { bound: true, agent_uuid: agent.uuid, agent_name: agent.name } : { bound: false, agent_uuid: null, agent_name: null };
}

export function channelSnapshot(ws: WorkspaceState, n: PhoneNumberRecord): ChannelSnapshot {
  return {
    phone_number_uuid: n.uuid,
    number: n.number,
    is_external: n.is_external,
    source: n.source,
    channels: {
      call: { ...n.call, whitelisted_destinations: [...n.call.whitelisted_destinations], ...binding(ws.agents, (a) => a.channels.call === n.uuid) },
      sms: { ...n.sms, whitelisted_destinations: [...n.sms.whitelisted_destinations], ...binding(ws.agents, (a) => a.channels.sms === n.uuid) },
      whatsapp: binding(ws.agents, (a) => a.channels.whatsapp?.phone_number_uuid === n.uuid),
      inbound: { ...n.inbound },
    },
  };
}
