// Guard and routing rules of an agent (published: voice-ivr-&-guards "Add ONE ... rule (preserves
// existing rules)"; a routing rule added without `priority` gets the highest existing priority + 1).
// The two kinds are declared once; for each, rules are added to the workspace's first agent and
// the answer (the agent, data-only) must hold every earlier rule plus the new one (a first add makes
// sure there is one to keep, then a second add is judged; the second routing rule must get the
// highest priority so far + 1). Afterwards the agent's rules are written back as they were (new
// uuids) with the replace operations.
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { runScenario } from '../model-kit.ts';

export const RULES_ADD_KEEPS: RuleCheck = {
  name: 'agent-rules-add-keeps',
  rule: "Published: voice-ivr-&-guards add-one-guard-rule / add-one-routing-rule: adding one rule keeps the agent's other rules of that kind",
};
export const ROUTING_PRIORITY_DEFAULT: RuleCheck = {
  name: 'routing-priority-default',
  rule: 'Published: voice-ivr-&-guards add-one-routing-rule: a rule added without priority gets the highest existing priority + 1',
};

type Rule = Record<string, unknown> & { uuid: string; priority?: number };
type AgentRules = { guard_rules?: Rule[]; routing_rules?: Rule[] };

/** One kind of rule: its field on the agent, its add and replace operations, and a valid new rule. */
const KINDS = [
  { field: 'guard_rules', add: 'addAgentGuardRule', replace: 'replaceAgentGuardRules', body: { name: 'Conformance guard', when_condition: 'Customer asks to cancel every order at once.', then_action: 'end_conversation', say_before_end: 'Goodbye.' } },
  { field: 'routing_rules', add: 'addAgentRoutingRule', replace: 'replaceAgentRoutingRules', body: { department_name: 'Conformance routing', detection_mode: 'intent', ai_prompt: 'Detect a request for the returns desk.' } },
] as const;

export async function runAgentRulesCheck(): Promise<void> {
  const { client } = suite();
  const listOp = client.op('listAgents');
  const listed = await client.send({ op: listOp });
  if (!isSuccess(listed)) return inconclusive(RULES_ADD_KEEPS, 'listAgents', `listing the agents answered ${describeAnswer(listed)}`, listed);
  const agent = (listed.json as { data?: { items?: Array<AgentRules & { agent_uuid?: string }> } } | undefined)?.data?.items?.[0];
  if (!agent?.agent_uuid) return inconclusive(RULES_ADD_KEEPS, 'listAgents', 'the workspace lists no agent', listed);
  const uuid = agent.agent_uuid;
  for (const kind of KINDS) {
    const original = agent[kind.field];
    if (!Array.isArray(original)) return inconclusive(RULES_ADD_KEEPS, 'listAgents', `the agent shows no ${kind.field} list`, listed);
    const op = client.op(kind.add);
    await runScenario(
      async () => {
        // A first add makes sure the agent has a rule to keep, then the second add is judged.
        const first = await client.send({ op, pathParams: { uuid }, json: kind.body });
        requireRule(RULES_ADD_KEEPS, op.operationId, expectStatus(first, op, `adding one of ${kind.field}`, 200, undefined, 'published'), first);
        const before = (first.json as { data?: AgentRules } | undefined)?.data?.[kind.field];
        if (!Array.isArray(before) || before.length === 0) return inconclusive(RULES_ADD_KEEPS, op.operationId, `the answer shows no data.${kind.field} with the rule added`, first);
        const answer = await client.send({ op, pathParams: { uuid }, json: kind.body });
        requireRule(RULES_ADD_KEEPS, op.operationId, expectStatus(answer, op, `adding one more of ${kind.field}`, 200, undefined, 'published'), answer);
        const after = (answer.json as { data?: AgentRules } | undefined)?.data?.[kind.field];
        if (!Array.isArray(after)) return inconclusive(RULES_ADD_KEEPS, op.operationId, `the answer shows no data.${kind.field}`, answer);
        const kept = before.every((r) => after.some((a) => a.uuid === r.uuid)) && after.length === before.length + 1;
        requireRule(RULES_ADD_KEEPS, op.operationId, kept ? true : { message: `after adding one of ${before.length} ${kind.field} the agent has ${after.length}, keeping ${before.filter((r) => after.some((a) => a.uuid === r.uuid)).length}`, part: 'published' }, answer);
        if (kind.field !== 'routing_rules') return;
        const added = after.find((a) => !before.some((r) => r.uuid === a.uuid));
        const expected = before.reduce((max, r) => Math.max(max, typeof r.priority === 'number' ? r.priority : 0), 0) + 1;
        requireRule(ROUTING_PRIORITY_DEFAULT, op.operationId, added?.priority === expected ? true : { message: `a routing rule added without priority got ${String(added?.priority)}; expected ${expected} (the highest existing + 1)`, part: 'published' }, answer);
      },
      async () => {
        const restore = original.map(({ uuid: _uuid, ...rest }) => rest);
        await client.send({ op: client.op(kind.replace), pathParams: { uuid }, json: { [kind.field]: restore } });
      },
    );
  }
}
