// Coaching agents: create, list (oldest first), read, update and set-default (seed "Coaching
// agents"; "Other statuses"). The fields are the seed's settings (coaching_tone,
// auto_trigger_threshold, training_examples, resource_library, general_guidelines,
// include_resources, language) and the published API's (name, description, is_active, is_default,
// coaching_frequency, include_positive_feedback, include_actionable_steps, coaching_templates).
// Left out on create, the templates and training examples start with samples (published) and the
// other fields take the contract's defaults. `is_default: true` in a create or update moves the
// default; `false` never takes it away.
import type { HandlerGroup } from '../../core/handler.ts';
import type { Schemas } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { addCoachingAgent, type CoachingAgent, setDefaultCoachingAgent } from './machine.ts';
import { sampleTemplates, sampleTrainingExamples } from './samples.ts';

type Template = Schemas['CoachingAgentTemplate'];
/** A template as it arrives: the contract's defaults are not filled in yet. */
type TemplateInput = Partial<Template> & { name: string; template: string };
type Settings = Omit<CoachingAgent, 'uuid' | 'is_default' | 'created_at' | 'updated_at'>;
/** The settings a request sends, with its templates as they arrive. */
type SentSettings = Partial<Omit<Settings, 'coaching_templates'>> & { coaching_templates?: TemplateInput[] };
/** The create or update body as it arrives. */
type Body = SentSettings & { is_default?: boolean };

/** The contract's defaults of every field but `name`; the lists' samples are fresh on every call. */
function defaults(): Omit<Settings, 'name'> {
  return {
    description: '',
    is_active: true,
    coaching_tone: 'supportive',
    coaching_frequency: 'immediate',
    auto_trigger_threshold: 60,
    language: 'English',
    include_positive_feedback: true,
    include_actionable_steps: true,
    include_resources: false,
    general_guidelines: '',
    coaching_templates: sampleTemplates(),
    training_examples: sampleTrainingExamples(),
    resource_library: [],
  };
}

/** A template as stored: an omitted scenario or tone is empty, a template the client writes is custom unless it says otherwise. */
function storedTemplate(input: TemplateInput): Template {
  return { name: input.name, scenario: input.scenario ?? '', tone: input.tone ?? '', template: input.template, is_custom: input.is_custom ?? true };
}

/** The settings of a request as stored: lists copied, so the state never shares them with a request or an answer. */
function stored(sent: SentSettings): Partial<Settings> {
  const { coaching_templates, ...rest } = copy(sent as Partial<Settings>);
  return { ...rest, ...(coaching_templates ? { coaching_templates: (coaching_templates as TemplateInput[]).map(storedTemplate) } : {}) };
}

/** A deep copy of the list fields. */
function copy<T extends Partial<Settings>>(fields: T): T {
  const out = { ...fields };
  if (fields.coaching_templates) out.coaching_templates = fields.coaching_templates.map((t) => ({ ...t }));
  if (fields.training_examples) out.training_examples = fields.training_examples.map((e) => ({ ...e }));
  if (fields.resource_library) out.resource_library = fields.resource_library.map((r) => ({ ...r }));
  return out;
}

function view(agent: CoachingAgent): CoachingAgent {
  return copy(agent);
}

export const coachingHandlers = {
  createCoachingAgent: ({ ws, body, now }) => {
    const { is_default: makeDefault, ...sent } = body as Body & { name: string };
    const { name, description, is_active, ...settings } = { ...defaults(), ...stored(sent) } as Settings;
    const created: CoachingAgent = { uuid: newUuid(), name, description, is_active, is_default: false, ...settings, created_at: now, updated_at: now };
    ws.coaching_agents = addCoachingAgent(ws.coaching_agents, created, now, makeDefault === true);
    const agent = findOr404(ws.coaching_agents, created.uuid, 'Coaching agent');
    return { status: 201, body: { success: true, message: 'Coaching agent created successfully', data: view(agent) } };
  },

  listCoachingAgents: ({ ws, query }) => {
    // A coaching agent without `created_at` (possible in an imported snapshot) sorts first.
    const createdMs = (agent: CoachingAgent) => agent.created_at?.getTime() ?? 0;
    const oldestFirst = ws.coaching_agents
      .map((agent, index) => ({ agent, index }))
      .sort((a, b) => createdMs(a.agent) - createdMs(b.agent) || a.index - b.index)
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
    const { is_default: makeDefault, ...sent } = body as Body;
    // The `coach-update-resets-unsent` fault replaces the settings: those not sent take their defaults.
    const base = faults.has('coach-update-resets-unsent') ? defaults() : {};
    Object.assign(agent, base, stored(sent), { updated_at: now });
    // `is_default: false` changes nothing: the default stays until another coaching agent becomes it.
    if (makeDefault === true) ws.coaching_agents = setDefaultCoachingAgent(ws.coaching_agents, agent.uuid, now);
    const updated = findOr404(ws.coaching_agents, agent.uuid, 'Coaching agent');
    return { status: 200, body: { success: true, message: 'Coaching agent updated successfully', data: view(updated) } };
  },

  setDefaultCoachingAgent: ({ ws, path, now, faults }) => {
    findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    ws.coaching_agents = setDefaultCoachingAgent(ws.coaching_agents, path.uuid, now, faults.has('two-default-coaches'));
    const agent = findOr404(ws.coaching_agents, path.uuid, 'Coaching agent');
    return { status: 200, body: { success: true, message: 'Coaching agent set as default', data: { ...view(agent), is_default: true as const } } };
  },
} satisfies HandlerGroup;
