// The references between the records of an imported workspace state: each record of a collection
// has its own uuid, and a record naming another (a call's agent, a conversation's contact) names
// one that is there. A snapshot that breaks either is refused whole, naming the record, like a
// record that breaks its schema.

interface Reference {
  /** The collection whose records refer. */
  from: string;
  /** The field holding the uuid (null or absent: no reference). */
  field: string;
  /** The collection it must name a record of. */
  to: string;
}

const REFERENCES: readonly Reference[] = [
  { from: 'calls', field: 'agent_uuid', to: 'agents' },
  { from: 'calls', field: 'contact_uuid', to: 'contacts' },
  { from: 'calls', field: 'conversation_uuid', to: 'conversations' },
  { from: 'conversations', field: 'contact_uuid', to: 'contacts' },
  { from: 'conversations', field: 'agent_uuid', to: 'agents' },
  { from: 'messages', field: 'conversation_uuid', to: 'conversations' },
  { from: 'agent_webhooks', field: 'agent_uuid', to: 'agents' },
  { from: 'campaigns', field: 'agent_uuid', to: 'agents' },
  { from: 'listings', field: 'campaign_uuid', to: 'campaigns' },
  { from: 'appointments', field: 'schedule_uuid', to: 'schedules' },
  { from: 'appointments', field: 'contact_uuid', to: 'contacts' },
  { from: 'user_tokens', field: 'member_uuid', to: 'members' },
  { from: 'assistant_channels', field: 'member_uuid', to: 'members' },
  { from: 'builder_agents', field: 'builder_uuid', to: 'builders' },
  { from: 'contact_approvals', field: 'contact_uuid', to: 'contacts' },
];

type Records = Array<Record<string, unknown>>;

function recordsOf(state: Record<string, unknown>, name: string): Records {
  const value = state[name];
  return Array.isArray(value) ? (value as Records) : [];
}

/** The first broken reference or repeated uuid of a state, with the field naming the record. */
export function referenceProblem(state: Record<string, unknown>): { message: string; field: string } | undefined {
  const uuids = new Map<string, Set<string>>();
  for (const [name, value] of Object.entries(state)) {
    if (!Array.isArray(value)) continue;
    const seen = new Set<string>();
    for (const [i, record] of (value as Records).entries()) {
      const uuid = record !== null && typeof record === 'object' ? record.uuid : undefined;
      if (typeof uuid !== 'string') continue;
      if (seen.has(uuid)) return { message: `two ${name} have the uuid ${uuid}.`, field: `${name}[${i}].uuid` };
      seen.add(uuid);
    }
    uuids.set(name, seen);
  }
  for (const { from, field, to } of REFERENCES) {
    const targets = uuids.get(to) ?? new Set<string>();
    for (const [i, record] of recordsOf(state, from).entries()) {
      const ref = record[field];
      if (typeof ref === 'string' && !targets.has(ref)) return { message: `${from}[${i}] names ${field} ${ref}, which is not one of its ${to}.`, field: `${from}[${i}].${field}` };
    }
  }
  return undefined;
}
