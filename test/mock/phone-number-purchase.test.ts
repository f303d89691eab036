// Buying phone numbers over HTTP (published: list-your-phone-numbers, buy-a-phone-number and the
// search and requirements paths it names): the search offers numbers of a country and type the
// workspace does not own, the same on every call; the requirements name what a purchase answers;
// a bought number is `purchased`, not external, listed among the owned numbers, readable in its
// channel snapshot and offered to queues as a call endpoint, and the search no longer offers it; a
// number not offered is 422 naming it, an owned one 409; past the workspace's cap the purchase is
// the published 403 `purchase_limit_reached` with `limit` and `current` (in Shape B), and nothing
// is bought.
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceState } from '../../mock/state/workspace.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoFixtures } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeB } from '../support/shape-b.ts';

const NUMBERS = '/api/v1/phone-numbers';
const SEARCH = '/api/v1/phone-numbers/search';
const REQUIREMENTS = '/api/v1/phone-numbers/search/requirements';

type Owned = ResponseBody<'listPhoneNumbers', 200>['data'];
type Offer = ResponseBody<'searchPhoneNumbers', 200>['data']['items'][number];
type Bought = ResponseBody<'purchasePhoneNumber', 201>['data'];

let h: Harness;
afterEach(() => h.close());

async function open(limit?: number): Promise<void> {
  const fixtures: WorkspaceState[] = demoFixtures().map((ws) => (ws.slug === 'acme' && limit !== undefined ? { ...ws, phone_number_purchase_limit: limit } : ws));
  h = await startHarness('http', { fixtures });
}

async function search(query: Record<string, string>): Promise<Offer[]> {
  const reply = await h.call('GET', SEARCH, { query });
  expect(reply.status).toBe(200);
  return reply.json<ResponseBody<'searchPhoneNumbers', 200>>().data.items;
}

async function owned(): Promise<Owned> {
  const reply = await h.call('GET', NUMBERS, { query: { per_page: '200' } });
  expect(reply.status).toBe(200);
  return reply.json<ResponseBody<'listPhoneNumbers', 200>>().data;
}

function buyBody(o: Offer) {
  return { number: o.number, country_code: o.country_code, type: o.type, monthly_fee: o.monthly_fee, capabilities: o.capabilities, location: o.location };
}

async function buy(o: Offer): Promise<Bought> {
  const reply = await h.call('POST', NUMBERS, { json: buyBody(o) });
  expect(reply.status).toBe(201);
  const body = reply.json<ResponseBody<'purchasePhoneNumber', 201>>();
  expect(body).not.toHaveProperty('message');
  return body.data;
}

describe('owned numbers', () => {
  it('lists every number of the workspace, bought and external, ordered by number, with the pagination', async () => {
    await open();
    const page = await owned();
    const acme = demoFixtures().find((ws) => ws.slug === 'acme') as WorkspaceState;
    expect(page.items.map((i) => i.number)).toEqual(acme.phone_numbers.map((p) => p.number).sort());
    expect(page.items.some((i) => i.source === 'external' && i.is_external)).toBe(true);
    expect(page.pagination).toMatchObject({ current_page: 1, per_page: 200, total: acme.phone_numbers.length, has_more: false });
  });
});

describe('search and requirements', () => {
  it('offers numbers of the country and type, the same on every call, filtered by pattern and limited', async () => {
    await open();
    const first = await search({ country_code: 'us', type: 'local', limit: '50' });
    expect(first.length).toBeGreaterThan(10);
    expect(first.every((o) => o.country_code === 'US' && o.type === 'local' && o.number.startsWith('+1'))).toBe(true);
    expect(await search({ country_code: 'US', type: 'local', limit: '50' })).toEqual(first);
    expect(await search({ country_code: 'US' })).toHaveLength(10);
    const ny = await search({ country_code: 'US', pattern: '+1212', limit: '50' });
    expect(ny.length).toBeGreaterThan(0);
    expect(ny.every((o) => o.number.includes('1212'))).toBe(true);
    expect(await search({ country_code: 'US', type: 'mobile' })).toEqual([]);
    expect((await search({ country_code: 'DE', type: 'mobile' })).every((o) => o.number.startsWith('+491'))).toBe(true);
  });

  it('names the requirements of a country and type', async () => {
    await open();
    const de = await h.call('GET', REQUIREMENTS, { query: { country_code: 'de' } });
    expect(de.status).toBe(200);
    const data = de.json<ResponseBody<'getPhoneNumberRequirements', 200>>().data;
    expect(data).toMatchObject({ country_code: 'DE', type: 'local', address_required: true });
    expect(data.requirements.map((r) => r.key)).toEqual(['proof_of_address']);
    const us = (await h.call('GET', REQUIREMENTS, { query: { country_code: 'US', type: 'toll_free' } })).json<ResponseBody<'getPhoneNumberRequirements', 200>>().data;
    expect(us).toMatchObject({ address_required: false, requirements: [] });
  });

  it('refuses a bad query with the validation error', async () => {
    await open();
    expectShapeB(await h.call('GET', SEARCH, { query: { country_code: 'USA' } }), 422, 'INVALID_FORMAT', 'country_code');
    expectShapeB(await h.call('GET', SEARCH, { query: { country_code: 'US', type: 'premium' } }), 422, 'VALIDATION_ERROR', 'type');
    expectShapeB(await h.call('GET', SEARCH, { query: { country_code: 'US', limit: '51' } }), 422, 'VALIDATION_ERROR', 'limit');
    expect((await h.call('GET', REQUIREMENTS, {})).status).toBe(422);
  });
});

describe('purchase', () => {
  it('buys an offered number: listed, in its channel snapshot, a queue endpoint, no longer offered', async () => {
    await open();
    const [offer] = await search({ country_code: 'US', pattern: '1212' });
    if (!offer) throw new Error('no New York offer');
    const bought = await buy(offer);
    expect(bought).toMatchObject({ number: offer.number, source: 'purchased', is_external: false, status: 'active', type: 'local', country_code: 'US', capabilities: offer.capabilities });
    expect(bought.compliance.status).toBe('completed');
    const listed = (await owned()).items.find((i) => i.number === offer.number);
    expect(listed).toEqual(bought);
    const snapshot = await h.call('GET', `${NUMBERS}/${bought.phone_number_uuid}/channels`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.json<ResponseBody<'getPhoneNumberChannels', 200>>().data).toMatchObject({ number: offer.number, source: 'purchased', is_external: false });
    const endpoints = (await h.call('GET', '/api/v1/queues/available-endpoints')).json<{ data: { call: Array<{ id: string }> } }>().data;
    expect(endpoints.call.map((e) => e.id)).toContain(bought.phone_number_uuid);
    expect((await search({ country_code: 'US', pattern: '1212', limit: '50' })).map((o) => o.number)).not.toContain(offer.number);
  });

  it('stores the compliance answers: pending without them, completed with them', async () => {
    await open();
    const [a, b] = await search({ country_code: 'DE', type: 'local' });
    if (!a || !b) throw new Error('no German offers');
    expect((await buy(a)).compliance.status).toBe('pending');
    const reqs = (await h.call('GET', REQUIREMENTS, { query: { country_code: 'DE' } })).json<ResponseBody<'getPhoneNumberRequirements', 200>>().data.requirements;
    const reply = await h.call('POST', NUMBERS, {
      json: { ...buyBody(b), address: { business_name: 'Acme GmbH', street_address: 'Hauptstr. 1', locality: 'Berlin', postal_code: '10115', country_code: 'DE' }, requirements: reqs.map((r) => ({ key: r.key, requirement_id: r.requirement_id, document_id: 'doc_123' })) },
    });
    expect(reply.status).toBe(201);
    expect(reply.json<ResponseBody<'purchasePhoneNumber', 201>>().data.compliance).toEqual({ status: 'completed', requirements: reqs.map((r) => ({ name: r.name, type: r.type, description: r.description })) });
    const stored = h.mock.store.get('acme')?.state.phone_numbers.find((p) => p.number === b.number);
    expect(stored?.address?.business_name).toBe('Acme GmbH');
    expect(stored?.requirement_answers?.[0]?.document_id).toBe('doc_123');
  });

  it('refuses a number not offered (422 naming it) and one already owned (409), buying nothing', async () => {
    await open();
    const before = (await owned()).pagination.total;
    const notOffered = await h.call('POST', NUMBERS, { json: { number: '+12125550000', country_code: 'US', type: 'local' } });
    expectShapeB(notOffered, 422, 'VALIDATION_ERROR', 'number');
    expect(notOffered.text).toContain('+12125550000');
    const [first] = (await owned()).items;
    if (!first) throw new Error('acme owns no number');
    expectShapeB(await h.call('POST', NUMBERS, { json: { number: first.number } }), 409, 'CONFLICT');
    expectShapeB(await h.call('POST', NUMBERS, { json: { country_code: 'US' } }), 422, 'VALIDATION_ERROR', 'number');
    expect((await owned()).pagination.total).toBe(before);
  });

  it('past the cap answers 403 purchase_limit_reached with limit and current, and buys nothing', async () => {
    await open(2);
    const offers = await search({ country_code: 'US', limit: '3' });
    await buy(offers[0] as Offer);
    await buy(offers[1] as Offer);
    const refused = await h.call('POST', NUMBERS, { json: buyBody(offers[2] as Offer) });
    expect(refused.status).toBe(403);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      message: 'Phone number purchase limit reached',
      error: { code: 'purchase_limit_reached', details: 'The workspace has bought 2 of its 2 numbers through the API.', limit: 2, current: 2 },
    });
    expect((await owned()).items.map((i) => i.number)).not.toContain((offers[2] as Offer).number);
  });

  it('has a default cap of 5 numbers bought through the API', async () => {
    await open();
    const offers = await search({ country_code: 'US', limit: '6' });
    for (const o of offers.slice(0, 5)) await buy(o);
    const refused = await h.call('POST', NUMBERS, { json: buyBody(offers[5] as Offer) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'purchase_limit_reached', limit: 5, current: 5 } });
  });
});
