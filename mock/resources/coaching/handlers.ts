// Coaching agents: create, list (oldest first), read, update and set-default (seed "Coaching
// agents"; "Other statuses"). The fields are the seed's settings (coaching_tone,
// auto_trigger_threshold, training_examples, resource_library, general_guidelines,
// include_resources, language) and the published API's (name, description, is_active,
// coaching_frequency, include_positive_feedback, include_actionable_steps, coaching_templates);
// omitted fields take the contract's defaults.
import type { HandlerGroup } from '../../core/handler.ts';
import type { Schemas } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { addCoachingAgent, type CoachingAgent, setDefaultCoachingAgent } from './machine.ts';

/** The create body as it arrives: the contract's defaults are not filled in yet. */
type CreateInput = Partial<Schemas['CoachingAgentCreate']> & { name: string };
type Settings = Omit<CoachingAgent, 'uuid' | 'is_default' | 'created_at' | 'updated_at'>;

/** The contract's defaults of every field but `name`. */
const DEFAULTS: Omit<Settings, 'name'> = {
  description: '',
  is_active: true,
  coaching_tone: 'supportive',
  coaching_frequency: 'per_session',
  auto_trigger_threshold: 60,
  language: 'en',
  include_positive_feedback: true,
  include_actionable_steps: true,
  include_resources: false,
  general_guidelines: '',
  coaching_templates: [],
  training_examples: [],
  resource_library: [],
};

/** A deep copy, so what the state holds never shares arrays with a request or an answer. */
function copy<T extends Partial<Settings>>(fields: T): T {
  const out = { ...fields };
  if (fields.coaching_templates) out.coaching_templates = [...fields.coaching_templates];
  if (fields.training_examples) out.training_examples = fields.training_examples.map((e) => ({ ...e }));
  if (fields.resource_library) out.resource_library = fields.resource_library.map((r) => ({ ...r, ...(r.topics ? { topics: [...r.topics] } : {}) }));
  return out;
}

function view(agent: CoachingAgent): CoachingAgent {
  return copy(agent);
}

export const coachingHandlers = {
  createCoachingAgent: ({ ws, body, now }) => {
    const { name, description, is_active, ...settings } = copy({ ...DEFAULTS, ...(body as CreateInput) });
    const created: CoachingAgent = { uuid: newUuid(), name, description, is_active, is_default: false, ...settings, created_at: now, updated_at: now };
    ws.coaching_agents = addCoachingAgent(ws.coaching_agents, created);
    const stored = findOr404(ws.coaching_agents, created.uuid, 'Coaching agent');
    return { status: 201, body: { success: true, message: 'Coaching agent created', data: view(stored) } };
  },

  listCoachingAgents: ({ ws, query }) => {
    const oldestFirst = ws.coaching_agents
      .map((agent, index) => ({ agent, index }))
      .sort((a, b) => a.agent.created_at.getTime() - b.agent.created_at.getTime() || a.index - b.index)
      .map(({ agent }) => agent);
    const page = pagedList(oldestFirst, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Coaching agents retrieved', data: { ...page, data: page.data.map(view) } } };
  },

  getCoachingAgent: ({ ws, path }) => {
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    return { status: 200, body: { success: true, message: 'Coaching agent retrieved', data: view(agent) } };
  },

  updateCoachingAgent: ({ ws, path, body, now, faults }) => {
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    // The `coach-update-resets-unsent` fault replaces the settings: those not sent take their defaults.
    const base = faults.has('coach-update-resets-unsent') ? copy(DEFAULTS) : {};
    Object.assign(agent, base, copy(body), { updated_at: now });
    return { status: 200, body: { success: true, message: 'Coaching agent updated', data: view(agent) } };
  },

  setDefaultCoachingAgent: ({ ws, path, now, faults }) => {
    findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    ws.coaching_agents = setDefaultCoachingAgent(ws.coaching_agents, path.uuid, now, faults.has('two-default-coaches'));
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    return { status: 200, body: { success: true, message: 'Coaching agent set as default', data: { ...view(agent), is_default: true as const } } };
  },
} satisfies HandlerGroup;
