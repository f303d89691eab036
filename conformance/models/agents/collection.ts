// Agents as the suite certifies them as a collection (published API: the agents list, create an
// agent, update an agent; the single read is the contract's): a created agent reads back as sent
// and is listed, an update changes only the fields it sends. Agents have no delete, so the records
// a run creates stay (full mode only).
import type { CollectionSpec } from '../collections/collection-spec.ts';

export const AGENTS_COLLECTION: CollectionSpec = {
  group: 'agents',
  noun: 'agent',
  check: {
    name: 'agents-collection',
    rule: 'published API "Agents": a created agent reads back as sent and is listed, an update changes only the fields it sends',
  },
  mode: 'full',
  ops: { list: 'listAgents', create: 'createAgent', read: 'getAgent', update: 'updateAgent' },
  idField: 'agent_uuid',
  createBody: async (tag) => ({ name: `Conformance agent ${tag}`, role: 'Conformance assistant', tone: 'Friendly', language: 'en', status: 'pending' }),
  updateBody: (tag) => ({ name: `Renamed agent ${tag}`, objective: `Objective ${tag}` }),
};
