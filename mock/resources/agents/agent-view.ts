// An agent as the agents list shows it: its channel bindings resolved to the numbers, addresses
// and accounts they use (null where the agent does not use a channel).
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';

type AgentView = Schemas['Agent'];

function phone(ws: WorkspaceState, uuid: string | null): Schemas['AgentPhoneBinding'] | null {
  const number = uuid === null ? undefined : ws.phone_numbers.find((n) => n.uuid === uuid);
  return number ? { phone_number_uuid: number.uuid, number: number.number } : null;
}

export function agentView(ws: WorkspaceState, agent: Agent): AgentView {
  const { call, sms, whatsapp, email, instagram, messenger } = agent.channels;
  const whatsappNumber = whatsapp === null ? null : phone(ws, whatsapp.phone_number_uuid);
  const address = email === null ? undefined : ws.email_addresses.find((a) => a.uuid === email);
  return {
    uuid: agent.uuid,
    name: agent.name,
    channels: {
      call: phone(ws, call),
      sms: phone(ws, sms),
      whatsapp: whatsapp && whatsappNumber ? { ...whatsappNumber, waba_id: whatsapp.waba_id } : null,
      email: address ? { email_address_uuid: address.uuid, address: address.address } : null,
      instagram: instagram ? { account_id: instagram.account_id, username: instagram.username } : null,
      messenger: messenger ? { page_id: messenger.page_id, name: messenger.name } : null,
    },
  };
}

/** The agents ordered by name (case-insensitive), then uuid. */
export function agentsByName(agents: Agent[]): Agent[] {
  return [...agents].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uuid.localeCompare(b.uuid));
}
