// The agents list over HTTP (published API "Lists and paging": "The agents list answers
// `data.items[]`", with page and per_page): the workspace's agents ordered by name, each with its
// channel bindings resolved to the numbers, addresses and accounts they use; paged with the
// pagination object the contract designs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../mock/state/workspace.ts';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, TRANSPORTS } from '../support/harness.ts';

const AGENTS = '/api/v1/agents';
type Listed = ResponseBody<'listAgents', 200>['data'];

const byName = (agents: Agent[]) => [...agents].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

describe.each(TRANSPORTS)('the agents list over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());

  async function list(query: Record<string, string> = {}, tenant = 'acme'): Promise<Listed> {
    const res = await h.call('GET', AGENTS, { query, tenant });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listAgents', 200>>().data;
  }

  it.each(['acme', 'globex'])('lists the agents of %s only, ordered by name, 15 per page by default', async (slug) => {
    const { state } = demoTenant(slug);
    const got = await list({}, slug);
    expect(got.items.map((a) => a.uuid)).toEqual(byName(state.agents).map((a) => a.uuid));
    expect(got.items.map((a) => a.name)).toEqual(byName(state.agents).map((a) => a.name));
    expect(got.pagination).toEqual({ page: 1, per_page: 15, total: state.agents.length, total_pages: 1 });
  });

  it('resolves each channel binding to its number, address or account, and null where unbound', async () => {
    const { state } = demoTenant('acme');
    const got = await list();
    for (const agent of state.agents) {
      const listed = got.items.find((a) => a.uuid === agent.uuid);
      const number = (uuid: string | null) => {
        const found = state.phone_numbers.find((n) => n.uuid === uuid);
        return found ? { phone_number_uuid: found.uuid, number: found.number } : null;
      };
      const { call, sms, whatsapp, email, instagram, messenger } = agent.channels;
      const address = state.email_addresses.find((a) => a.uuid === email);
      expect(listed?.channels, agent.name).toEqual({
        call: number(call),
        sms: number(sms),
        whatsapp: whatsapp ? { ...number(whatsapp.phone_number_uuid), waba_id: whatsapp.waba_id } : null,
        email: address ? { email_address_uuid: address.uuid, address: address.address } : null,
        instagram: instagram ? { account_id: instagram.account_id, username: instagram.username } : null,
        messenger: messenger ? { page_id: messenger.page_id, name: messenger.name } : null,
      });
    }
    const everywhere = got.items.find((a) => Object.values(a.channels).every((c) => c !== null));
    const nowhere = got.items.find((a) => Object.values(a.channels).every((c) => c === null));
    expect(everywhere && nowhere).toBeTruthy();
  });

  it('pages with page and per_page', async () => {
    const everything = (await list()).items;
    const first = await list({ per_page: '3' });
    const second = await list({ per_page: '3', page: '2' });
    expect(first.pagination).toEqual({ page: 1, per_page: 3, total: everything.length, total_pages: Math.ceil(everything.length / 3) });
    expect(second.pagination.page).toBe(2);
    expect([...first.items, ...second.items]).toEqual(everything);
    expect((await list({ per_page: '3', page: '9' })).items).toEqual([]);
  });

  it('rejects a page size over 100 and a page below 1 with 422 naming the parameter', async () => {
    for (const [query, field] of [
      [{ per_page: '101' }, 'per_page'],
      [{ page: '0' }, 'page'],
    ] as const) {
      const res = await h.call('GET', AGENTS, { query });
      expect(res.status, res.text).toBe(422);
      expect(res.json<ErrorB>().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });

  it('needs agents:read', async () => {
    const res = await h.call('GET', AGENTS, { token: demoTenant('acme').readOnlyToken });
    expect(res.status).toBe(403);
    expect(res.json<ErrorB>().error.code).toBe('FORBIDDEN');
  });
});
