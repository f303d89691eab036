// An agent as the agents list shows it (published: keyed `agent_uuid`, with its profile, settings,
// guidelines, notes, procedures and training; fields the workspace never set read null or empty),
// plus its channel bindings resolved to the numbers, addresses and accounts they use (null where the
// agent does not use a channel).
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { PROFILE_FIELDS } from './profile-fields.ts';

type AgentView = Schemas['Agent'];

/** The published text fields of an agent, each null when not set: the profile fields and `recommendations`. */
const TEXT_FIELDS = [...PROFILE_FIELDS, 'recommendations'] as const;

function phone(ws: WorkspaceState, uuid: string | null): Schemas['AgentPhoneBinding'] | null {
  const number = uuid === null ? undefined : ws.phone_numbers.find((n) => n.uuid === uuid);
  return number ? { phone_number_uuid: number.uuid, number: number.number } : null;
}

function channelsView(ws: WorkspaceState, agent: Agent): Schemas['AgentChannels'] {
  const { call, sms, whatsapp, email, instagram, messenger } = agent.channels;
  const whatsappNumber = whatsapp === null ? null : phone(ws, whatsapp.phone_number_uuid);
  const address = email === null ? undefined : ws.email_addresses.find((a) => a.uuid === email);
  return {
    call: phone(ws, call),
    sms: phone(ws, sms),
    whatsapp: whatsapp && whatsappNumber ? { ...whatsappNumber, waba_id: whatsapp.waba_id, ...(whatsapp.calling === true ? { calling: true } : {}) } : null,
    email: address ? { email_address_uuid: address.uuid, address: address.address } : null,
    instagram: instagram ? { account_id: instagram.account_id, username: instagram.username } : null,
    messenger: messenger ? { page_id: messenger.page_id, name: messenger.name } : null,
  };
}

/** A deep copy of plain JSON values, so an answer never shares objects with the state (which may be wrapped). */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function agentView(ws: WorkspaceState, agent: Agent): AgentView {
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, agent[f] ?? null])) as Pick<AgentView, (typeof TEXT_FIELDS)[number]>;
  const settings = agent.settings ?? { voice: {}, text: {}, memorize: {}, evaluation: {} };
  return {
    agent_uuid: agent.uuid,
    name: agent.name,
    ...texts,
    appointment_scheduling_enabled: agent.appointment_scheduling_enabled ?? false,
    appointment_scheduling_randomly: agent.appointment_scheduling_randomly ?? false,
    settings: copy(settings),
    guidelines: copy(agent.guidelines ?? []),
    notes: copy(agent.notes ?? []),
    procedures: copy(agent.procedures ?? []),
    training: copy(agent.training ?? []),
    guard_rules: copy(agent.guard_rules ?? []),
    routing_rules: copy([...(agent.routing_rules ?? [])].sort((a, b) => a.priority - b.priority)),
    schedule_assignments: copy(agent.schedule_assignments ?? []),
    channels: channelsView(ws, agent),
  };
}

/** The agents ordered by name (case-insensitive), then uuid. */
export function agentsByName(agents: Agent[]): Agent[] {
  return [...agents].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uuid.localeCompare(b.uuid));
}
