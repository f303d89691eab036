// Testing a flow step (published test-a-step page). A trigger takes the manual `data`, else one of
// its samples (`sample_uuid`, else the newest); none is a 404. An action resolves its config (or
// `config_override`) against the `last_test.data` of the steps before it (`input_data` replaces
// those, keyed `stepN`) and runs live or dry by the safe-list: read-only actions live, destructive
// ones dry unless `live`, `dry_run` forces dry, call actions always dry. An `if_condition` step
// evaluates its conditions. With `persist` (default) the result becomes `last_test.data` and a
// draft step turns `active`.
import type { HandlerGroup } from '../../core/handler.ts';
import { ApiError } from '../../pipeline/api-error.ts';
import type { FlowTriggerSample, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { clone, findFlow, findStep, type Flow, type FlowStep, invalid, orderedSteps } from './records.ts';

type Data = Record<string, unknown>;
type Sample = Schemas['FlowStepTestSample'];

/** Actions that need a live call, so a test never runs them for real. */
const CALL_ACTIONS = new Set(['end_call', 'transfer_call']);
const DEFAULT_LIMIT = 10;

const REFERENCE = /\{\{\s*step(\d+)\.([\w.]+)\s*\}\}/g;
const WHOLE_REFERENCE = /^\{\{\s*step(\d+)\.([\w.]+)\s*\}\}$/;

function lookup(upstream: Record<string, Data>, n: string, field: string): unknown {
  let value: unknown = upstream[`step${n}`];
  for (const part of field.split('.')) value = value !== null && typeof value === 'object' ? (value as Data)[part] : undefined;
  return value;
}

/** A value with its `{{stepN.field}}` references resolved; a string that is one reference takes the value as it is. */
export function resolveReferences(value: unknown, upstream: Record<string, Data>): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value);
    if (whole) return lookup(upstream, whole[1] as string, whole[2] as string) ?? null;
    return value.replace(REFERENCE, (_m, n: string, field: string) => {
      const found = lookup(upstream, n, field);
      return found === undefined || found === null ? '' : String(found);
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveReferences(v, upstream));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveReferences(v, upstream)]));
  return value;
}

/** The upstream data a step's references resolve against: each earlier step's `last_test.data`, keyed `stepN`. */
function upstreamOf(flow: Flow, step: FlowStep, override: Data | undefined): Record<string, Data> {
  const upstream: Record<string, Data> = {};
  for (const s of orderedSteps(flow.steps)) if (s.position < step.position && s.last_test) upstream[`step${s.position}`] = s.last_test.data;
  for (const [key, value] of Object.entries(override ?? {})) if (value !== null && typeof value === 'object') upstream[key] = value as Data;
  return upstream;
}

function compare(left: unknown, operator: unknown, right: unknown): boolean {
  switch (operator) {
    case 'equals':
      return left === right || String(left) === String(right);
    case 'not_equals':
      return !(left === right || String(left) === String(right));
    case 'greater_than':
      return Number(left) > Number(right);
    case 'less_than':
      return Number(left) < Number(right);
    case 'contains':
      return String(left ?? '').includes(String(right ?? ''));
    default:
      return false;
  }
}

/** An if_condition's result: every condition holds. */
function conditionResult(config: Data): boolean {
  const conditions = Array.isArray(config.conditions) ? (config.conditions as Data[]) : [];
  return conditions.every((c) => compare(c.left, c.operator, c.right));
}

function listed(sample: FlowTriggerSample): Sample {
  return { sample_uuid: sample.sample_uuid, label: sample.label, timestamp: new Date(sample.timestamp) };
}

function testTrigger(ws: WorkspaceState, step: FlowStep, body: Schemas['FlowStepTestRequest']): { data: Data; selected: Sample | null; samples: Sample[] } {
  const trigger = ws.flow_apps.find((a) => a.uid === step.app?.uid)?.triggers.find((t) => t.key === step.trigger?.key);
  const samples = [...(trigger?.samples ?? [])].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  const shown = samples.slice(0, body.limit ?? DEFAULT_LIMIT).map(listed);
  if (body.data) return { data: clone(body.data), selected: null, samples: shown };
  if (samples.length === 0) throw new ApiError(404, 'RESOURCE_NOT_FOUND', 'No samples found', 'The trigger\'s source has no records yet; produce a real event or send a manual sample in data.');
  const chosen = body.sample_uuid ? samples.find((s) => s.sample_uuid === body.sample_uuid) : samples[0];
  if (!chosen) throw invalid('sample_uuid', `No sample ${body.sample_uuid} for this trigger.`);
  return { data: clone(chosen.data), selected: listed(chosen), samples: shown };
}

export const flowStepTestHandlers = {
  testFlowStep: (ctx) => {
    const { ws, path, faults } = ctx;
    const body = ctx.body ?? { persist: true, dry_run: false, live: false, limit: DEFAULT_LIMIT };
    const flow = findFlow(ws, path.uuid);
    const step = findStep(flow, path.step);
    let result: { data: Data; dry_run: boolean; resolved: Data; selected: Sample | null; samples: Sample[] };
    if (step.kind === 'trigger') {
      result = { ...testTrigger(ws, step, body), dry_run: false, resolved: {} };
    } else {
      const config = (body.config_override ?? step.config) as Data;
      const resolved = resolveReferences(config, upstreamOf(flow, step, body.input_data)) as Data;
      const key = step.action?.key ?? '';
      const destructive = ws.flow_apps.find((a) => a.uid === step.app?.uid)?.actions.find((a) => a.key === key)?.destructive ?? true;
      const dry = CALL_ACTIONS.has(key) || body.dry_run === true || (destructive && body.live !== true);
      const data = step.kind === 'if_condition' ? { result: conditionResult(resolved) } : { ...resolved };
      result = { data, dry_run: dry, resolved, selected: null, samples: [] };
    }
    if (body.persist !== false) {
      if (!faults.has('flow-step-test-not-stored')) step.last_test = { data: clone(result.data) };
      if (step.status === 'draft') step.status = 'active';
    }
    return { status: 200, body: { success: true, data: { kind: step.kind, dry_run: result.dry_run, data: result.data, duration_ms: 0, resolved: result.resolved, selected: result.selected, samples: result.samples } } };
  },
} satisfies HandlerGroup;
