// Phone numbers over HTTP (seed "Outbound call rate item", "Phone number channel snapshot",
// "Endpoints" GET /api/v1/phone-numbers/rates and /channels, "Limits": the rates page size has
// upper bound 200): the rates filtered by country and destination prefix and paged with the seed's
// pagination; the channel snapshot of a workspace number by number (leading `+` optional there)
// and by uuid, with its bindings read from the workspace's agents; external numbers on the
// customer's SIP trunk registered, updated and assigned, each answering the snapshot, persisted and
// visible to the next read; another workspace's number is never found.
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

  it('uses 15 per page by default and gives from, to and has_more for a middle page', async () => {
    const page = await rates({ page: '3' });
    expect(page.items).toHaveLength(15);
    expect(page.pagination).toMatchObject({ current_page: 3, per_page: 15, from: 31, to: 45, has_more: true });
  });

  it('filters by country, case-insensitively, and every rate is of that country', async () => {
    const gb = await rates({ country: 'gb', per_page: '200' });
    expect(gb.items.length).toBeGreaterThan(5);
    expect(gb.items.every((r) => r.country_code === 'GB' && r.country_name === 'United Kingdom')).toBe(true);
    expect(gb.pagination).toMatchObject({ total: gb.items.length, last_page: 1, has_more: false });
    const de = await rates({ country: 'DE', per_page: '200' });
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
    const canada = await rates({ prefix: '1', country: 'CA', per_page: '200' });
    expect(canada.items.length).toBeGreaterThan(0);
    expect(canada.items.every((r) => r.country_code === 'CA' && r.destination_prefix.startsWith('1'))).toBe(true);
  });

  it('answers an empty page with null from and to when nothing matches or the page is past the end', async () => {
    expect(await rates({ prefix: '999999' })).toEqual({ items: [], pagination: { current_page: 1, per_page: 15, total: 0, last_page: 1, from: null, to: null, has_more: false } });
    const past = await rates({ country: 'GB', page: '9' });
    expect(past.items).toEqual([]);
    expect(past.pagination).toMatchObject({ current_page: 9, from: null, to: null, has_more: false });
  });

  it('refuses a page size above 200, a country that is not 2 letters and a prefix with a +', async () => {
    expectShapeB(await h.call('GET', RATES, { query: { per_page: '201' } }), 422, 'VALIDATION_ERROR', 'per_page');
    expect((await h.call('GET', RATES, { query: { per_page: '200' } })).status).toBe(200);
    expect((await h.call('GET', RATES, { query: { country: 'DEU' } })).status).toBe(422);
    expect((await h.call('GET', RATES, { query: { prefix: '+49' } })).status).toBe(422);
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
    expect(byUuid).toMatchObject({ phone_number_uuid: acmeExternal.uuid, is_external: true, source: 'sip_trunk' });
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

describe('external numbers on the customer SIP trunk', () => {
  const LONDON = { number: '+442071838750', label: 'London office', sip_uri: 'sip:trunk.lon1.example:5061', transport: 'tls', username: 'acme-ai', password: 'Tr7!kq2vLw9xZp', channel_limit: 10, whitelisted_destinations: ['GB', 'IE'] };

  async function register(body: Record<string, unknown> = LONDON): Promise<Snapshot> {
    const reply = await h.call('POST', TRUNKS, { json: body });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.text).not.toContain('Tr7!kq2vLw9xZp');
    return reply.json<{ data: Snapshot }>().data;
  }

  it('registers a number as external, call-capable, SMS-incapable and unbound, visible to the next read of this workspace only', async () => {
    const created = await register();
    expect(created).toMatchObject({ number: LONDON.number, is_external: true, source: 'sip_trunk' });
    expect(created.channels.call).toEqual({ capable: true, enabled: true, channel_limit: 10, whitelisted_destinations: ['GB', 'IE'], bound: false, agent_uuid: null, agent_name: null });
    expect(created.channels.sms).toMatchObject({ capable: false, enabled: false, bound: false });
    expect(created.channels.inbound).toEqual({ enabled: true, channel_limit: 10 });
    expect(await snapshot(`/api/v1/phone-numbers/${created.phone_number_uuid}/channels`)).toEqual(created);
    expect(await snapshot(BY_NUMBER, { number: '442071838750' })).toEqual(created);
    expectShapeB(await h.call('GET', BY_NUMBER, { query: { number: LONDON.number }, tenant: 'globex' }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('defaults the channel limit to 1 and the destinations to the country of the number', async () => {
    const created = await register({ number: '33142685300', sip_uri: 'sip:pbx.paris.example' });
    expect(created.number).toBe('+33142685300');
    expect(created.channels.call).toMatchObject({ channel_limit: 1, whitelisted_destinations: ['FR'] });
    expect(created.channels.inbound).toEqual({ enabled: true, channel_limit: 1 });
  });

  it('refuses a number the workspace already has, with or without its +', async () => {
    expectShapeB(await h.call('POST', TRUNKS, { json: { number: acmePurchased.number.slice(1), sip_uri: 'sip:pbx.example' } }), 409, 'CONFLICT');
    await register();
    expectShapeB(await h.call('POST', TRUNKS, { json: { ...LONDON } }), 409, 'CONFLICT');
  });

  it('updates only the fields sent, persists them and answers the snapshot', async () => {
    const created = await register();
    const reply = await h.call('PUT', `${TRUNKS}/${created.phone_number_uuid}`, { json: { channel_limit: 20, whitelisted_destinations: ['GB', 'IE', 'NL'] } });
    expect(reply.status, reply.text).toBe(200);
    const updated = reply.json<{ data: Snapshot }>().data;
    expect(updated.channels.call).toMatchObject({ channel_limit: 20, whitelisted_destinations: ['GB', 'IE', 'NL'], enabled: true });
    expect(updated.channels.inbound).toEqual({ enabled: true, channel_limit: 20 });
    const off = await h.call('PUT', `${TRUNKS}/${created.phone_number_uuid}`, { json: { inbound_enabled: false } });
    expect(off.json<{ data: Snapshot }>().data.channels.inbound).toEqual({ enabled: false, channel_limit: 20 });
    const read = await snapshot(`/api/v1/phone-numbers/${created.phone_number_uuid}/channels`);
    expect(read.channels.call.channel_limit).toBe(20);
    expect(read.channels.inbound.enabled).toBe(false);
  });

  it('finds only external numbers of this workspace to update', async () => {
    const body = { json: { channel_limit: 5 } };
    expectShapeB(await h.call('PUT', `${TRUNKS}/${acmePurchased.uuid}`, body), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `${TRUNKS}/${globexExternal.uuid}`, body), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `${TRUNKS}/${UNKNOWN}`, body), 404, 'RESOURCE_NOT_FOUND');
    expect((await h.call('PUT', `${TRUNKS}/${acmeExternal.uuid}`, body)).status).toBe(200);
  });

  it('binds a channel to an agent, releasing the agent that had it, and unbinds it with a null agent', async () => {
    const previous = acme.agents.find((a) => a.channels.call === acmeExternal.uuid);
    expect(previous).toBeDefined();
    const reply = await h.call('POST', `${TRUNKS}/${acmeExternal.uuid}/assign`, { json: { agent_uuid: unboundAcmeAgent.uuid, channels: ['call'] } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json<{ data: Snapshot }>().data.channels.call).toMatchObject({ bound: true, agent_uuid: unboundAcmeAgent.uuid, agent_name: unboundAcmeAgent.name });
    const agents = (await h.call('GET', '/api/v1/agents', { query: { per_page: '100' } })).json<{ data: { items: Array<{ uuid: string; channels: { call: { phone_number_uuid: string } | null } }> } }>().data.items;
    expect(agents.find((a) => a.uuid === unboundAcmeAgent.uuid)?.channels.call?.phone_number_uuid).toBe(acmeExternal.uuid);
    expect(agents.find((a) => a.uuid === previous?.uuid)?.channels.call).toBeNull();
    const released = await h.call('POST', `${TRUNKS}/${acmeExternal.uuid}/assign`, { json: { agent_uuid: null, channels: ['call'] } });
    expect(released.json<{ data: Snapshot }>().data.channels.call).toMatchObject({ bound: false, agent_uuid: null, agent_name: null });
    expect((await snapshot(`/api/v1/phone-numbers/${acmeExternal.uuid}/channels`)).channels.call.bound).toBe(false);
  });

  it('refuses a channel the number cannot carry, and an agent of another workspace', async () => {
    expectShapeB(await h.call('POST', `${TRUNKS}/${acmeExternal.uuid}/assign`, { json: { agent_uuid: unboundAcmeAgent.uuid, channels: ['sms'] } }), 422, 'VALIDATION_ERROR', 'channels');
    const globexAgent = globex.agents[0]?.uuid ?? UNKNOWN;
    expectShapeB(await h.call('POST', `${TRUNKS}/${acmeExternal.uuid}/assign`, { json: { agent_uuid: globexAgent, channels: ['call'] } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('POST', `${TRUNKS}/${globexExternal.uuid}/assign`, { json: { agent_uuid: null, channels: ['call'] } }), 404, 'RESOURCE_NOT_FOUND');
    expect((await snapshot(`/api/v1/phone-numbers/${acmeExternal.uuid}/channels`)).channels.call.agent_uuid).toBe(acme.agents.find((a) => a.channels.call === acmeExternal.uuid)?.uuid);
  });
});
