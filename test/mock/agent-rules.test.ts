// Agent guard and routing rules over HTTP (published: add one keeps the others, replace all, change
// one, delete one; answers the agent data-only `{data}` with its inferred `guard_rules` and
// `routing_rules`): a guard's `forward` needs a destination, a routing rule's `trigger_keyword` is
// required for `exact`/`both`, a routing rule's default priority is the highest existing + 1; 404 in
// Shape A for an unknown agent or rule; bad input 422 with nothing written; and the faults that
// break these rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';

const acme = demoTenant('acme');
const found = acme.state.agents.find((a) => (a.guard_rules ?? []).length > 0);
if (!found) throw new Error('fixture acme has no agent with guard rules');
const agent = found;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
type Rule = { uuid: string; priority?: number; is_active?: boolean; [k: string]: unknown };
type AgentBody = { data: { guard_rules: Rule[]; routing_rules: Rule[] } };

describe.each(TRANSPORTS)('agent rules over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('PUT', '/faults', { faults: [] });
    h.mock.store.load(h.mock.fixtures);
  });

  const base = (kind: string, id = agent.uuid) => `/api/v1/agents/${id}/${kind}`;
  async function send(method: string, path: string, json?: unknown, status = 200): Promise<AgentBody> {
    const res = await h.call(method, path, json === undefined ? {} : { json });
    expect(res.status, res.text).toBe(status);
    return res.json<AgentBody>();
  }
  async function rules(): Promise<AgentBody['data']> {
    const res = await h.call('GET', '/api/v1/agents');
    const found = res.json<{ data: { items: Array<AgentBody['data'] & { agent_uuid: string }> } }>().data.items.find((a) => a.agent_uuid === agent.uuid);
    if (!found) throw new Error('agent missing from the list');
    return found;
  }
  const guard = { when_condition: 'Customer asks for a refund above 500 EUR.', then_action: 'forward', destination_type: 'extension', destination: '250' };

  it('adds one guard rule and keeps the others, with published defaults', async () => {
    const before = (await rules()).guard_rules;
    const body = await send('POST', base('guard-rules'), guard);
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.guard_rules.map((r) => r.uuid).slice(0, before.length)).toEqual(before.map((r) => r.uuid));
    const added = body.data.guard_rules.at(-1);
    expect(added).toMatchObject({ ...guard, selected_channels: ['phone'], is_active: true, is_default: false });
    expect((await rules()).guard_rules).toHaveLength(before.length + 1);
  });

  it('replaces all rules, changes one and deletes one', async () => {
    const put = await send('PUT', base('guard-rules'), { guard_rules: [guard] });
    expect(put.data.guard_rules).toHaveLength(1);
    const uuid = put.data.guard_rules[0]?.uuid as string;
    const patched = await send('PATCH', `${base('guard-rules')}/${uuid}`, { is_active: false });
    expect(patched.data.guard_rules[0]).toMatchObject({ ...guard, is_active: false });
    expect((await send('DELETE', `${base('guard-rules')}/${uuid}`)).data.guard_rules).toEqual([]);
    expect((await send('PUT', base('routing-rules'), { routing_rules: [{ ai_prompt: 'a' }, { ai_prompt: 'b' }] })).data.routing_rules.map((r) => r.priority)).toEqual([1, 2]);
  });

  it('gives a routing rule without priority the highest existing priority + 1', async () => {
    const before = (await rules()).routing_rules;
    const max = Math.max(...before.map((r) => r.priority ?? 0));
    await send('PATCH', `${base('routing-rules')}/${before[0]?.uuid}`, { priority: max + 5 });
    const body = await send('POST', base('routing-rules'), { detection_mode: 'intent', ai_prompt: 'Billing questions' });
    expect(body.data.routing_rules.map((r) => r.priority)).toContain(max + 6);
    expect(body.data.routing_rules).toHaveLength(before.length + 1);
  });

  it('refuses bad rules with 422 and writes nothing', async () => {
    const before = await rules();
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', base('routing-rules'), { detection_mode: 'exact', department_name: 'Sales' }, 'detection_mode'],
      ['POST', base('routing-rules'), { detection_mode: 'both', trigger_keyword: ' ' }, 'trigger_keyword'],
      ['POST', base('guard-rules'), { when_condition: 'x', then_action: 'forward' }, 'then_action'],
      ['POST', base('guard-rules'), { when_condition: 'x', then_action: 'forward', destination_type: 'extension' }, 'destination_type'],
      ['POST', base('guard-rules'), { when_condition: 'x', then_action: 'forward', destination_type: 'agent', destination_agent_uuid: UNKNOWN }, 'destination_agent_uuid'],
      ['PUT', base('guard-rules'), { guard_rules: [guard, { when_condition: 'x', then_action: 'forward' }] }, 'guard_rules[1].then_action'],
      ['PATCH', `${base('routing-rules')}/${before.routing_rules.find((r) => r.detection_mode === 'intent')?.uuid}`, { detection_mode: 'exact' }, 'detection_mode'],
    ];
    for (const [method, path, json, field] of cases) {
      const res = await h.call(method, path, { json });
      expect(res.status, `${method} ${path} ${res.text}`).toBe(422);
      expect(res.json<{ error: { field?: string } }>().error.field).toBe(field);
    }
    expect(await rules()).toEqual(before);
    expect((await h.call('POST', base('guard-rules'), { json: { then_action: 'forward' } })).status).toBe(422);
  });

  it('answers 404 in Shape A for an unknown agent or rule', async () => {
    for (const res of [await h.call('POST', base('guard-rules', UNKNOWN), { json: guard }), await h.call('DELETE', `${base('routing-rules')}/${UNKNOWN}`), await h.call('PATCH', `${base('guard-rules')}/${UNKNOWN}`, { json: { is_active: false } })]) {
      expect(res.status).toBe(404);
      expect(res.json<{ success: boolean; data: unknown }>()).toMatchObject({ success: false, data: [] });
    }
  });

  it('fault agent-rules-add-replaces-all: adding one drops the others', async () => {
    await h.control('PUT', '/faults', { faults: ['agent-rules-add-replaces-all'] });
    expect((await send('POST', base('guard-rules'), guard)).data.guard_rules).toHaveLength(1);
  });

  it('fault routing-priority-default-wrong: a new rule gets priority 1', async () => {
    await h.control('PUT', '/faults', { faults: ['routing-priority-default-wrong'] });
    const body = await send('POST', base('routing-rules'), { ai_prompt: 'Billing' });
    expect(body.data.routing_rules.filter((r) => r.priority === 1)).toHaveLength(2);
  });
});
