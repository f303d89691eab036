// The agents list over HTTP (published API, list-agents: `data.items[]` without a paginator, each
// agent keyed `agent_uuid` with its profile, settings, guidelines, notes, procedures and training):
// the workspace's agents ordered by name, each with its channel bindings resolved to the numbers,
// addresses and accounts they use (the contract's addition).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../mock/state/workspace.ts';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, TRANSPORTS } from '../support/harness.ts';

const AGENTS = '/api/v1/agents';
type Listed = ResponseBody<'listAgents', 200>['data'];

const byName = (agents: Agent[]) => [...agents].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

/** The published fields every listed agent carries. */
const PUBLISHED_FIELDS = [
  'agent_uuid',
  'name',
  'description',
  'company_name',
  'role',
  'objective',
  'tone',
  'behavior_guidelines',
  'company_service',
  'topic',
  'length_detail',
  'interest_of_product',
  'negative_response',
  'status',
  'custom_prompt',
  'language',
  'speed',
  'timezone',
  'appointment_scheduling_enabled',
  'appointment_scheduling_randomly',
  'custom_llm_url',
  'recommendations',
  'settings',
  'guidelines',
  'notes',
  'procedures',
  'training',
];

describe.each(TRANSPORTS)('the agents list over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());

  async function list(tenant = 'acme'): Promise<Listed> {
    const res = await h.call('GET', AGENTS, { tenant });
    expect(res.status, res.text).toBe(200);
    const body = res.json<ResponseBody<'listAgents', 200>>();
    expect(Object.keys(body.data)).toEqual(['items']);
    return body.data;
  }

  it.each(['acme', 'globex'])('lists every agent of %s only, keyed agent_uuid, ordered by name, without a paginator', async (slug) => {
    const { state } = demoTenant(slug);
    const got = await list(slug);
    expect(got.items.map((a) => a.agent_uuid)).toEqual(byName(state.agents).map((a) => a.uuid));
    expect(got.items.map((a) => a.name)).toEqual(byName(state.agents).map((a) => a.name));
    for (const item of got.items) {
      expect(item).not.toHaveProperty('uuid');
      for (const field of PUBLISHED_FIELDS) expect(item, `${item.name}: ${field}`).toHaveProperty(field);
    }
  });

  it('shows the profile, settings, guidelines, notes, procedures and training the workspace keeps', async () => {
    const { state } = demoTenant('acme');
    const got = await list();
    for (const agent of state.agents) {
      const listed = got.items.find((a) => a.agent_uuid === agent.uuid);
      expect(listed, agent.name).toMatchObject({
        description: agent.description ?? null,
        company_name: agent.company_name ?? null,
        role: agent.role ?? null,
        status: agent.status ?? null,
        language: agent.language ?? null,
        timezone: agent.timezone ?? null,
        appointment_scheduling_enabled: agent.appointment_scheduling_enabled ?? false,
        guidelines: agent.guidelines ?? [],
        notes: agent.notes ?? [],
        procedures: agent.procedures ?? [],
        training: agent.training ?? [],
      });
    }
    const reception = got.items.find((a) => a.agent_uuid === 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5');
    expect(reception?.procedures?.[0]?.steps?.map((s) => s.order)).toEqual([1, 2]);
    expect(reception?.settings).toEqual({ voice: { voice_name: 'Clara' }, text: {}, memorize: {}, evaluation: {} });
  });

  it('reads not-set fields as null and empty lists', async () => {
    const h2 = await startHarness(transport);
    try {
      const state = h2.mock.store.get('acme')?.state;
      if (!state) throw new Error('no acme');
      state.agents.push({ uuid: '0f2b8e41-6c3d-4a5e-9f70-81a2b3c4d5e6', name: 'Bare Agent', channels: { call: null, sms: null, whatsapp: null, email: null, instagram: null, messenger: null } });
      const res = await h2.call('GET', AGENTS);
      expect(res.status, res.text).toBe(200);
      const bare = res.json<ResponseBody<'listAgents', 200>>().data.items.find((a) => a.name === 'Bare Agent');
      expect(bare).toMatchObject({ description: null, custom_llm_url: null, appointment_scheduling_enabled: false, settings: { voice: {}, text: {}, memorize: {}, evaluation: {} }, guidelines: [], notes: [], procedures: [], training: [] });
    } finally {
      await h2.close();
    }
  });

  it('resolves each channel binding to its number, address or account, and null where unbound', async () => {
    const { state } = demoTenant('acme');
    const got = await list();
    for (const agent of state.agents) {
      const listed = got.items.find((a) => a.agent_uuid === agent.uuid);
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
    const everywhere = got.items.find((a) => Object.values(a.channels ?? {}).every((c) => c !== null));
    const nowhere = got.items.find((a) => Object.values(a.channels ?? {}).every((c) => c === null));
    expect(everywhere && nowhere).toBeTruthy();
  });

  it('needs agents:read', async () => {
    const res = await h.call('GET', AGENTS, { token: demoTenant('acme').readOnlyToken });
    expect(res.status).toBe(403);
    expect(res.json<ErrorB>().error.code).toBe('FORBIDDEN');
  });
});
