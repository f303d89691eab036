// Coaching agents: create, list (oldest first), read, update settings and set-default (seed
// "Coaching agents"; "Other statuses"). The settings are the seed's: coaching_tone,
// auto_trigger_threshold, training_examples, resource_library, general_guidelines,
// include_resources and language; omitted settings take the contract's defaults.
import type { HandlerGroup } from '../../core/handler.ts';
import type { Schemas } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { paginate } from '../shared/paging.ts';
import { addCoachingAgent, type CoachingAgent, setDefaultCoachingAgent } from './machine.ts';

/** The create body as it arrives: the contract's defaults are not filled in yet. */
type CreateInput = Partial<Schemas['CoachingAgentCreate']> & { name: string };

function view(agent: CoachingAgent): CoachingAgent {
  return {
    ...agent,
    training_examples: agent.training_examples.map((e) => ({ ...e })),
    resource_library: agent.resource_library.map((r) => ({ ...r })),
  };
}

export const coachingHandlers = {
  createCoachingAgent: ({ ws, body, now }) => {
    const input = body as CreateInput;
    const created: CoachingAgent = {
      uuid: newUuid(),
      name: input.name,
      is_default: false,
      coaching_tone: input.coaching_tone ?? 'supportive',
      auto_trigger_threshold: input.auto_trigger_threshold ?? 60,
      training_examples: (input.training_examples ?? []).map((e) => ({ ...e })),
      resource_library: (input.resource_library ?? []).map((r) => ({ ...r })),
      general_guidelines: input.general_guidelines ?? '',
      include_resources: input.include_resources ?? false,
      language: input.language ?? 'en',
      created_at: now,
      updated_at: now,
    };
    ws.coaching_agents = addCoachingAgent(ws.coaching_agents, created);
    const stored = findOr404(ws.coaching_agents, created.uuid, 'Coaching agent');
    return { status: 201, body: { success: true, message: 'Coaching agent created', data: view(stored) } };
  },

  listCoachingAgents: ({ ws, query }) => {
    const oldestFirst = ws.coaching_agents
      .map((agent, index) => ({ agent, index }))
      .sort((a, b) => a.agent.created_at.getTime() - b.agent.created_at.getTime() || a.index - b.index)
      .map(({ agent }) => agent);
    const page = paginate(oldestFirst, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Coaching agents retrieved', data: { items: page.items.map(view), pagination: page.pagination } } };
  },

  getCoachingAgent: ({ ws, path }) => {
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    return { status: 200, body: { success: true, message: 'Coaching agent retrieved', data: view(agent) } };
  },

  updateCoachingAgent: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    if (body.name !== undefined) agent.name = body.name;
    if (body.coaching_tone !== undefined) agent.coaching_tone = body.coaching_tone;
    if (body.auto_trigger_threshold !== undefined) agent.auto_trigger_threshold = body.auto_trigger_threshold;
    if (body.training_examples !== undefined) agent.training_examples = body.training_examples.map((e) => ({ ...e }));
    if (body.resource_library !== undefined) agent.resource_library = body.resource_library.map((r) => ({ ...r }));
    if (body.general_guidelines !== undefined) agent.general_guidelines = body.general_guidelines;
    if (body.include_resources !== undefined) agent.include_resources = body.include_resources;
    if (body.language !== undefined) agent.language = body.language;
    agent.updated_at = now;
    return { status: 200, body: { success: true, message: 'Coaching agent updated', data: view(agent) } };
  },

  setDefaultCoachingAgent: ({ ws, path, now, faults }) => {
    findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    ws.coaching_agents = setDefaultCoachingAgent(ws.coaching_agents, path.uuid, now, faults.has('two-default-coaches'));
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    return { status: 200, body: { success: true, message: 'Coaching agent set as default', data: { ...view(agent), is_default: true as const } } };
  },
} satisfies HandlerGroup;
