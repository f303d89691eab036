// Phone numbers over HTTP (seed "Outbound call rate item", "Phone number channel snapshot",
// "Endpoints" GET /api/v1/phone-numbers/rates and /channels, "Limits": the rates page size has
// upper bound 200; published: the rates query country_code, prefix, page and per_page default 50,
// and the trunk endpoints): the rates filtered by country and destination prefix and paged with the
// seed's pagination; the channel snapshot of a workspace number by number (leading `+` optional
// there) and by uuid, with its bindings read from the workspace's agents; external numbers listed,
// registered on a channel for an agent, their trunk rows updated and reassigned by number and
// channel, each answering the snapshot, persisted and visible to the next read; another
// workspace's number is never found.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeB } from '../support/shape-b.ts';

const RATES = '/api/v1/phone-numbers/rates';
const BY_NUMBER = '/api/v1/phone-numbers/channels';
const TRUNKS = '/api/v1/phone-numbers/trunks';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';

type RatePage = ResponseBody<'listPhoneNumberRates', 200>['data'];
type Snapshot = ResponseBody<'getPhoneNumberChannels', 200>['data'];

const acme = demoTenant('acme').state;
const globex = demoTenant('globex').state;

function numberOf(ws: typeof acme, predicate: (n: (typeof acme.phone_numbers)[number]) => boolean) {
  const found = ws.phone_numbers.find(predicate);
  if (!found) throw new Error(`fixture ${ws.slug} lacks the phone number the test needs`);
  return found;
}
const acmePurchased = numberOf(acme, (n) => !n.is_external && acme.agents.some((a) => a.channels.call === n.uuid && a.channels.whatsapp?.phone_number_uuid === n.uuid));
const acmeExternal = numberOf(acme, (n) => n.is_external);
const globexExternal = numberOf(globex, (n) => n.is_external);
const unboundAcmeAgent = acme.agents.find((a) => Object.values(a.channels).every((c) => c === null));
if (!unboundAcmeAgent) throw new Error('fixture acme lacks an agent without channels');

let h: Harness;
beforeEach(async () => {
  h = await startHarness('http');
});
afterEach(() => h.close());


async function rates(query: Record<string, string>): Promise<RatePage> {
  const reply = await h.call('GET', RATES, { query });
  expect(reply.status, reply.text).toBe(200);
  const body = reply.json<{ success: boolean; data: RatePage; message?: string }>();
  expect(body).not.toHaveProperty('message');
  return body.data;
}

async function snapshot(path: string, query?: Record<string, string>, tenant = 'acme'): Promise<Snapshot> {
  const reply = await h.call('GET', path, { query, tenant });
  expect(reply.status, reply.text).toBe(200);
  return reply.json<{ data: Snapshot }>().data;
}

describe('the outbound call rates', () => {
  it('pages through a table of a few hundred rates ordered by country, then prefix, with consistent pagination', async () => {
    const first = await rates({ per_page: '200' });
    expect(first.pagination.total).toBeGreaterThanOrEqual(300);
    const all = [...first.items];
    for (let page = 2; page <= first.pagination.last_page; page++) all.push(...(await rates({ per_page: '200', page: String(page) })).items);
    expect(all).toHaveLength(first.pagination.total);
    const keys = all.map((r) => `${r.country_code}|${r.destination_prefix}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(first.pagination).toEqual({ current_page: 1, per_page: 200, total: all.length, last_page: Math.ceil(all.length / 200), from: 1, to: 200, has_more: true });
  });

  it('uses 50 per page by default and gives from, to and has_more for a middle page', async () => {
    const page = await rates({ page: '3' });
    expect(page.items).toHaveLength(50);
    expect(page.pagination).toMatchObject({ current_page: 3, per_page: 50, from: 101, to: 150, has_more: true });
  });

  it('filters by country, case-insensitively, and every rate is of that country', async () => {
    const gb = await rates({ country_code: 'gb', per_page: '200' });
    expect(gb.items.length).toBeGreaterThan(5);
    expect(gb.items.every((r) => r.country_code === 'GB' && r.country_name === 'United Kingdom')).toBe(true);
    expect(gb.pagination).toMatchObject({ total: gb.items.length, last_page: 1, has_more: false });
    const de = await rates({ country_code: 'DE', per_page: '200' });
    expect(de.items.every((r) => r.country_code === 'DE')).toBe(true);
    expect(de.pagination.total).not.toBe(gb.pagination.total);
  });

  it('filters by destination prefix as a starts-with match, combined with the country', async () => {
    const mobile = await rates({ prefix: '4917', per_page: '200' });
    expect(mobile.items.length).toBeGreaterThan(3);
    expect(mobile.items.every((r) => r.destination_prefix.startsWith('4917'))).toBe(true);
    const all = await rates({ per_page: '1' });
    expect(mobile.pagination.total).toBeLessThan(all.pagination.total);
    const northAmerica = await rates({ prefix: '1', per_page: '200' });
    expect(new Set(northAmerica.items.map((r) => r.country_code))).toEqual(new Set(['US', 'CA']));
    const canada = await rates({ prefix: '1', country_code: 'CA', per_page: '200' });
    expect(canada.items.length).toBeGreaterThan(0);
    expect(canada.items.every((r) => r.country_code === 'CA' && r.destination_prefix.startsWith('1'))).toBe(true);
  });

  it('answers an empty page with null from and to when nothing matches or the page is past the end', async () => {
    expect(await rates({ prefix: '999999' })).toEqual({ items: [], pagination: { current_page: 1, per_page: 50, total: 0, last_page: 1, from: null, to: null, has_more: false } });
    const past = await rates({ country_code: 'GB', page: '9' });
    expect(past.items).toEqual([]);
    expect(past.pagination).toMatchObject({ current_page: 9, from: null, to: null, has_more: false });
  });

  it('reads a prefix with a leading + as its digits', async () => {
    expect(await rates({ prefix: '+4917', per_page: '200' })).toEqual(await rates({ prefix: '4917', per_page: '200' }));
  });

  it('refuses a page size above 200, a country that is not 2 letters and a prefix that is not digits', async () => {
    expectShapeB(await h.call('GET', RATES, { query: { per_page: '201' } }), 422, 'VALIDATION_ERROR', 'per_page');
    expect((await h.call('GET', RATES, { query: { per_page: '200' } })).status).toBe(200);
    expect((await h.call('GET', RATES, { query: { country_code: 'DEU' } })).status).toBe(422);
    expect((await h.call('GET', RATES, { query: { prefix: '49-17' } })).status).toBe(422);
  });
});

describe('the channel snapshot', () => {
  it('finds a number with or without its leading +, with its bindings from the workspace agents', async () => {
    const withPlus = await snapshot(BY_NUMBER, { number: acmePurchased.number });
    const withoutPlus = await snapshot(BY_NUMBER, { number: acmePurchased.number.slice(1) });
    expect(withoutPlus).toEqual(withPlus);
    const agent = acme.agents.find((a) => a.channels.call === acmePurchased.uuid);
    expect(withPlus).toMatchObject({ phone_number_uuid: acmePurchased.uuid, number: acmePurchased.number, is_external: false, source: 'purchased' });
    expect(withPlus.channels.call).toEqual({ ...acmePurchased.call, bound: true, agent_uuid: agent?.uuid, agent_name: agent?.name });
    expect(withPlus.channels.whatsapp).toEqual({ bound: true, agent_uuid: agent?.uuid, agent_name: agent?.name });
    expect(withPlus.channels.inbound).toEqual(acmePurchased.inbound);
  });

  it('gives the same snapshot by uuid, and marks a number bought elsewhere as external', async () => {
    const byUuid = await snapshot(`/api/v1/phone-numbers/${acmeExternal.uuid}/channels`);
    expect(byUuid).toEqual(await snapshot(BY_NUMBER, { number: acmeExternal.number }));
    expect(byUuid).toMatchObject({ phone_number_uuid: acmeExternal.uuid, is_external: true, source: 'external' });
    expect(byUuid.channels.sms.capable).toBe(false);
    expect(byUuid.channels.whatsapp.bound).toBe(false);
  });

  it("never finds another workspace's number, by number or by uuid, nor an unknown one", async () => {
    expect((await h.call('GET', BY_NUMBER, { query: { number: globexExternal.number }, tenant: 'globex' })).status).toBe(200);
    expectShapeB(await h.call('GET', BY_NUMBER, { query: { number: globexExternal.number } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', `/api/v1/phone-numbers/${globexExternal.uuid}/channels`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', `/api/v1/phone-numbers/${UNKNOWN}/channels`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', BY_NUMBER, { query: { number: '+4930000000000' } }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('refuses a number that is not E.164', async () => {
    expectShapeB(await h.call('GET', BY_NUMBER, { query: { number: '030-568370912' } }), 422, 'INVALID_FORMAT', 'number');
    expectShapeB(await h.call('GET', '/api/v1/phone-numbers/not-a-uuid/channels'), 422, 'INVALID_UUID');
  });
});


describe('external numbers (BYO numbers on trunk rows)', () => {
  type TrunkList = ResponseBody<'listPhoneNumberTrunks', 200>['data'];
  const faq = unboundAcmeAgent;
  const MUNICH = {
    phone_number: '+4989555123400',
    agent_uuid: faq.uuid,
    channel: 'call',
    name: 'Munich office main line',
    direction: 'both',
    sip: { gateway: 'sip.acme-telecom.example', port: 5060, username: 'acme-munich', password: 'Tr7!kq2vLw9xZp', secondary_gateway: 'sip2.acme-telecom.example' },
    additional_settings: { ani_format: 'e164' },
  };

  async function register(body: Record<string, unknown> = MUNICH): Promise<Snapshot> {
    const reply = await h.call('POST', TRUNKS, { json: body });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.text).not.toContain('Tr7!kq2vLw9xZp');
    return reply.json<{ data: Snapshot }>().data;
  }

  async function trunks(tenant = 'acme'): Promise<TrunkList> {
    const reply = await h.call('GET', TRUNKS, { tenant });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json<Record<string, unknown>>()).not.toHaveProperty('message');
    return reply.json<{ data: TrunkList }>().data;
  }

  /** The stored trunk rows of a number, read from the control API's snapshot. */
  async function storedRows(number: string): Promise<unknown> {
    const snap = (await h.control('GET', '/snapshot?secrets=true')).json<{ workspaces: Array<{ state: { slug: string; phone_numbers: Array<{ number: string; trunks?: unknown }> } }> }>();
    return snap.workspaces.find((w) => w.state.slug === 'acme')?.state.phone_numbers.find((n) => n.number === number)?.trunks;
  }

  it('lists only the external numbers, with capabilities, channel settings, no fee and the bound agents', async () => {
    const list = await trunks();
    expect(list.items.map((i) => i.phone_number_uuid)).toEqual([acmeExternal.uuid]);
    const agent = acme.agents.find((a) => a.channels.call === acmeExternal.uuid);
    expect(list.items[0]).toMatchObject({
      number: acmeExternal.number,
      country_code: 'DE',
      location: 'Hamburg',
      type: 'local',
      is_external: true,
      source: 'external',
      status: 'active',
      capabilities: { voice: true, sms: false },
      channel_settings: { voice: { enabled: true, channel_limit: acmeExternal.call.channel_limit, whitelisted_destinations: acmeExternal.call.whitelisted_destinations }, inbound: acmeExternal.inbound },
      billing: { monthly_fee: 0 },
      bindings: { call: { bound: true, agent_uuid: agent?.uuid, agent_name: agent?.name }, sms: { bound: false }, whatsapp: { bound: false } },
    });
    expect(list.pagination).toEqual({ current_page: 1, per_page: 50, total: 1, last_page: 1, from: 1, to: 1, has_more: false });
    expect(JSON.stringify(list)).not.toMatch(/password|Hh-trunk/);
    expect((await trunks('globex')).items.map((i) => i.phone_number_uuid)).toEqual([globexExternal.uuid]);
  });

  it('registers a number on the call channel for an agent: external, bound, listed and stored with what was sent', async () => {
    const created = await register();
    expect(created).toMatchObject({ number: MUNICH.phone_number, is_external: true, source: 'external' });
    expect(created.channels.call).toEqual({ capable: true, enabled: true, channel_limit: 1, whitelisted_destinations: ['DE'], bound: true, agent_uuid: faq.uuid, agent_name: faq.name });
    expect(created.channels.sms).toMatchObject({ capable: false, enabled: false, bound: false });
    expect(created.channels.inbound).toEqual({ enabled: true, channel_limit: 1 });
    expect(await snapshot(`/api/v1/phone-numbers/${created.phone_number_uuid}/channels`)).toEqual(created);
    expect(await snapshot(BY_NUMBER, { number: '4989555123400' })).toEqual(created);
    expect((await trunks()).items.map((i) => i.number)).toEqual([acmeExternal.number, MUNICH.phone_number].sort());
    expect(await storedRows(MUNICH.phone_number)).toEqual([{ channel: 'call', name: MUNICH.name, direction: 'both', sip: MUNICH.sip, additional_settings: MUNICH.additional_settings }]);
    expectShapeB(await h.call('GET', BY_NUMBER, { query: { number: MUNICH.phone_number }, tenant: 'globex' }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('names a row {channel}_trunk_{digits} by default, and an outbound-only call row refuses inbound calls', async () => {
    const created = await register({ phone_number: '+33142685300', agent_uuid: faq.uuid, channel: 'call', direction: 'outbound' });
    expect(created.number).toBe('+33142685300');
    expect(created.channels.call).toMatchObject({ channel_limit: 1, whitelisted_destinations: ['FR'] });
    expect(created.channels.inbound).toEqual({ enabled: false, channel_limit: 1 });
    expect(await storedRows('+33142685300')).toEqual([{ channel: 'call', name: 'call_trunk_33142685300', direction: 'outbound', sip: {}, additional_settings: {} }]);
  });

  it('registers the same number on WhatsApp as a second row of that number', async () => {
    const whatsapp = await register({ phone_number: acmeExternal.number, agent_uuid: faq.uuid, channel: 'whatsapp', additional_settings: { waba_id: '118273645500' } });
    expect(whatsapp.phone_number_uuid).toBe(acmeExternal.uuid);
    expect(whatsapp.channels.whatsapp).toEqual({ bound: true, agent_uuid: faq.uuid, agent_name: faq.name });
    expect(whatsapp.channels.call.bound).toBe(true);
    const agents = (await h.call('GET', '/api/v1/agents', { query: { per_page: '100' } })).json<{ data: { items: Array<{ agent_uuid: string; channels: { whatsapp: { phone_number_uuid: string; waba_id: string } | null } }> } }>().data.items;
    expect(agents.find((a) => a.agent_uuid === faq.uuid)?.channels.whatsapp).toMatchObject({ phone_number_uuid: acmeExternal.uuid, waba_id: '118273645500' });
  });

  it('refuses a purchased number, a number already on that channel, an agent serving another number there, SMS and an unknown agent', async () => {
    const busy = acme.agents.find((a) => a.channels.call !== null && a.channels.call !== acmeExternal.uuid);
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...MUNICH, phone_number: acmePurchased.number } }), 409, 'CONFLICT');
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...MUNICH, phone_number: acmeExternal.number } }), 409, 'CONFLICT');
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...MUNICH, agent_uuid: busy?.uuid } }), 409, 'CONFLICT');
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...MUNICH, channel: 'sms' } }), 422, 'VALIDATION_ERROR', 'channel');
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...MUNICH, agent_uuid: globex.agents[0]?.uuid ?? UNKNOWN } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...MUNICH, direction: 'sideways' } }), 422, 'VALIDATION_ERROR', 'direction');
    expect((await trunks()).items).toHaveLength(1);
  });

  it('updates a row found by number and channel: only the fields sent, SIP keys merged, empty strings clearing them', async () => {
    await register();
    const reply = await h.call('PATCH', TRUNKS, { json: { phone_number: '+4989555123400', channel: 'call', name: 'Munich outbound', direction: 'outbound', sip: { password: 'n3w-Pa55', secondary_gateway: '' } } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.text).not.toContain('n3w-Pa55');
    const updated = reply.json<{ data: Snapshot }>().data;
    expect(updated.channels.inbound).toEqual({ enabled: false, channel_limit: 1 });
    expect(updated.channels.call).toMatchObject({ bound: true, agent_uuid: faq.uuid });
    const { secondary_gateway: _cleared, ...kept } = MUNICH.sip;
    expect(await storedRows(MUNICH.phone_number)).toEqual([
      { channel: 'call', name: 'Munich outbound', direction: 'outbound', sip: { ...kept, password: 'n3w-Pa55' }, additional_settings: MUNICH.additional_settings },
    ]);
    await h.call('PATCH', TRUNKS, { json: { phone_number: MUNICH.phone_number, channel: 'call', additional_settings: {} } });
    expect(await storedRows(MUNICH.phone_number)).toMatchObject([{ name: 'Munich outbound', additional_settings: {} }]);
    expect((await snapshot(`/api/v1/phone-numbers/${updated.phone_number_uuid}/channels`)).channels.inbound.enabled).toBe(false);
  });

  it('finds only trunk rows of this workspace to update or assign', async () => {
    const body = (number: string, channel = 'call') => ({ json: { phone_number: number, channel, agent_uuid: faq.uuid } });
    expectShapeB(await h.call('PATCH', TRUNKS, { json: { phone_number: acmePurchased.number, channel: 'call' } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PATCH', TRUNKS, { json: { phone_number: globexExternal.number, channel: 'call' } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PATCH', TRUNKS, { json: { phone_number: acmeExternal.number, channel: 'whatsapp' } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `${TRUNKS}/assign`, body(acmePurchased.number)), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `${TRUNKS}/assign`, body(globexExternal.number)), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `${TRUNKS}/assign`, body(acmeExternal.number, 'whatsapp')), 404, 'RESOURCE_NOT_FOUND');
    expect((await h.call('PATCH', TRUNKS, { json: { phone_number: acmeExternal.number, channel: 'call' } })).status).toBe(200);
  });

  it('reassigns a row to another agent, releasing the agent that had it, and keeps the number and its settings', async () => {
    const previous = acme.agents.find((a) => a.channels.call === acmeExternal.uuid);
    expect(previous).toBeDefined();
    const reply = await h.call('PUT', `${TRUNKS}/assign`, { json: { phone_number: acmeExternal.number, channel: 'call', agent_uuid: faq.uuid } });
    expect(reply.status, reply.text).toBe(200);
    const assigned = reply.json<{ data: Snapshot }>().data;
    expect(assigned.phone_number_uuid).toBe(acmeExternal.uuid);
    expect(assigned.channels.call).toEqual({ ...acmeExternal.call, bound: true, agent_uuid: faq.uuid, agent_name: faq.name });
    const agents = (await h.call('GET', '/api/v1/agents', { query: { per_page: '100' } })).json<{ data: { items: Array<{ agent_uuid: string; channels: { call: { phone_number_uuid: string } | null } }> } }>().data.items;
    expect(agents.find((a) => a.agent_uuid === faq.uuid)?.channels.call?.phone_number_uuid).toBe(acmeExternal.uuid);
    expect(agents.find((a) => a.agent_uuid === previous?.uuid)?.channels.call).toBeNull();
    expect((await trunks()).items[0]?.bindings.call).toEqual({ bound: true, agent_uuid: faq.uuid, agent_name: faq.name });
  });

  it('refuses an assignment to an agent of another workspace, and one without an agent', async () => {
    const globexAgent = globex.agents[0]?.uuid ?? UNKNOWN;
    expectShapeB(await h.call('PUT', `${TRUNKS}/assign`, { json: { phone_number: acmeExternal.number, channel: 'call', agent_uuid: globexAgent } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `${TRUNKS}/assign`, { json: { phone_number: acmeExternal.number, channel: 'call' } }), 422, 'VALIDATION_ERROR', 'agent_uuid');
    expect((await snapshot(`/api/v1/phone-numbers/${acmeExternal.uuid}/channels`)).channels.call.agent_uuid).toBe(acme.agents.find((a) => a.channels.call === acmeExternal.uuid)?.uuid);
  });
});
