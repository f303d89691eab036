// Agents: the agents list (published: `data.items[]` keyed `agent_uuid`, no paginator) and the
// webhooks registered on an agent (published: create, and change with `url` and `events` required;
// at most 5 per agent, the sixth a 409 `webhook_limit_reached`; the list is inferred). An unknown
// agent or webhook is a 404, which the contract renders in Shape A for agent operations (seed
// "Errors", "agent not found"). The secret is kept in state and never returned (`has_secret`).
import type { HandlerGroup } from '../../core/handler.ts';
import { ApiError, errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { agentsByName, agentView } from './agent-view.ts';
import { type AgentWebhookRecord, WEBHOOKS_PER_AGENT, webhookView } from './webhook-record.ts';
import { settleWebsiteJobs } from './website-job.ts';

/** The create body as it arrives: the contract's default of `is_active` is not filled in. */
type CreateInput = Omit<Schemas['AgentWebhookCreate'], 'is_active'> & { is_active?: boolean };

/**
 * The published 409 of an agent's sixth webhook. Its code is the agent webhooks' own, outside the
 * general error codes; the contract's 409 of this operation names it.
 */
function webhookLimitReached(): ApiError {
  return new ApiError(409, 'webhook_limit_reached', 'Webhook limit reached', `An agent has at most ${WEBHOOKS_PER_AGENT} webhooks; remove or reuse one.`);
}

export const agentHandlers = {
  listAgents: ({ ws, now, faults }) => {
    settleWebsiteJobs(ws, now, faults.has('agent-website-job-never-completes'));
    return { status: 200, body: { success: true, message: 'Agents retrieved', data: { items: agentsByName(ws.agents).map((a) => agentView(ws, a)) } } };
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
    if (ws.agent_webhooks.filter((h) => h.agent_uuid === agent.uuid).length >= WEBHOOKS_PER_AGENT) throw webhookLimitReached();
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

  // Published: `url` and `events` replace the webhook's; an absent `secret_key` keeps the secret and
  // null removes it (the contract's design); an absent `is_active` keeps the state. The answer is
  // `{success, data}`, without `message`.
  updateAgentWebhook: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const hook = findOr404(
      ws.agent_webhooks.filter((h) => h.agent_uuid === agent.uuid),
      path.webhookUuid,
      'Webhook',
    );
    hook.url = body.url;
    hook.events = [...body.events];
    if (body.secret_key !== undefined) hook.secret_key = body.secret_key;
    if (body.is_active !== undefined) hook.is_active = body.is_active;
    hook.updated_at = now;
    return { status: 200, body: { success: true, data: webhookView(hook) } };
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
