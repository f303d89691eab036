// Evaluate settings, workspace-wide and per agent (seed "What the service does" > Evaluate; the
// paths and shapes are the contract's design). Updates change only the fields sent and persist; an
// agent inherits every workspace value it does not override. An unknown agent is a 404, in Shape A
// for agent operations (seed "Errors", "agent not found").
import type { HandlerGroup } from '../../core/handler.ts';
import { findOr404 } from '../shared/lookup.ts';
import { agentSettingsView, NO_OVERRIDES, updatedOverrides, updatedWorkspaceSettings, workspaceSettings } from './settings.ts';

export const evaluateHandlers = {
  getEvaluateSettings: ({ ws }) => ({ status: 200, body: { success: true, message: 'Evaluate settings retrieved', data: workspaceSettings(ws) } }),

  updateEvaluateSettings: ({ ws, body, now }) => {
    ws.evaluate_settings = updatedWorkspaceSettings(ws, body, now);
    return { status: 200, body: { success: true, message: 'Evaluate settings updated', data: workspaceSettings(ws) } };
  },

  getAgentEvaluateSettings: ({ ws, path }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    return { status: 200, body: { success: true, message: 'Agent evaluate settings retrieved', data: agentSettingsView(ws, agent.uuid) } };
  },

  updateAgentEvaluateSettings: ({ ws, path, body, now }) => {
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const current = ws.agent_evaluate_settings.find((r) => r.agent_uuid === agent.uuid);
    const next = { agent_uuid: agent.uuid, overrides: updatedOverrides(current?.overrides ?? NO_OVERRIDES, body), updated_at: now };
    ws.agent_evaluate_settings = [...ws.agent_evaluate_settings.filter((r) => r !== current), next];
    return { status: 200, body: { success: true, message: 'Agent evaluate settings updated', data: agentSettingsView(ws, agent.uuid) } };
  },
} satisfies HandlerGroup;
