// Adding and updating flow steps (published flow-steps pages). A trigger is step 1 and a flow has
// one at most; an action needs the trigger first. A step is appended, inserted after another (the
// steps after it move down and their `{{stepN.field}}` references are renumbered) or nested under
// an `if_condition` step's branch. Every check runs before anything is written; a deployed flow
// is refused with 409.
import type { HandlerGroup } from '../../core/handler.ts';
import type { FlowAppRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import { agentFor, appFor, appListing, connectionFor } from './catalogue.ts';
import { clone, findFlow, findStep, type Flow, type FlowStep, invalid, openPosition, refuseWhenDeployed, touch } from './records.ts';

/** The app whose actions need an agent. */
const AGENT_APP = 'ai_agent';
/** The action whose step branches. */
const BRANCHING_ACTION = 'if_condition';

function triggerOf(app: FlowAppRecord, key: string | null | undefined): { key: string; name: string } {
  if (!key) throw invalid('trigger_key', 'trigger_key is required for a trigger step.');
  const trigger = app.triggers.find((t) => t.key === key);
  if (!trigger) throw invalid('trigger_key', `The app "${app.uid}" has no trigger "${key}" (GET /api/v1/flow/apps/${app.uid}/triggers).`);
  return { key: trigger.key, name: trigger.name };
}

function actionOf(app: FlowAppRecord, key: string | null | undefined): { key: string; name: string } {
  if (!key) throw invalid('action_key', 'action_key is required for an action step.');
  const action = app.actions.find((a) => a.key === key);
  if (!action) throw invalid('action_key', `The app "${app.uid}" has no action "${key}" (GET /api/v1/flow/apps/${app.uid}/actions).`);
  return { key: action.key, name: action.name };
}

function agentOf(ws: WorkspaceState, app: FlowAppRecord, kind: string, uuid: string | null | undefined): FlowStep['agent'] {
  if (uuid === null || uuid === undefined) {
    if (app.uid === AGENT_APP && kind !== 'trigger') throw invalid('agent_uuid', 'agent_uuid is required for an action of the AI agent app.');
    return null;
  }
  return agentFor(ws, uuid);
}

/** Where a new step goes: its position and branch, checked against the flow. */
function placeOf(flow: Flow, body: Schemas['FlowStepCreate']): { position: number; parent: string | null; branch: string | null } {
  const last = flow.steps.reduce((max, s) => Math.max(max, s.position), 0);
  if (body.kind === 'trigger') {
    if (flow.steps.some((s) => s.kind === 'trigger')) throw invalid('kind', 'The flow already has its trigger; a flow has one trigger, at step 1.');
    if (body.parent_step_uuid || body.insert_after_step_uuid) throw invalid('kind', 'A trigger is always step 1; it takes no parent_step_uuid or insert_after_step_uuid.');
    return { position: 1, parent: null, branch: null };
  }
  if (!flow.steps.some((s) => s.kind === 'trigger')) throw invalid('kind', 'Add the flow\'s trigger first; actions follow it.');
  let parent: string | null = null;
  let branch: string | null = null;
  if (body.parent_step_uuid) {
    const parentStep = flow.steps.find((s) => s.uuid.toLowerCase() === body.parent_step_uuid?.toLowerCase());
    if (!parentStep || parentStep.kind !== BRANCHING_ACTION) throw invalid('parent_step_uuid', 'parent_step_uuid must name an if_condition step of this flow.');
    if (!body.branch_key) throw invalid('branch_key', 'branch_key (true or false) is required with parent_step_uuid.');
    parent = parentStep.uuid;
    branch = body.branch_key;
  } else if (body.branch_key) {
    throw invalid('branch_key', 'branch_key needs parent_step_uuid.');
  }
  if (body.insert_after_step_uuid) {
    const after = flow.steps.find((s) => s.uuid.toLowerCase() === body.insert_after_step_uuid?.toLowerCase());
    if (!after) throw invalid('insert_after_step_uuid', 'insert_after_step_uuid must name a step of this flow.');
    return { position: after.position + 1, parent, branch };
  }
  return { position: last + 1, parent, branch };
}

export const flowStepHandlers = {
  addFlowStep: (ctx) => {
    const { ws, path, body, now } = ctx;
    const flow = findFlow(ws, path.uuid);
    refuseWhenDeployed(flow, ctx);
    const app = appFor(ws, body.app_uid);
    const trigger = body.kind === 'trigger' ? triggerOf(app, body.trigger_key) : null;
    const action = body.kind === 'action' ? actionOf(app, body.action_key) : null;
    const kind = action?.key === BRANCHING_ACTION ? BRANCHING_ACTION : body.kind;
    const connection = connectionFor(ws, app, body.app_connection_uuid);
    const agent = agentOf(ws, app, kind, body.agent_uuid);
    const place = placeOf(flow, body);
    const step: FlowStep = {
      uuid: newUuid(),
      position: place.position,
      kind,
      status: 'draft',
      parent_step_uuid: place.parent,
      branch_key: place.branch,
      app: appListing(app),
      trigger,
      action,
      agent,
      app_connection: connection,
      config: clone(body.config ?? {}),
      last_test: null,
    };
    if (flow.steps.some((s) => s.position >= place.position)) openPosition(flow, place.position);
    flow.steps.push(step);
    touch(flow, now);
    return { status: 201, body: { data: clone(step) } };
  },

  updateFlowStep: (ctx) => {
    const { ws, path, body, now } = ctx;
    const flow = findFlow(ws, path.uuid);
    const stored = findStep(flow, path.step);
    refuseWhenDeployed(flow, ctx);
    // Changes are made on a copy and stored only once every check passed.
    const step = clone(stored);
    const switching = body.app_uid !== undefined && body.app_uid !== step.app?.uid;
    const app = appFor(ws, (switching ? body.app_uid : step.app?.uid) ?? '');
    if (switching) {
      step.app = appListing(app);
      step.trigger = null;
      step.action = null;
      step.config = {};
      step.app_connection = null;
    }
    if (body.trigger_key !== undefined) {
      if (step.kind !== 'trigger') {
        if (body.trigger_key !== null) throw invalid('trigger_key', 'Only a trigger step has a trigger_key.');
      } else step.trigger = triggerOf(app, body.trigger_key);
    }
    if (body.action_key !== undefined) {
      if (step.kind === 'trigger') {
        if (body.action_key !== null) throw invalid('action_key', 'A trigger step has no action_key.');
      } else {
        step.action = actionOf(app, body.action_key);
        step.kind = step.action.key === BRANCHING_ACTION ? BRANCHING_ACTION : 'action';
      }
    }
    if (body.app_connection_uuid !== undefined) step.app_connection = body.app_connection_uuid === null ? null : connectionFor(ws, app, body.app_connection_uuid);
    if (body.agent_uuid !== undefined) step.agent = body.agent_uuid === null ? null : agentFor(ws, body.agent_uuid);
    if (body.config !== undefined) step.config = clone(body.config);
    Object.assign(stored, step);
    touch(flow, now);
    return { status: 200, body: { data: clone(stored) } };
  },
} satisfies HandlerGroup;
