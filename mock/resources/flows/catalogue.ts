// The flow app catalogue and the workspace's connections: the apps steps use (each with its
// triggers and actions), and the checks a step's app, keys, connection and agent must pass.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { FlowAppRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { clone, invalid } from './records.ts';

type AppListing = Schemas['FlowStepApp'];

/** The app as a step shows it. */
export function appListing(app: FlowAppRecord): AppListing {
  return { uid: app.uid, name: app.name, icon: app.icon, category: app.category, requires_connection: app.requires_connection };
}

/** The app a body's `app_uid` names, or a 422. */
export function appFor(ws: WorkspaceState, uid: string): FlowAppRecord {
  const app = ws.flow_apps.find((a) => a.uid === uid);
  if (!app) throw invalid('app_uid', `No app "${uid}" in the catalogue (GET /api/v1/flow/apps).`);
  return app;
}

/** The app a path's `uid` names, or a 404. */
function appOr404(ws: WorkspaceState, uid: string): FlowAppRecord {
  const app = ws.flow_apps.find((a) => a.uid === uid);
  if (!app) throw errors.notFound('App');
  return app;
}

/** The connection a step of `app` names: required and active for an app that needs one, absent for a built-in app. */
export function connectionFor(ws: WorkspaceState, app: FlowAppRecord, uuid: string | null | undefined): { uuid: string; label: string } | null {
  if (!app.requires_connection) {
    if (uuid !== null && uuid !== undefined) throw invalid('app_connection_uuid', `The app "${app.uid}" needs no connection; app_connection_uuid must be null.`);
    return null;
  }
  if (uuid === null || uuid === undefined) throw invalid('app_connection_uuid', `The app "${app.uid}" requires a connection; connect it in the dashboard and send its app_connection_uuid.`);
  const connection = ws.flow_connections.find((c) => c.uuid.toLowerCase() === uuid.toLowerCase() && c.app_uid === app.uid);
  if (!connection) throw invalid('app_connection_uuid', `No connection ${uuid} of the app "${app.uid}" exists in this workspace.`);
  if (connection.status !== 'active') throw invalid('app_connection_uuid', `The connection ${uuid} is not active; reconnect it in the dashboard.`);
  return { uuid: connection.uuid, label: connection.label };
}

/** The agent a step names, or a 422. */
export function agentFor(ws: WorkspaceState, uuid: string): { uuid: string; name: string } {
  const agent = ws.agents.find((a) => a.uuid.toLowerCase() === uuid.toLowerCase());
  if (!agent) throw invalid('agent_uuid', `No agent ${uuid} exists in this workspace.`);
  return { uuid: agent.uuid, name: agent.name };
}

export const flowCatalogueHandlers = {
  listFlowApps: ({ ws }) => ({
    status: 200,
    body: {
      success: true,
      message: 'Apps retrieved',
      data: ws.flow_apps.map((app) => ({ ...appListing(app), triggers: app.triggers.map(({ key, name }) => ({ key, name })), actions: clone(app.actions) })),
    },
  }),
  listFlowAppTriggers: ({ ws, path }) => ({
    status: 200,
    body: { success: true, message: 'Triggers retrieved', data: appOr404(ws, path.uid).triggers.map(({ key, name }) => ({ key, name })) },
  }),
  listFlowAppActions: ({ ws, path }) => ({
    status: 200,
    body: { success: true, message: 'Actions retrieved', data: clone(appOr404(ws, path.uid).actions) },
  }),
  listFlowConnections: ({ ws, query }) => ({
    status: 200,
    body: { success: true, message: 'Connections retrieved', data: ws.flow_connections.filter((c) => !query.app_uid || c.app_uid === query.app_uid).map((c) => ({ ...c })) },
  }),
} satisfies HandlerGroup;
