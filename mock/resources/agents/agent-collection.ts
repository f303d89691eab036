// The agents as a collection: where they live, how answers show them, and the rules of a create
// and an update (the kit derives the handlers: mock/resources/shared/collection.ts). A body is
// checked whole (schedules, routing rules) before anything is written. A create's sections get
// their own uuids; an update replaces each section it sends and merges each settings group sent
// into the agent's. The fault agent-create-drops-sections stores a new agent without its sections.
import type { Agent, Schemas } from '../../state/workspace.ts';
import type { Collection, CollectionContext } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';
import { orderedRows, procedureRows, routingRules, scheduleAssignments, trainingRows } from './agent-input.ts';
import { PROFILE_FIELDS } from './profile-fields.ts';
import { agentView } from './agent-view.ts';
import { settleWebsiteJobs } from './website-job.ts';

type Settings = Schemas['AgentSettings'];
type Sections = Pick<Agent, 'guidelines' | 'notes' | 'procedures' | 'training'>;

function profileOf(body: Schemas['AgentUpdate']): Partial<Agent> {
  const out: Partial<Agent> = {};
  for (const field of PROFILE_FIELDS) if (body[field] !== undefined) out[field] = body[field];
  if (body.appointment_scheduling_enabled !== undefined) out.appointment_scheduling_enabled = body.appointment_scheduling_enabled;
  if (body.appointment_scheduling_randomly !== undefined) out.appointment_scheduling_randomly = body.appointment_scheduling_randomly;
  return out;
}

function sectionsOf(body: Schemas['AgentUpdate']): Sections {
  const out: Sections = {};
  if (body.guidelines) out.guidelines = orderedRows(body.guidelines);
  if (body.notes) out.notes = orderedRows(body.notes);
  if (body.procedures) out.procedures = procedureRows(body.procedures);
  if (body.training) out.training = trainingRows(body.training);
  return out;
}

/** Each settings group sent merged, key by key, into the stored one. */
function mergedSettings(stored: Settings | undefined, sent: Schemas['AgentSettingsInput'] | undefined): Settings {
  const base: Settings = stored ? copy(stored) : { voice: {}, text: {}, memorize: {}, evaluation: {} };
  // The settings groups are open objects: the contract types their keys as unknown to the mock.
  if (sent?.voice) base.voice = { ...base.voice, ...copy(sent.voice) } as unknown as Settings['voice'];
  if (sent?.text) base.text = { ...base.text, ...copy(sent.text) } as Settings['text'];
  return base;
}

/** A deep copy of plain JSON values (stored values may be wrapped by the request's transaction). */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function settle(ctx: CollectionContext): void {
  settleWebsiteJobs(ctx.ws, ctx.now, ctx.faults.has('agent-website-job-never-completes'));
}

export const AGENTS: Collection<Agent, Schemas['Agent']> = {
  noun: 'Agent',
  records: (ws) => ws.agents,
  view: (agent, ctx) => agentView(ctx.ws, agent),
  prepare: settle,
  create(body: Schemas['AgentCreate'], ctx) {
    settle(ctx);
    const appointments = body.appointments;
    const assignments = scheduleAssignments(ctx.ws, appointments?.schedule_assignments ?? [], 'appointments.schedule_assignments');
    const rules = routingRules(body.routing_rules ?? []);
    const drop = ctx.faults.has('agent-create-drops-sections');
    const agent: Agent = {
      uuid: newUuid(),
      name: body.name,
      status: 'pending',
      ...profileOf(body),
      appointment_scheduling_enabled: body.appointment_scheduling_enabled ?? appointments?.enabled ?? false,
      appointment_scheduling_randomly: body.appointment_scheduling_randomly ?? appointments?.random_assignment ?? false,
      settings: mergedSettings(undefined, body.settings),
      guidelines: [],
      notes: [],
      procedures: [],
      training: [],
      ...(drop ? {} : sectionsOf(body)),
      schedule_assignments: assignments,
      routing_rules: drop ? [] : rules,
      channels: { call: null, sms: null, whatsapp: null, email: null, instagram: null, messenger: null },
    };
    return agent;
  },
  update(agent, body: Schemas['AgentUpdate']) {
    const profile = profileOf(body);
    const sections = sectionsOf(body);
    if (body.name !== undefined) agent.name = body.name;
    Object.assign(agent, profile, sections);
    if (body.settings) agent.settings = mergedSettings(agent.settings, body.settings);
  },
  messages: { create: 'Agent created', read: 'Agent retrieved', update: 'Agent updated' },
};
