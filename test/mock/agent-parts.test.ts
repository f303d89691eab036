// Agent parts over HTTP (published: add one guideline, note or procedure; replace all guidelines
// or training rows; update one procedure (steps replaced when sent) or training row; delete one
// procedure; the other paths designed in the same family): every operation answers the agent,
// data-only `{data: Agent}`. Add-one keeps the other parts while replace-all replaces the set; an
// absent `order` goes to the end of the list; steps are answered in ascending `order` and kept when
// an update does not send them; an unknown agent or part is 404 in Shape A; bad input is 422 and
// changes nothing. The four kinds run through one table, as the mock declares them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorA, ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';

const acme = demoTenant('acme');
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const agent = acme.state.agents[0];
if (!agent) throw new Error('fixture acme has no agent');
const AGENT = agent.uuid;

type AgentAnswer = ResponseBody<'addAgentGuideline', 200>['data'];
type Field = 'guidelines' | 'notes' | 'procedures' | 'training';

/** Each kind: its path segment, a valid add body (twice different), an update body and what it changes. */
const KINDS: Array<{ field: Field; add: (n: number) => Record<string, unknown>; update: Record<string, unknown>; bad: Record<string, unknown> }> = [
  { field: 'guidelines', add: (n) => ({ content: `Guideline ${n}` }), update: { content: 'Changed guideline' }, bad: { content: '' } },
  { field: 'notes', add: (n) => ({ content: `Note ${n}` }), update: { content: 'Changed note' }, bad: { order: -1, content: 'x' } },
  { field: 'procedures', add: (n) => ({ name: `Procedure ${n}` }), update: { name: 'Changed procedure' }, bad: { description: 'no name' } },
  { field: 'training', add: (n) => ({ content: `Question ${n}`, response: `Answer ${n}` }), update: { response: 'Changed answer' }, bad: { content: 'no response' } },
];

describe.each(TRANSPORTS)('agent parts over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    h.mock.store.load(h.mock.fixtures);
    expect((await h.control('PUT', '/faults', { faults: [] })).status).toBe(200);
  });

  async function send(method: string, path: string, json?: unknown): Promise<AgentAnswer> {
    const res = await h.call(method, `/api/v1/agents/${AGENT}/${path}`, json === undefined ? {} : { json });
    expect(res.status, res.text).toBe(200);
    const body = res.json<{ data: AgentAnswer }>();
    expect(Object.keys(body)).toEqual(['data']);
    return body.data;
  }

  async function read(): Promise<AgentAnswer> {
    const res = await h.call('GET', '/api/v1/agents');
    return (res.json<ResponseBody<'listAgents', 200>>().data.items.find((a) => a.agent_uuid === AGENT) as AgentAnswer);
  }

  describe.each(KINDS)('$field', ({ field, add, update, bad }) => {
    it('add-one keeps the other rows, replace-all replaces the set, update and delete change one row', async () => {
      const before = (await read())[field] ?? [];
      const added = await send('POST', field, add(1));
      const rows = added[field] ?? [];
      expect(rows.length).toBe(before.length + 1);
      for (const old of before) expect(rows.map((r) => r.uuid)).toContain(old.uuid);
      const fresh = rows.find((r) => !before.some((b) => b.uuid === r.uuid));
      if (!fresh) throw new Error('the added row is not listed');

      const updated = await send('PATCH', `${field}/${fresh.uuid}`, update);
      const changed = (updated[field] ?? []).find((r) => r.uuid === fresh.uuid);
      expect(changed).toMatchObject(update);
      expect((updated[field] ?? []).length).toBe(rows.length);

      const deleted = await send('DELETE', `${field}/${fresh.uuid}`);
      expect((deleted[field] ?? []).map((r) => r.uuid)).toEqual(before.map((r) => r.uuid));

      const replaced = await send('PUT', field, { [field]: [add(2), add(3)] });
      const set = replaced[field] ?? [];
      expect(set).toHaveLength(2);
      for (const old of before) expect(set.map((r) => r.uuid)).not.toContain(old.uuid);
      expect((await read())[field]).toEqual(set);

      expect((await send('PUT', field, { [field]: [] }))[field]).toEqual([]);
    });

    it('an unknown agent or row is 404 in Shape A; bad input is 422 and changes nothing', async () => {
      const before = await read();
      const noAgent = await h.call('POST', `/api/v1/agents/${UNKNOWN}/${field}`, { json: add(1) });
      expect(noAgent.status).toBe(404);
      expect(noAgent.json<ErrorA>()).toMatchObject({ success: false, data: [] });
      for (const method of ['PATCH', 'DELETE']) {
        const noRow = await h.call(method, `/api/v1/agents/${AGENT}/${field}/${UNKNOWN}`, method === 'PATCH' ? { json: update } : {});
        expect(noRow.status, noRow.text).toBe(404);
        expect(noRow.json<ErrorA>()).toMatchObject({ success: false, data: [] });
      }
      expect((await h.call('POST', `/api/v1/agents/${AGENT}/${field}`, { json: bad })).status).toBe(422);
      expect((await h.call('PUT', `/api/v1/agents/${AGENT}/${field}`, { json: { [field]: [add(1), bad] } })).status).toBe(422);
      expect((await h.call('PUT', `/api/v1/agents/${AGENT}/${field}`, { json: {} })).status).toBe(422);
      expect(await read()).toEqual(before);
    });
  });

  it('an absent order goes to the end of the list, and guidelines are answered in ascending order', async () => {
    await send('PUT', 'guidelines', { guidelines: [{ content: 'b', order: 5 }, { content: 'a', order: 2 }, { content: 'c' }] });
    const after = await send('POST', 'guidelines', { content: 'd' });
    expect(after.guidelines?.map((g) => [g.content, g.order])).toEqual([
      ['a', 2],
      ['b', 5],
      ['c', 6],
      ['d', 7],
    ]);
    const first = await send('PUT', 'notes', { notes: [{ content: 'only' }] });
    expect(first.notes?.map((n) => n.order)).toEqual([0]);
  });

  it("a procedure's steps are answered in ascending order, replaced when an update sends them and kept when it does not", async () => {
    const steps = [
      { order: 3, description: 'third' },
      { order: 1, description: 'first', intent_uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a' },
      { description: 'last' },
    ];
    const added = await send('POST', 'procedures', { name: 'Ordered', steps });
    const procedure = added.procedures?.find((p) => p.name === 'Ordered');
    if (!procedure) throw new Error('the procedure is not listed');
    expect(procedure.steps.map((s) => [s.order, s.description, s.intent_uuid])).toEqual([
      [1, 'first', '3c90c3cc-0d44-4b50-8888-8dd25736052a'],
      [3, 'third', null],
      [4, 'last', null],
    ]);
    const renamed = await send('PATCH', `procedures/${procedure.uuid}`, { name: 'Renamed' });
    expect(renamed.procedures?.find((p) => p.uuid === procedure.uuid)).toMatchObject({ name: 'Renamed', steps: procedure.steps });
    const restepped = await send('PATCH', `procedures/${procedure.uuid}`, { steps: [{ order: 2, description: 'b' }, { order: 1, description: 'a' }] });
    expect(restepped.procedures?.find((p) => p.uuid === procedure.uuid)?.steps.map((s) => s.description)).toEqual(['a', 'b']);
    const cleared = await send('PATCH', `procedures/${procedure.uuid}`, { steps: [] });
    expect(cleared.procedures?.find((p) => p.uuid === procedure.uuid)?.steps).toEqual([]);
  });

  it('the faults break the rules: add-one replaces all, steps stay unordered', async () => {
    expect((await h.control('PUT', '/faults', { faults: ['parts-add-replaces-all', 'procedure-steps-unordered'] })).status).toBe(200);
    const added = await send('POST', 'guidelines', { content: 'alone' });
    expect(added.guidelines?.map((g) => g.content)).toEqual(['alone']);
    const procedures = await send('PUT', 'procedures', { procedures: [{ name: 'P', steps: [{ order: 2, description: 'b' }, { order: 1, description: 'a' }] }] });
    expect(procedures.procedures?.[0]?.steps.map((s) => s.order)).toEqual([2, 1]);
  });
});
