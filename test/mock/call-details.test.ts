// Call details (published: GET /api/v1/calls/{uuid}, the API catalog): one call by its uuid, as the
// call list shows it, its state brought up to the clock; 404 for an unknown call or another
// workspace's, 422 for a malformed uuid. The fault `call-details-other-record` answers another call.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RING_MS, TALK_MS } from '../../mock/resources/calls/call-state.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { sendBodies } from '../support/send-bodies.ts';
import { expectShapeB } from '../support/shape-b.ts';

type Call = ResponseBody<'getCall', 200>['data'];
const bodies = sendBodies(demoTenant('acme'));
const FORWARDED_CALL = '7104a418-ce12-45b4-8cf1-5e2d014a1192';
const GLOBEX_CALL_OF = async (h: Harness) => {
  const res = await h.call('GET', '/api/v1/calls', { tenant: 'globex' });
  return res.json<ResponseBody<'listCalls', 200>>().data.data[0]?.uuid as string;
};

describe.each(TRANSPORTS)('call details over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.store.load(h.mock.fixtures);
    h.clock.freeze(T0);
    await h.control('PUT', '/faults', { faults: [] });
  });

  async function details(uuid: string): Promise<Call> {
    const res = await h.call('GET', `/api/v1/calls/${uuid}`);
    expect(res.status, res.text).toBe(200);
    const body = res.json<ResponseBody<'getCall', 200>>();
    expect(body).toMatchObject({ success: true, message: 'Call retrieved successfully' });
    return body.data;
  }

  it('answers every call of the list as the list shows it', async () => {
    const listed = (await h.call('GET', '/api/v1/calls', { query: { per_page: '100' } })).json<ResponseBody<'listCalls', 200>>().data.data;
    expect(listed.length).toBeGreaterThan(3);
    for (const call of listed) expect(await details(call.uuid)).toEqual(call);
    // A uuid in upper case names the same call.
    expect((await details(FORWARDED_CALL.toUpperCase())).uuid).toBe(FORWARDED_CALL);
  });

  it('follows a started call on the clock', async () => {
    const started = await h.call('POST', '/api/v1/call', { json: bodies.body('call') });
    expect(started.status, started.text).toBe(200);
    const id = started.json<ResponseBody<'startCall', 200>>().data.id;
    const first = await details(id);
    expect(first).toMatchObject({ uuid: id, direction: 'outbound', answered_at: null });
    h.clock.advance(RING_MS + TALK_MS + 120_000);
    const later = await details(id);
    expect(later).toMatchObject({ uuid: id, status: 'ended', end_reason: 'completed', conversation_uuid: first.conversation_uuid });
    expect(later.duration).toBeGreaterThan(0);
    const listed = (await h.call('GET', '/api/v1/calls', { query: { conversation_uuid: first.conversation_uuid } })).json<ResponseBody<'listCalls', 200>>().data.data;
    expect(listed).toEqual([later]);
  });

  it('is 404 for an unknown call or another workspace’s, 422 for a malformed uuid', async () => {
    expectShapeB(await h.call('GET', '/api/v1/calls/00000000-0000-4000-8000-000000000000'), 404, 'RESOURCE_NOT_FOUND');
    const globexCall = await GLOBEX_CALL_OF(h);
    expect(globexCall).toBeDefined();
    expectShapeB(await h.call('GET', `/api/v1/calls/${globexCall}`), 404, 'RESOURCE_NOT_FOUND');
    expect((await h.call('GET', `/api/v1/calls/${globexCall}`, { tenant: 'globex' })).status).toBe(200);
    expectShapeB(await h.call('GET', '/api/v1/calls/not-a-uuid'), 422, 'INVALID_UUID');
  });

  it('with the fault call-details-other-record, answers another call', async () => {
    await h.control('PUT', '/faults', { faults: ['call-details-other-record'] });
    expect((await details(FORWARDED_CALL)).uuid).not.toBe(FORWARDED_CALL);
  });
});
