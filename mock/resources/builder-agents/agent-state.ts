// Builder agent conversations as the mock keeps them, brought up to the clock lazily on every read:
// a processing phase whose time has come ends in its planned status, and a `deployed` end deploys
// the app ("`builder` carries the app and preview URL once deployed") or, after a rebuild, replaces
// the running app by the corrected version (seed "States and transitions" > Builder agent
// conversation). Apps are settled after the conversations, so an app never runs past the instant
// a rebuild replaces it.
import { ApiError } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { logStartup, newApp } from '../builders/app-factory.ts';
import { appendLog } from '../builders/app-logs.ts';
import { type BuilderAppRecord, toBuilder } from '../builders/app-record.ts';
import { applyApp, settleApp } from '../builders/app-state.ts';
import { runningLifecycle } from '../builders/machine.ts';
import { AGENT_APP, appName, generatedFiles } from './generated-app.ts';
import { type AgentEvent, type AgentFlow, transition } from './machine.ts';

export type Conversation = Schemas['BuilderAgentConversation'];

export interface BuilderAgentRecord {
  uuid: string;
  created_at: Date;
  /** The app the conversation deployed; null until the first deployment. */
  builder_uuid: string | null;
  flow: AgentFlow;
  /** Further booleans of the create body (the published page cuts off their names), kept as sent. */
  options?: Record<string, boolean>;
}

function appOf(ws: WorkspaceState, record: BuilderAgentRecord): BuilderAppRecord | undefined {
  return record.builder_uuid === null ? undefined : ws.builders.find((a) => a.uuid === record.builder_uuid);
}

function deploy(ws: WorkspaceState, record: BuilderAgentRecord, at: Date, baseDomain: string): void {
  const { flow } = record;
  const files = generatedFiles(flow.name, flow.prompt, flow.changes, flow.revision);
  const existing = appOf(ws, record);
  if (existing) {
    settleApp(existing, at);
    existing.files = files;
    existing.revision = flow.revision;
    existing.updated_at = at;
    appendLog(existing, at, 'system', `Replacing the running app with revision ${flow.revision}`);
    applyApp(existing, { type: 'replace', at });
    logStartup(existing, at);
    return;
  }
  const app = newApp({
    slug: ws.slug,
    baseDomain,
    name: appName(flow.name),
    files,
    ...AGENT_APP,
    at,
    agent_uuid: record.uuid,
    life: runningLifecycle(at, AGENT_APP.auto_stop_interval),
  });
  logStartup(app, at);
  ws.builders.push(app);
  record.builder_uuid = app.uuid;
}

function settleAgent(ws: WorkspaceState, record: BuilderAgentRecord, now: Date, baseDomain: string): void {
  const phase = record.flow.phase;
  if (record.flow.status !== 'processing' || !phase || phase.completes_at.getTime() > now.getTime()) return;
  const at = phase.completes_at;
  record.flow = changed(record.flow, { type: 'complete', at });
  if (record.flow.status === 'deployed') deploy(ws, record, at, baseDomain);
}

/** Every conversation, then every app of the workspace, up to `now`. */
export function settleBuilders(ws: WorkspaceState, now: Date, baseDomain: string): void {
  for (const record of ws.builder_agents) settleAgent(ws, record, now, baseDomain);
  for (const app of ws.builders) settleApp(app, now);
}

/** The machine's next flow, or its refusal thrown as the contract's error. */
export function changed(flow: AgentFlow, event: AgentEvent): AgentFlow {
  const next = transition(flow, event);
  if (next instanceof ApiError) throw next;
  return next;
}

/** A build conversation as answers show it; its app's preview URL on `host` (builders/app-record.ts). */
export function toConversation(ws: WorkspaceState, record: BuilderAgentRecord, now: Date, host: string): Conversation {
  const app = appOf(ws, record);
  const { flow } = record;
  const updated = app && app.updated_at.getTime() > flow.updated_at.getTime() ? app.updated_at : flow.updated_at;
  return {
    uuid: record.uuid,
    name: flow.name,
    status: flow.status,
    prompt: flow.prompt,
    message: flow.message,
    questions: [...flow.questions],
    builder: app ? toBuilder(app, now, host) : null,
    created_at: record.created_at,
    updated_at: updated,
  };
}
