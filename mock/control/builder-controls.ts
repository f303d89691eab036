// Control routes for builder agents and apps (described in control/openapi.yaml), so a client can
// reach every state on purpose:
//   GET  /__mock/builder-agents/{uuid}          the conversation's processing phase and queued plan
//   POST /__mock/builder-agents/{uuid}/outcome  {status, after_ms?, questions?, message?}: where the
//        current processing ends (after_ms from now), or the next one when it is not processing
//   POST /__mock/builders/{uuid}/outcome        {status: running|failed, after_ms?, reason?}: how the
//        current deploy ends, or the next one (start) when the app is not deploying
//   POST /__mock/builders/{uuid}/logs           {lines: [{line, stream?}]}: lines the app writes now
// Seed "States and transitions" > Builder agent conversation, and "What the service does" > Builders.
import type { Mock } from '../core/mock.ts';
import type { MockResponse } from '../core/types.ts';
import { type BuilderAgentRecord, changed, settleBuilders } from '../resources/builder-agents/agent-state.ts';
import type { AgentOutcome, OutcomePlan } from '../resources/builder-agents/machine.ts';
import { appendLog } from '../resources/builders/app-logs.ts';
import type { BuilderAppRecord, LogStream } from '../resources/builders/app-record.ts';
import { applyApp } from '../resources/builders/app-state.ts';
import type { DeployPlan } from '../resources/builders/machine.ts';
import type { WorkspaceState } from '../state/workspace.ts';
import { fail, json } from './respond.ts';

type Body = Record<string, unknown>;

const AGENT_OUTCOMES: readonly string[] = ['gathering', 'awaiting_approval', 'deployed', 'failed'];
const STREAMS: readonly string[] = ['stdout', 'stderr', 'system'];
const MAX_AFTER_MS = 7 * 24 * 3_600_000;

function afterMs(body: Body): number | string | undefined {
  const value = body.after_ms;
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_AFTER_MS) return `after_ms must be an integer 0..${MAX_AFTER_MS}.`;
  return value;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function agentPlan(body: Body): OutcomePlan | string {
  if (typeof body.status !== 'string' || !AGENT_OUTCOMES.includes(body.status)) return `status must be one of ${AGENT_OUTCOMES.join(', ')}.`;
  const after = afterMs(body);
  if (typeof after === 'string') return after;
  const plan: OutcomePlan = { status: body.status as AgentOutcome, ...(after === undefined ? {} : { after_ms: after }) };
  if (body.questions !== undefined) {
    const q = body.questions;
    if (body.status !== 'gathering') return 'questions go only with status gathering.';
    if (!Array.isArray(q) || q.length === 0 || q.length > 50 || !q.every(nonEmptyString)) return 'questions must be 1..50 non-empty strings.';
    plan.questions = q as string[];
  }
  if (body.message !== undefined) {
    if (!nonEmptyString(body.message)) return 'message must be a non-empty string.';
    plan.message = body.message;
  }
  return plan;
}

function deployPlan(body: Body): DeployPlan | string {
  if (body.status !== 'running' && body.status !== 'failed') return 'status must be running or failed.';
  const after = afterMs(body);
  if (typeof after === 'string') return after;
  const plan: DeployPlan = { status: body.status, ...(after === undefined ? {} : { after_ms: after }) };
  if (body.reason !== undefined) {
    if (body.status !== 'failed' || !nonEmptyString(body.reason)) return 'reason must be a non-empty string, with status failed.';
    plan.reason = body.reason;
  }
  return plan;
}

function find<T extends { uuid: string }>(mock: Mock, now: Date, pick: (ws: WorkspaceState) => T[], uuid: string): { ws: WorkspaceState; item: T } | undefined {
  for (const { state } of mock.store.all()) {
    settleBuilders(state, now, mock.config.baseDomain);
    const item = pick(state).find((x) => x.uuid === uuid);
    if (item) return { ws: state, item };
  }
  return undefined;
}

function describeAgent(ws: WorkspaceState, record: BuilderAgentRecord): unknown {
  const { phase, queued } = record.flow;
  return {
    uuid: record.uuid,
    tenant: ws.slug,
    status: record.flow.status,
    phase: phase && { kind: phase.kind, outcome: phase.outcome, started_at: phase.started_at, completes_at: phase.completes_at },
    queued,
    builder_uuid: record.builder_uuid,
  };
}

function describeApp(ws: WorkspaceState, app: BuilderAppRecord): unknown {
  const { life } = app;
  return { uuid: app.uuid, tenant: ws.slug, status: life.status, deploy: life.deploy, queued: life.queued, revision: app.revision };
}

function agentRoute(mock: Mock, method: string, uuid: string, action: string, body: Body): MockResponse {
  const now = new Date(mock.clock.now());
  const found = find(mock, now, (ws) => ws.builder_agents, uuid);
  if (!found) return fail(404, 'No builder agent conversation with that uuid in any workspace.');
  const { ws, item } = found;
  if (method === 'GET' && action === '') return json(200, describeAgent(ws, item));
  if (method === 'POST' && action === '/outcome') {
    const plan = agentPlan(body);
    if (typeof plan === 'string') return fail(422, plan);
    item.flow = changed(item.flow, { type: 'plan', at: now, plan });
    settleBuilders(ws, now, mock.config.baseDomain);
    const applies = item.flow.queued === null ? 'current' : 'next';
    return json(200, { success: true, message: `Outcome set for the ${applies} processing phase`, data: describeAgent(ws, item) });
  }
  return fail(404, 'No such control endpoint.', { code: 'ENDPOINT_NOT_FOUND' });
}

function appRoute(mock: Mock, method: string, uuid: string, action: string, body: Body): MockResponse {
  const now = new Date(mock.clock.now());
  const found = find(mock, now, (ws) => ws.builders, uuid);
  if (!found) return fail(404, 'No app with that uuid in any workspace.');
  const { ws, item } = found;
  if (method === 'POST' && action === '/outcome') {
    const plan = deployPlan(body);
    if (typeof plan === 'string') return fail(422, plan);
    applyApp(item, { type: 'plan', at: now, plan });
    settleBuilders(ws, now, mock.config.baseDomain);
    return json(200, { success: true, message: 'Deploy outcome set', data: describeApp(ws, item) });
  }
  if (method === 'POST' && action === '/logs') {
    const lines = body.lines;
    if (!Array.isArray(lines) || lines.length === 0 || lines.length > 1000) return fail(422, 'lines must be an array of 1..1000 {line, stream?} objects.');
    for (const entry of lines as Array<{ line?: unknown; stream?: unknown }>) {
      if (typeof entry !== 'object' || entry === null || typeof entry.line !== 'string') return fail(422, 'Each line needs a line string.');
      if (entry.stream !== undefined && (typeof entry.stream !== 'string' || !STREAMS.includes(entry.stream))) return fail(422, `stream must be one of ${STREAMS.join(', ')}.`);
    }
    for (const entry of lines as Array<{ line: string; stream?: LogStream }>) appendLog(item, now, entry.stream ?? 'stdout', entry.line);
    return json(200, { success: true, message: `${lines.length} log lines written`, data: describeApp(ws, item) });
  }
  return fail(404, 'No such control endpoint.', { code: 'ENDPOINT_NOT_FOUND' });
}

/** Serves `/builder-agents/...` and `/builders/...` under the control prefix; undefined for other paths. */
export function handleBuilderControl(mock: Mock, method: string, sub: string, body: Body): MockResponse | undefined {
  const match = /^\/(builder-agents|builders)\/([^/]+)(\/[a-z-]+)?$/.exec(sub);
  if (!match) return undefined;
  const [, group, uuid = '', action = ''] = match;
  const verb = method.toUpperCase();
  return group === 'builder-agents' ? agentRoute(mock, verb, uuid, action, body) : appRoute(mock, verb, uuid, action, body);
}
