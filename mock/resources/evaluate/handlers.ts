// Evaluate settings: the workspace's defaults and each agent's (published API: PUT
// /api/v1/evaluate/default, PUT /api/v1/agents/{uuid}/evaluate, POST .../evaluate/reassign; the
// reads of both paths are the contract's design). Updates change only the fields sent and persist;
// an agent follows the defaults until it has an override of its own. An unknown agent is a 404, in
// Shape A for agent operations (seed "Errors", "agent not found").
import type { HandlerGroup } from '../../core/handler.ts';
import { findOr404 } from '../shared/lookup.ts';
import { agentSettingsView, defaultsView, reassignAgent, updateAgent, updateDefaults } from './settings.ts';

/** The message every published evaluate answer carries. */
const MESSAGE = 'Agent evaluate settings retrieved';

export const evaluateHandlers = {
  getEvaluateDefaults: ({ ws }) => ({ status: 200, body: { success: true, message: MESSAGE, data: defaultsView(ws) } }),

  updateEvaluateDefaults: ({ ws, body }) => ({ status: 200, body: { success: true, message: MESSAGE, data: updateDefaults(ws, body) } }),

  getAgentEvaluateSettings: ({ ws, path }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    return { status: 200, body: { success: true, message: MESSAGE, data: agentSettingsView(ws, agent.uuid) } };
  },

  updateAgentEvaluateSettings: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    return { status: 200, body: { success: true, message: MESSAGE, data: updateAgent(ws, agent.uuid, body, now) } };
  },

  reassignAgentEvaluateSettings: ({ ws, path, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    return { status: 200, body: { success: true, message: MESSAGE, data: reassignAgent(ws, agent.uuid, now) } };
  },
} satisfies HandlerGroup;
