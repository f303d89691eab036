// What a create or update body sends, turned into the agent's stored sections: guidelines, notes,
// procedures (with ordered steps) and training rows each get their own uuid; schedule assignments
// are checked against the workspace's schedules; routing rules sent with a new agent take the
// routing-rule defaults. Every check runs before the caller writes anything, so a refused body
// leaves the agent as it was.
import { errors } from '../../pipeline/api-error.ts';
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';

type Guideline = Schemas['AgentGuideline'];
type Procedure = Schemas['AgentProcedure'];
type Training = Schemas['AgentTraining'];
type Assignment = Schemas['AgentScheduleAssignment'];
type RoutingRule = NonNullable<Agent['routing_rules']>[number];


/** Rows in their `order` (then as sent), each with a new uuid; an absent order is the row's position. */
export function orderedRows(rows: Schemas['AgentGuidelineInput'][]): Guideline[] {
  return rows
    .map((row, index) => ({ uuid: newUuid(), content: row.content, order: row.order ?? index, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ uuid, content, order }) => ({ uuid, content, order }));
}

export function procedureRows(rows: Schemas['AgentProcedureInput'][]): Procedure[] {
  return rows.map((p) => ({
    uuid: newUuid(),
    name: p.name,
    description: p.description ?? null,
    steps: [...(p.steps ?? [])].sort((a, b) => a.order - b.order).map((s) => ({ order: s.order, description: s.description, intent_uuid: s.intent_uuid ?? null })),
  }));
}

export function trainingRows(rows: Schemas['AgentTrainingInput'][]): Training[] {
  return rows.map((t) => ({ uuid: newUuid(), content: t.content, intent: t.intent ?? null, response: t.response }));
}

/** The assignments as stored: each must name a schedule of the workspace (422 naming the field otherwise). */
export function scheduleAssignments(ws: WorkspaceState, sent: Assignment[], field: string): Assignment[] {
  sent.forEach((a, i) => {
    if (!ws.schedules.some((s) => s.uuid.toLowerCase() === a.schedule_uuid.toLowerCase())) {
      throw errors.validation('VALIDATION_ERROR', `No schedule ${a.schedule_uuid} exists in this workspace.`, `${field}[${i}].schedule_uuid`);
    }
  });
  return JSON.parse(JSON.stringify(sent)) as Assignment[];
}

/** Routing rules sent with a new agent: `intent` by default, priorities in the order sent, active. */
export function routingRules(sent: Schemas['AgentCreateRoutingRule'][]): RoutingRule[] {
  return sent.map((r, i) => {
    const mode = r.detection_mode ?? 'intent';
    if (mode !== 'intent' && !r.trigger_keyword) {
      throw errors.validation('VALIDATION_ERROR', `trigger_keyword is needed when detection_mode is ${mode}.`, `routing_rules[${i}].trigger_keyword`);
    }
    return {
      uuid: newUuid(),
      department_name: r.department_name ?? null,
      detection_mode: mode,
      trigger_keyword: r.trigger_keyword ?? null,
      phrases: [],
      ai_prompt: null,
      priority: i + 1,
      is_active: true,
      say_before_transfer: null,
      destination_type: null,
      destination: null,
      destination_agent_uuid: null,
    } as RoutingRule;
  });
}
