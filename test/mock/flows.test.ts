// Flows over HTTP (seed "Flow"; "Response envelope": "the flow read returns only `data`";
// "Endpoints", GET /api/v1/flow/{uuid}: "404 body {success:false, message, data:[]} when not
// found"): a flow is read from the workspace's state with its steps as one flat list in position
// order, branch children of an if_condition step carrying parent_step_uuid and branch_key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeA, type Json } from './campaigns-world.ts';

const path = (uuid: string) => `/api/v1/flow/${uuid}`;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const tenants = [demoTenant('acme'), demoTenant('globex')];

describe('flows', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  it.each(tenants.map((t) => [t.slug, t] as const))('reads every flow of %s with only `data`, steps in position order', async (slug, tenant) => {
    expect(tenant.state.flows.length).toBeGreaterThanOrEqual(1);
    for (const flow of tenant.state.flows) {
      const res = await h.call('GET', path(flow.uuid), { tenant: slug });
      expect(res.status, res.text).toBe(200);
      const body = res.body as Json;
      expect(Object.keys(body)).toEqual(['data']);
      const data = body.data as Json & { steps: Json[] };
      expect(data.uuid).toBe(flow.uuid);
      expect(data.name).toBe(flow.name);
      const positions = data.steps.map((s) => s.position as number);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(data.steps.map((s) => s.uuid))).toEqual(new Set(flow.steps.map((s) => s.uuid)));
    }
  });

  it.each(tenants.map((t) => [t.slug, t] as const))('gives %s a flow whose if_condition has true and false branch children', async (slug, tenant) => {
    const branched = tenant.state.flows.find((f) => f.steps.some((s) => s.kind === 'if_condition'));
    expect(branched).toBeDefined();
    const steps = ((await h.call('GET', path(branched?.uuid ?? UNKNOWN), { tenant: slug })).body as { data: { steps: Json[] } }).data.steps;
    // The fixture stores the steps out of order; the read orders them.
    expect(branched?.steps.map((s) => s.position)).not.toEqual(steps.map((s) => s.position));
    expect(steps[0]).toMatchObject({ kind: 'trigger', parent_step_uuid: null, branch_key: null });
    const condition = steps.find((s) => s.kind === 'if_condition');
    const children = steps.filter((s) => s.parent_step_uuid === condition?.uuid);
    expect(children.map((s) => s.branch_key).sort()).toEqual(['false', 'true']);
    for (const child of children) expect(child.position as number).toBeGreaterThan(condition?.position as number);
  });

  it('answers 404 Shape A for an unknown flow and for another workspace’s flow', async () => {
    expect(expectShapeA(await h.call('GET', path(UNKNOWN)), 404)).toMatch(/not found/i);
    const globexFlow = tenants[1]?.state.flows[0]?.uuid ?? UNKNOWN;
    expectShapeA(await h.call('GET', path(globexFlow)), 404);
  });
});
