// An agent's guard rules and routing rules: add one (the others stay), replace all, change one,
// delete one. The two kinds are declared once (`RuleKind`) and the four handlers of each derived from
// the declaration. Every answer is the agent, data-only `{data}` (published). An unknown agent or a
// rule that is not the agent's is a 404 (Shape A for agent operations); bad input is a 422 thrown
// before anything is written.
import type { HandlerGroup } from '../../core/handler.ts';
import { ApiError, errors } from '../../pipeline/api-error.ts';
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { agentView } from '../agents/agent-view.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';

type GuardRule = Schemas['AgentGuardRule'];
type RoutingRule = Schemas['AgentRoutingRule'];

/** One kind of rule: where the agent keeps it, how a new one is built, and what a stored one must satisfy. */
interface RuleKind<R extends { uuid: string }, I> {
  field: 'guard_rules' | 'routing_rules';
  /** The rule built from a create body; `existing` are the rules it joins (for defaults drawn from them). */
  build(input: I, existing: R[], faults: FaultPlan): Omit<R, 'uuid'>;
  /** Throws a 422 when the rule breaks a rule of its kind. */
  check(rule: R, ws: WorkspaceState, sent: Sent): void;
}

/** The fields a request sent for the rule: an error names the missing field when sent, else the field that asks for it. */
type Sent = ReadonlySet<string>;

function invalid(field: string, details: string, sent?: Sent, cause?: string): never {
  throw errors.validation('VALIDATION_ERROR', details, sent === undefined || cause === undefined || sent.has(field) ? field : cause);
}

/** A `forward` (guard) or a transfer (routing) to an agent needs an existing agent. */
function checkAgentTarget(ws: WorkspaceState, type: string | null, agentUuid: string | null, sent: Sent): void {
  if (type !== 'agent') return;
  if (agentUuid === null) invalid('destination_agent_uuid', 'destination_type "agent" needs destination_agent_uuid.', sent, 'destination_type');
  if (!ws.agents.some((a) => a.uuid.toLowerCase() === agentUuid.toLowerCase())) invalid('destination_agent_uuid', `No agent ${agentUuid} exists in this workspace.`);
}

const guard: RuleKind<GuardRule, Schemas['AgentGuardRuleInput']> = {
  field: 'guard_rules',
  build: (input) => ({
    name: input.name ?? null,
    when_condition: input.when_condition,
    example_phrases: [...(input.example_phrases ?? [])],
    then_action: input.then_action,
    selected_channels: [...(input.selected_channels ?? ['phone'])],
    say_before_forwarding: input.say_before_forwarding ?? null,
    say_before_end: input.say_before_end ?? null,
    destination_type: input.destination_type ?? null,
    destination: input.destination ?? null,
    destination_agent_uuid: input.destination_agent_uuid ?? null,
    is_active: input.is_active ?? true,
    is_default: input.is_default ?? false,
  }),
  check: (rule, ws, sent) => {
    if (rule.then_action !== 'forward') return;
    if (rule.destination_type === null) invalid('destination_type', 'then_action "forward" needs destination_type.', sent, 'then_action');
    if (rule.destination_type === 'agent') checkAgentTarget(ws, rule.destination_type, rule.destination_agent_uuid, sent);
    else if (rule.destination === null) invalid('destination', 'then_action "forward" needs destination.', sent, sent.has('destination_type') ? 'destination_type' : 'then_action');
  },
};

/** The priority a new routing rule gets without one: the highest existing + 1 (1 for the first). */
function nextPriority(existing: RoutingRule[]): number {
  return existing.reduce((max, r) => Math.max(max, r.priority), 0) + 1;
}

const routing: RuleKind<RoutingRule, Schemas['AgentRoutingRuleInput']> = {
  field: 'routing_rules',
  build: (input, existing, faults) => ({
    department_name: input.department_name ?? null,
    detection_mode: input.detection_mode ?? 'intent',
    trigger_keyword: input.trigger_keyword ?? null,
    phrases: [...(input.phrases ?? [])],
    ai_prompt: input.ai_prompt ?? null,
    priority: input.priority ?? (faults.has('routing-priority-default-wrong') ? 1 : nextPriority(existing)),
    is_active: input.is_active ?? true,
    say_before_transfer: input.say_before_transfer ?? null,
    destination_type: input.destination_type ?? null,
    destination: input.destination ?? null,
    destination_agent_uuid: input.destination_agent_uuid ?? null,
  }),
  check: (rule, ws, sent) => {
    if (rule.detection_mode !== 'intent' && (rule.trigger_keyword === null || rule.trigger_keyword.trim() === '')) {
      invalid('trigger_keyword', `detection_mode "${rule.detection_mode}" needs trigger_keyword.`, sent, 'detection_mode');
    }
    checkAgentTarget(ws, rule.destination_type, rule.destination_agent_uuid, sent);
  },
};

/** The answer of every rule operation: the agent, data-only. */
function answer(ws: WorkspaceState, agent: Agent) {
  return { status: 200 as const, body: { data: agentView(ws, agent) } };
}

/** The four handlers of a kind: add one, replace all, change one, delete one. */
function ruleHandlers<R extends { uuid: string }, I>(kind: RuleKind<R, I>) {
  const rulesOf = (agent: Agent): R[] => (agent[kind.field] ?? []) as unknown as R[];
  const store = (agent: Agent, rules: R[]): void => {
    (agent as unknown as Record<string, unknown>)[kind.field] = rules;
  };
  const created = (input: I, existing: R[], ws: WorkspaceState, faults: FaultPlan): R => {
    const rule = { uuid: newUuid(), ...kind.build(input, existing, faults) } as R;
    kind.check(rule, ws, new Set(Object.keys(input as object)));
    return rule;
  };
  return {
    add: ({ ws, path, body, faults }: { ws: WorkspaceState; path: { uuid: string }; body: unknown; faults: FaultPlan }) => {
      const agent = findOr404(ws.agents, path.uuid, 'Agent');
      const existing = rulesOf(agent);
      const rule = created(body as I, existing, ws, faults);
      store(agent, faults.has('agent-rules-add-replaces-all') ? [rule] : [...existing, rule]);
      return answer(ws, agent);
    },
    replace: ({ ws, path, body, faults }: { ws: WorkspaceState; path: { uuid: string }; body: unknown; faults: FaultPlan }) => {
      const agent = findOr404(ws.agents, path.uuid, 'Agent');
      const inputs = (body as Record<string, I[]>)[kind.field] ?? [];
      const rules: R[] = [];
      for (const [i, input] of inputs.entries()) {
        try {
          rules.push(created(input, rules, ws, faults));
        } catch (error) {
          // The error names the field inside the list: `guard_rules[1].then_action`.
          if (error instanceof ApiError && error.field !== undefined) throw new ApiError(error.status, error.code, error.message, error.details, { field: `${kind.field}[${i}].${error.field}` });
          throw error;
        }
      }
      store(agent, rules);
      return answer(ws, agent);
    },
    update: ({ ws, path, body }: { ws: WorkspaceState; path: { uuid: string; ruleUuid: string }; body: unknown }) => {
      const agent = findOr404(ws.agents, path.uuid, 'Agent');
      const rules = rulesOf(agent);
      const current = findOr404(rules, path.ruleUuid, 'Rule');
      const changed = { ...current, ...(body as Partial<R>), uuid: current.uuid } as R;
      kind.check(changed, ws, new Set(Object.keys(body as object)));
      store(
        agent,
        rules.map((r) => (r.uuid === current.uuid ? changed : r)),
      );
      return answer(ws, agent);
    },
    remove: ({ ws, path }: { ws: WorkspaceState; path: { uuid: string; ruleUuid: string } }) => {
      const agent = findOr404(ws.agents, path.uuid, 'Agent');
      const rules = rulesOf(agent);
      const current = findOr404(rules, path.ruleUuid, 'Rule');
      store(
        agent,
        rules.filter((r) => r.uuid !== current.uuid),
      );
      return answer(ws, agent);
    },
  };
}

const guards = ruleHandlers(guard);
const routes = ruleHandlers(routing);

export const agentRuleHandlers = {
  addAgentGuardRule: guards.add,
  replaceAgentGuardRules: guards.replace,
  updateAgentGuardRule: guards.update,
  deleteAgentGuardRule: guards.remove,
  addAgentRoutingRule: routes.add,
  replaceAgentRoutingRules: routes.replace,
  updateAgentRoutingRule: routes.update,
  deleteAgentRoutingRule: routes.remove,
} satisfies HandlerGroup;
