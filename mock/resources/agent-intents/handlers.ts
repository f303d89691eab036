// An agent's intents (kept on the agent record) and the single action each runs. The action is set
// as a draft and made live by publish (`draft` → `deployed`). An `app` action names an app and
// action of the flow catalogue; an app that is not built in needs an active connection of that app
// (the flows group's lookups). An unknown agent or an intent that is not the agent's is a 404
// (Shape A for agent operations); bad input is a 422 thrown before anything is written.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { agentFor, appFor, connectionFor } from '../flows/catalogue.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';

type IntentRecord = NonNullable<Agent['intents']>[number];
type IntentView = Schemas['AgentIntent'];
type EventView = Schemas['AgentIntentEvent'];
type EventInput = Schemas['AgentIntentEventInput'];

function invalid(field: string, details: string): never {
  throw errors.validation('VALIDATION_ERROR', details, field);
}

/** `Book Appointment` → `book_appointment`. */
export function keyFromName(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'intent';
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function intentView(intent: IntentRecord): IntentView {
  const { event: _event, ...view } = intent;
  return { ...copy({ ...view, created_at: undefined, updated_at: undefined }), created_at: intent.created_at, updated_at: intent.updated_at };
}

function intentsOf(agent: Agent): IntentRecord[] {
  agent.intents ??= [];
  return agent.intents;
}

function intentOr404(ws: WorkspaceState, path: { uuid: string; intentUuid: string }): { agent: Agent; intent: IntentRecord } {
  const agent = findOr404(ws.agents, path.uuid, 'Agent');
  const intent = (agent.intents ?? []).find((i) => i.intent_uuid.toLowerCase() === path.intentUuid.toLowerCase());
  if (!intent) throw errors.notFound('Intent');
  return { agent, intent };
}

/** `key`, refused when another intent of the agent has it; the error names `key` when sent, else `name` (it was derived). */
function uniqueKey(agent: Agent, key: string, self: string | null, sent: boolean): string {
  if ((agent.intents ?? []).some((i) => i.key === key && i.intent_uuid !== self)) invalid(sent ? 'key' : 'name', `The agent already has an intent with the key "${key}".`);
  return key;
}

type IntentInput = Schemas['AgentIntentInput'];

function intentFields(input: IntentInput) {
  return {
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.recommendation_actions !== undefined ? { recommendation_actions: input.recommendation_actions } : {}),
    ...(input.confidence_threshold !== undefined ? { confidence_threshold: input.confidence_threshold } : {}),
    ...(input.intent_llm_handle_by_response !== undefined ? { intent_llm_handle_by_response: input.intent_llm_handle_by_response } : {}),
    ...(input.webhook !== undefined ? { webhook: input.webhook === null ? null : { url: input.webhook.url ?? '', auth_token: input.webhook.auth_token ?? null } } : {}),
    ...(input.parameters !== undefined
      ? { parameters: input.parameters.map((p) => ({ key: p.key, default: p.default ?? null, type: p.type ?? 'string', required: p.required ?? false })) }
      : {}),
  };
}

/** The action a set body describes, checked against the workspace; `draft` until published. */
function eventFrom(ws: WorkspaceState, input: EventInput, faults: FaultPlan): EventView {
  const base: EventView = {
    event_type: input.event_type,
    status: 'draft',
    app: null,
    action: null,
    app_connection_uuid: null,
    config: copy(input.config ?? {}),
    webhook: null,
    flow_uuid: null,
    agent_uuid: null,
    channel: null,
    channel_action_name: null,
  };
  // A field the event type needs but the body lacks is named by `event_type`, the field that asks for it.
  const missing = (field: string, details: string): never => invalid(field in input ? field : 'event_type', details);
  switch (input.event_type) {
    case 'webhook':
      if (!input.webhook?.url) return missing('webhook', 'event_type "webhook" needs webhook.url.');
      return { ...base, webhook: { url: input.webhook.url, auth_token: input.webhook.auth_token ?? null } };
    case 'app': {
      if (!input.app_uid) return missing('app_uid', 'event_type "app" needs app_uid.');
      if (!input.action_key) return missing('action_key', 'event_type "app" needs action_key.');
      const app = appFor(ws, input.app_uid);
      const action = app.actions.find((a) => a.key === input.action_key);
      if (!action) invalid('action_key', `The app "${app.uid}" has no action "${input.action_key}".`);
      const connection = faults.has('intent-event-ignores-connection') ? { uuid: input.app_connection_uuid ?? null } : connectionFor(ws, app, input.app_connection_uuid);
      return {
        ...base,
        app: { uid: app.uid, name: app.name, is_builtin: !app.requires_connection },
        action: { key: action.key, name: action.name },
        app_connection_uuid: connection?.uuid ?? null,
      };
    }
    case 'scenario': {
      if (!input.flow_uuid) return missing('flow_uuid', 'event_type "scenario" needs flow_uuid.');
      const flow = ws.flows.find((f) => f.uuid.toLowerCase() === input.flow_uuid?.toLowerCase());
      if (!flow) invalid('flow_uuid', `No flow ${input.flow_uuid} exists in this workspace.`);
      return { ...base, flow_uuid: flow.uuid };
    }
    case 'agent': {
      if (!input.agent_uuid) return missing('agent_uuid', 'event_type "agent" needs agent_uuid.');
      const agent = agentFor(ws, input.agent_uuid);
      return { ...base, agent_uuid: agent.uuid, channel: input.channel ?? null, channel_action_name: input.channel_action_name ?? null };
    }
  }
}

export const agentIntentHandlers = {
  listAgentIntents: ({ ws, path }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    return { status: 200, body: { success: true, message: 'Intents retrieved', data: (agent.intents ?? []).map(intentView) } };
  },

  createAgentIntent: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const key = uniqueKey(agent, body.key ?? keyFromName(body.name), null, typeof body.key === 'string');
    const intent: IntentRecord = {
      intent_uuid: newUuid(),
      key,
      name: body.name,
      description: null,
      recommendation_actions: null,
      confidence_threshold: 0.7,
      is_system: false,
      intent_llm_handle_by_response: false,
      webhook: null,
      parameters: [],
      ...intentFields(body),
      created_at: now,
      updated_at: now,
    };
    intentsOf(agent).push(intent);
    return { status: 201, body: { success: true, message: 'Intent created', data: intentView(intent) } };
  },

  getAgentIntent: ({ ws, path }) => ({ status: 200, body: { success: true, message: 'Intent retrieved', data: intentView(intentOr404(ws, path).intent) } }),

  updateAgentIntent: ({ ws, path, body, now }) => {
    const { agent, intent } = intentOr404(ws, path);
    const key = uniqueKey(agent, body.key ?? (body.key === null ? keyFromName(body.name) : intent.key), intent.intent_uuid, typeof body.key === 'string');
    Object.assign(intent, { name: body.name, key, ...intentFields(body), updated_at: now });
    return { status: 200, body: { success: true, data: intentView(intent) } };
  },

  getAgentIntentEvent: ({ ws, path }) => {
    const { intent } = intentOr404(ws, path);
    return { status: 200, body: { success: true, message: 'Intent event retrieved successfully', data: intent.event ? copy(intent.event) : null } };
  },

  setAgentIntentEvent: ({ ws, path, body, faults, now }) => {
    const { intent } = intentOr404(ws, path);
    intent.event = eventFrom(ws, body, faults);
    intent.updated_at = now;
    return { status: 200, body: { success: true, message: 'Intent event updated successfully', data: copy(intent.event) } };
  },

  publishAgentIntentEvent: ({ ws, path }) => {
    const { intent } = intentOr404(ws, path);
    if (!intent.event) throw errors.conflict('Nothing to publish', 'The intent has no action; set one with PUT .../event first.');
    intent.event = { ...intent.event, status: 'deployed' };
    return { status: 200, body: { success: true, message: 'Intent event published', data: copy(intent.event) } };
  },
} satisfies HandlerGroup;
