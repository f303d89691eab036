// Agents: the agents list (published: `data.items[]`; pagination inferred) and the webhooks
// registered on an agent (published: create and change with {url, events[], secret_key,
// is_active}; the list is inferred). An unknown agent or webhook is a 404, which the contract
// renders in Shape A for agent operations (seed "Errors", "agent not found"). The secret is kept
// in state and only ever returned masked.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { DEFAULT_PER_PAGE, paginate } from '../shared/paging.ts';
import { agentsByName, agentView } from './agent-view.ts';
import { type AgentWebhookRecord, webhookView } from './webhook-record.ts';

/** The create body as it arrives: the contract's default of `is_active` is not filled in. */
type CreateInput = Omit<Schemas['AgentWebhookCreate'], 'is_active'> & { is_active?: boolean };

export const agentHandlers = {
  listAgents: ({ ws, query }) => {
    const page = paginate(agentsByName(ws.agents), query.page, query.per_page ?? DEFAULT_PER_PAGE);
    return {
      status: 200,
      body: { success: true, message: 'Agents retrieved', data: { items: page.items.map((a) => agentView(ws, a)), pagination: page.pagination } },
    };
  },

  listAgentWebhooks: ({ ws, path }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const own = ws.agent_webhooks
      .map((hook, index) => ({ hook, index }))
      .filter(({ hook }) => hook.agent_uuid === agent.uuid)
      .sort((a, b) => a.hook.created_at.getTime() - b.hook.created_at.getTime() || a.index - b.index)
      .map(({ hook }) => webhookView(hook));
    return { status: 200, body: { success: true, message: 'Agent webhooks retrieved', data: own } };
  },

  createAgentWebhook: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const input = body as CreateInput;
    const record: AgentWebhookRecord = {
      uuid: newUuid(),
      agent_uuid: agent.uuid,
      url: input.url,
      events: [...input.events],
      is_active: input.is_active ?? true,
      secret_key: input.secret_key ?? null,
      created_at: now,
      updated_at: now,
    };
    ws.agent_webhooks.push(record);
    return { status: 201, body: { success: true, message: 'Agent webhook created', data: webhookView(record) } };
  },

  updateAgentWebhook: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const hook = findOr404(
      ws.agent_webhooks.filter((h) => h.agent_uuid === agent.uuid),
      path.webhookUuid,
      'Webhook',
    );
    if (body.url !== undefined) hook.url = body.url;
    if (body.events !== undefined) hook.events = [...body.events];
    if (body.secret_key !== undefined) hook.secret_key = body.secret_key;
    if (body.is_active !== undefined) hook.is_active = body.is_active;
    hook.updated_at = now;
    return { status: 200, body: { success: true, message: 'Agent webhook updated', data: webhookView(hook) } };
  },

  // Seed "Endpoints": removes the agent's Instagram binding; the account stays connected to the
  // workspace and can be assigned again. An agent without one is a 409 (the contract's design).
  // The fault instagram-unbind-keeps-binding answers the unbind but leaves the binding in place.
  unbindAgentInstagram: ({ ws, path, now, faults }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const account = agent.channels.instagram;
    if (account === null) throw errors.conflict('Instagram channel not bound', 'The agent has no Instagram binding to remove.');
    if (!faults.has('instagram-unbind-keeps-binding')) agent.channels = { ...agent.channels, instagram: null };
    return {
      status: 200,
      body: {
        success: true,
        message: 'Instagram channel unbound',
        data: { agent_uuid: agent.uuid, channel: 'instagram', instagram_account: { id: account.account_id, username: account.username, connected: true, agent_uuid: null }, unbound_at: now },
      },
    };
  },
} satisfies HandlerGroup;
