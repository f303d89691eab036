// Instagram unbinding over HTTP (seed "Endpoints", POST /api/v1/agents/{uuid}/channels/instagram/
// unbind: "Removes the agent's Instagram binding; the account stays connected and can be assigned
// again"; seed "Errors", Shape A "agent not found"): the agents list shows the binding gone, the
// answer reports the account still connected and bound to no agent, a second unbind is 409 and an
// unknown agent 404 Shape A.
import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeA, expectShapeB, type Json } from './campaigns-world.ts';

const unbind = (uuid: string) => `/api/v1/agents/${uuid}/channels/instagram/unbind`;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const acme = demoTenant('acme');
const globex = demoTenant('globex');
const bound = (tenant = acme) => {
  const agent = tenant.state.agents.find((a) => a.channels.instagram !== null);
  if (!agent?.channels.instagram) throw new Error(`fixture ${tenant.slug} has no Instagram binding`);
  return { agent, account: agent.channels.instagram };
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function instagramOf(harness: Harness, uuid: string, tenant = 'acme'): Promise<unknown> {
  const list = await harness.call('GET', '/api/v1/agents', { tenant });
  const items = ((list.body as Json).data as { items: Array<{ agent_uuid: string; channels: { instagram: unknown } }> }).items;
  return items.find((a) => a.agent_uuid === uuid)?.channels.instagram;
}

describe('Instagram unbind', () => {
  it('removes the binding, keeps the account connected, and a second unbind is 409', async () => {
    h = await startHarness('fetch');
    const { agent, account } = bound();
    expect(await instagramOf(h, agent.uuid)).toEqual({ account_id: account.account_id, username: account.username });
    const res = await h.call('POST', unbind(agent.uuid));
    expect(res.status, res.text).toBe(200);
    expect((res.body as Json).data).toEqual({
      agent_uuid: agent.uuid,
      channel: 'instagram',
      instagram_account: { id: account.account_id, username: account.username, connected: true, agent_uuid: null },
      unbound_at: '2026-12-01T10:30:00+01:00',
    });
    expect(await instagramOf(h, agent.uuid)).toBeNull();
    expect(expectShapeB(await h.call('POST', unbind(agent.uuid)), 409).code).toBe('CONFLICT');
  });

  it("leaves the other workspace's binding in place", async () => {
    h = await startHarness('fetch');
    expect((await h.call('POST', unbind(bound().agent.uuid))).status).toBe(200);
    const other = bound(globex);
    expect(await instagramOf(h, other.agent.uuid, 'globex')).toEqual({ account_id: other.account.account_id, username: other.account.username });
  });

  it('answers 409 for an agent with no Instagram binding, and 404 Shape A for an unknown or foreign agent', async () => {
    h = await startHarness('fetch');
    const unbound = acme.state.agents.find((a) => a.channels.instagram === null);
    expectShapeB(await h.call('POST', unbind(unbound?.uuid ?? UNKNOWN)), 409);
    expect(expectShapeA(await h.call('POST', unbind(UNKNOWN)), 404)).toMatch(/agent not found/i);
    expectShapeA(await h.call('POST', unbind(bound(globex).agent.uuid)), 404);
  });
});
