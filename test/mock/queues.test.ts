// Queues over HTTP (seed "Queue": name, color, is_active, sla_seconds; "Available queue endpoints":
// per channel key an array of {id, label}, only endpoints not yet assigned to any queue;
// "Endpoints" PUT /api/v1/queues/{uuid}): an update applies the fields sent and persists them (the
// next update's answer carries them); assigning an endpoint takes it off the available list and
// releasing it puts it back; each workspace sees only its own queues and endpoints.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';
import { expectShapeB } from '../support/shape-b.ts';

const AVAILABLE = '/api/v1/queues/available-endpoints';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const CHANNELS = ['call', 'whatsapp', 'facebook', 'instagram', 'sms', 'email'] as const;

type Endpoints = ResponseBody<'listAvailableQueueEndpoints', 200>['data'];
type Queue = ResponseBody<'updateQueue', 200>['data'];

const acme = demoTenant('acme').state;
const globex = demoTenant('globex').state;
const [frontDesk, billing] = acme.queues;
if (!frontDesk || !billing) throw new Error('fixture acme lacks two queues');
const globexQueue = globex.queues[0];
if (!globexQueue) throw new Error('fixture globex lacks a queue');

/** An acme call-capable number no acme queue has on `call`. */
const freeCall = acme.phone_numbers.find((n) => n.call.capable && !acme.queues.some((q) => q.endpoints.call.some((e) => e.id === n.uuid)));
if (!freeCall) throw new Error('fixture acme lacks a free call endpoint');

let h: Harness;
beforeEach(async () => {
  h = await startHarness('http');
});
afterEach(() => h.close());


async function available(tenant = 'acme'): Promise<Endpoints> {
  const reply = await h.call('GET', AVAILABLE, { tenant });
  expect(reply.status, reply.text).toBe(200);
  return reply.json<{ data: Endpoints }>().data;
}

async function update(uuid: string, json: unknown): Promise<Queue> {
  const reply = await h.call('PUT', `/api/v1/queues/${uuid}`, { json });
  expect(reply.status, reply.text).toBe(200);
  return reply.json<{ data: Queue }>().data;
}

const ids = (list: Array<{ id: string }>) => list.map((e) => e.id);

describe('the available queue endpoints', () => {
  it.each([
    ['acme', acme],
    ['globex', globex],
  ])("lists %s's own endpoints that no queue has, on every channel key", async (slug, ws) => {
    const got = await available(slug);
    expect(Object.keys(got).sort()).toEqual([...CHANNELS].sort());
    const assigned = (c: (typeof CHANNELS)[number]) => new Set(ws.queues.flatMap((q) => q.endpoints[c].map((e) => e.id)));
    for (const c of CHANNELS) for (const id of ids(got[c])) expect(assigned(c).has(id), `${c} ${id}`).toBe(false);
    const own = new Set([...ws.phone_numbers.map((n) => n.uuid), ...ws.email_addresses.map((a) => a.uuid)]);
    for (const id of [...ids(got.call), ...ids(got.sms), ...ids(got.email)]) expect(own.has(id)).toBe(true);
    const expectedCall = ws.phone_numbers.filter((n) => n.call.capable && !assigned('call').has(n.uuid)).map((n) => n.uuid);
    expect(ids(got.call).sort()).toEqual(expectedCall.sort());
    const expectedEmail = ws.email_addresses.filter((a) => !assigned('email').has(a.uuid)).map((a) => a.uuid);
    expect(ids(got.email).sort()).toEqual(expectedEmail.sort());
  });

  it('labels a number with the number and the agent that uses it', async () => {
    const got = await available();
    const listed = got.call.find((e) => e.id === freeCall.uuid);
    expect(listed?.label).toContain(freeCall.number);
  });
});

describe('the queue list and read', () => {
  it.each([
    ['acme', acme],
    ['globex', globex],
  ])("lists %s's own queues only, oldest first, and reads each; another workspace's queue is not found", async (slug, ws) => {
    const reply = await h.call('GET', '/api/v1/queues', { tenant: slug });
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json<{ data: { current_page: number; total: number; data: Queue[] } }>().data;
    const oldestFirst = [...ws.queues].sort((a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)));
    expect(page.data.map((q) => q.uuid)).toEqual(oldestFirst.map((q) => q.uuid));
    expect(page.total).toBe(ws.queues.length);
    for (const q of ws.queues) {
      const one = await h.call('GET', `/api/v1/queues/${q.uuid}`, { tenant: slug });
      expect(one.json<{ data: Queue }>().data).toMatchObject({ uuid: q.uuid, name: q.name, sla_seconds: q.sla_seconds, endpoints: q.endpoints });
    }
    const other = slug === 'acme' ? globexQueue : frontDesk;
    expectShapeB(await h.call('GET', `/api/v1/queues/${other.uuid}`, { tenant: slug }), 404, 'RESOURCE_NOT_FOUND');
  });
});

describe('the queue update', () => {
  it('applies the seed fields sent, keeps the rest and persists them for the next update', async () => {
    const first = await update(billing.uuid, { name: 'Invoices', color: '#E5484D', is_active: true, sla_seconds: 900 });
    expect(first).toMatchObject({ uuid: billing.uuid, name: 'Invoices', color: '#E5484D', is_active: true, sla_seconds: 900, opening_hours: billing.opening_hours });
    expect(Date.parse(first.updated_at)).toBe(T0);
    expect(Date.parse(first.created_at)).toBe(new Date(billing.created_at).getTime());
    const second = await update(billing.uuid, { sla_seconds: 1800 });
    expect(second).toMatchObject({ name: 'Invoices', color: '#E5484D', is_active: true, sla_seconds: 1800 });
    const third = await update(billing.uuid, { is_active: false });
    expect(third).toMatchObject({ name: 'Invoices', sla_seconds: 1800, is_active: false });
    const read = await h.call('GET', `/api/v1/queues/${billing.uuid}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json<{ data: Queue }>().data).toEqual(third);
    const listed = (await h.call('GET', '/api/v1/queues')).json<{ data: { data: Queue[] } }>().data.data;
    expect(listed.find((q) => q.uuid === billing.uuid)).toEqual(third);
  });

  it('sets opening hours as time-of-day values, and refuses an interval that does not open before it closes', async () => {
    const hours = [{ day: 'monday', opens_at: '08:00:00', closes_at: '16:30:00' }];
    const got = await update(billing.uuid, { opening_hours: hours });
    expect(got.opening_hours).toEqual(hours);
    expectShapeB(await h.call('PUT', `/api/v1/queues/${billing.uuid}`, { json: { opening_hours: [{ day: 'friday', opens_at: '18:00:00', closes_at: '09:00:00' }] } }), 422, 'VALIDATION_ERROR', 'opening_hours[0].closes_at');
    expect((await update(billing.uuid, { sla_seconds: 60 })).opening_hours).toEqual(hours);
  });

  it('takes an assigned endpoint off the available list, and puts it back when released', async () => {
    expect(ids((await available()).call)).toContain(freeCall.uuid);
    const assigned = await update(billing.uuid, { endpoints: { call: [freeCall.uuid] } });
    expect(ids(assigned.endpoints.call)).toEqual([freeCall.uuid]);
    expect(ids(assigned.endpoints.email)).toEqual(ids(billing.endpoints.email));
    expect(ids((await available()).call)).not.toContain(freeCall.uuid);
    expect(ids((await available('globex')).call)).not.toContain(freeCall.uuid);
    const released = await update(billing.uuid, { endpoints: { call: [] } });
    expect(released.endpoints.call).toEqual([]);
    expect(ids((await available()).call)).toContain(freeCall.uuid);
  });

  it('refuses an endpoint another queue has (409) and one the workspace does not have (422)', async () => {
    const taken = frontDesk.endpoints.call[0]?.id ?? UNKNOWN;
    expectShapeB(await h.call('PUT', `/api/v1/queues/${billing.uuid}`, { json: { endpoints: { call: [taken] } } }), 409, 'CONFLICT');
    const foreign = globex.phone_numbers[0]?.uuid ?? UNKNOWN;
    expectShapeB(await h.call('PUT', `/api/v1/queues/${billing.uuid}`, { json: { endpoints: { call: [foreign] } } }), 422, 'VALIDATION_ERROR', 'endpoints.call');
    expectShapeB(await h.call('PUT', `/api/v1/queues/${billing.uuid}`, { json: { name: 'Not applied', endpoints: { sms: ['nope'] } } }), 422, 'VALIDATION_ERROR', 'endpoints.sms');
    expect((await update(billing.uuid, { sla_seconds: 120 })).name).toBe(billing.name);
  });

  it("never finds another workspace's queue nor an unknown one", async () => {
    expectShapeB(await h.call('PUT', `/api/v1/queues/${globexQueue.uuid}`, { json: { name: 'Hijack' } }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('PUT', `/api/v1/queues/${UNKNOWN}`, { json: { name: 'Nobody' } }), 404, 'RESOURCE_NOT_FOUND');
    const reply = await h.call('PUT', `/api/v1/queues/${globexQueue.uuid}`, { json: { sla_seconds: 30 }, tenant: 'globex' });
    expect(reply.json<{ data: Queue }>().data).toMatchObject({ name: globexQueue.name, sla_seconds: 30 });
  });

  it('refuses a bad color and an empty body', async () => {
    expectShapeB(await h.call('PUT', `/api/v1/queues/${billing.uuid}`, { json: { color: 'red' } }), 422, 'INVALID_FORMAT', 'color');
    expect((await h.call('PUT', `/api/v1/queues/${billing.uuid}`, { json: {} })).status).toBe(422);
  });

  it('stores none of the fields sent under the queue-update-ignored fault, so the next answer shows the old values', async () => {
    await h.close();
    h = await startHarness('http', { faults: ['queue-update-ignored'] });
    expect((await update(billing.uuid, { name: 'Invoices' })).name).toBe('Invoices');
    expect((await update(billing.uuid, { sla_seconds: 60 })).name).toBe(billing.name);
  });
});
