// Routing and request validation (seed "Errors"): malformed JSON → 400 (Shape B, BAD_REQUEST);
// a missing required field → 422 VALIDATION_ERROR with `field`; a phone number that is not
// E.164 → 422 INVALID_FORMAT; a malformed uuid → 422 INVALID_UUID; an unknown endpoint → 404
// ENDPOINT_NOT_FOUND; an unknown resource → 404 RESOURCE_NOT_FOUND (Shape A where the seed gives
// it: the campaign update); an oversized body → 413; and no client mistake ever gets a 5xx.
// Over HTTP (node:http + undici) and through the fetch adapter.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ErrorA, errorShapeOf, type ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, TRANSPORTS } from '../support/harness.ts';
import { sendBodies } from '../support/send-bodies.ts';
import { expectShapeB } from '../support/shape-b.ts';

const MAX_BODY = 2048;
const acme = demoTenant('acme');
const send = sendBodies(acme);


/** A JSON email body of exactly `bytes` bytes (the text pads it). */
function emailOfSize(bytes: number): string {
  const base = JSON.stringify(send.body('email', { text: '' }));
  const json = JSON.stringify(send.body('email', { text: 'x'.repeat(bytes - base.length) }));
  expect(Buffer.byteLength(json)).toBe(bytes);
  return json;
}

describe.each(TRANSPORTS)('routing and validation over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { maxBodyBytes: MAX_BODY });
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.store.load(h.mock.fixtures));

  it('answers malformed JSON with 400 BAD_REQUEST in Shape B', async () => {
    const res = await h.call('POST', '/api/v1/sms/send', { body: '{"phoneNumber": "+4915112345678", "message": ', headers: { 'content-type': 'application/json' } });
    expectShapeB(res, 400, 'BAD_REQUEST');
  });

  it('answers a body that is not UTF-8 with 400 BAD_REQUEST', async () => {
    const res = await h.call('POST', '/api/v1/sms/send', { body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expectShapeB(res, 400, 'BAD_REQUEST');
  });

  it('answers a missing required field with 422 VALIDATION_ERROR naming the field', async () => {
    const body = send.body('sms');
    delete body.phoneNumber;
    expectShapeB(await h.call('POST', '/api/v1/sms/send', { json: body }), 422, 'VALIDATION_ERROR', 'phoneNumber');
    const call = send.body('call');
    delete call.agentId;
    expectShapeB(await h.call('POST', '/api/v1/call', { json: call }), 422, 'VALIDATION_ERROR', 'agentId');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: send.body('call', { participant: {} }) }), 422, 'VALIDATION_ERROR', 'participant.number');
  });

  it('names a field in every 422: the first of two mutually exclusive fields, or the body for a rule over it', async () => {
    const address = acme.state.email_addresses[0];
    const both = send.body('email', { from: address?.address, email_address_uuid: address?.uuid });
    const body = expectShapeB(await h.call('POST', '/api/v1/email/messages', { json: both }), 422, 'VALIDATION_ERROR', 'from');
    expect(body.error.details).toBe('The fields from and email_address_uuid cannot be sent together.');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: [] }), 422, 'VALIDATION_ERROR', 'body');
  });

  it('answers a required body left out with 422 VALIDATION_ERROR', async () => {
    expectShapeB(await h.call('POST', '/api/v1/sms/send'), 422, 'VALIDATION_ERROR', 'body');
  });

  it('answers a phone number that is not E.164 with 422 INVALID_FORMAT on that field', async () => {
    for (const phoneNumber of ['+49-151-1234567', '0049 151 1234567', '+1234567890123456']) {
      const body = expectShapeB(await h.call('POST', '/api/v1/sms/send', { json: send.body('sms', { phoneNumber }) }), 422, 'INVALID_FORMAT', 'phoneNumber');
      expect(body.error.details).toMatch(/E\.164/);
    }
    const participant = { number: '030-1234' };
    expectShapeB(await h.call('POST', '/api/v1/call', { json: send.body('call', { participant }) }), 422, 'INVALID_FORMAT', 'participant.number');
    expectShapeB(await h.call('POST', '/api/v1/whatsapp/template', { json: send.body('whatsapp', { phoneNumber: '+49 151' }) }), 422, 'INVALID_FORMAT', 'phoneNumber');
  });

  it('answers a malformed uuid in the path, the query or the body with 422 INVALID_UUID', async () => {
    expectShapeB(await h.call('POST', '/api/v1/calls/action/not-a-uuid/hangup'), 422, 'INVALID_UUID', 'uuid');
    expectShapeB(await h.call('DELETE', '/api/v1/tokens/1234'), 422, 'INVALID_UUID', 'uuid');
    expectShapeB(await h.call('GET', '/api/v1/calls', { query: { agent_id: 'f47aebdd-597a' } }), 422, 'INVALID_UUID', 'agent_id');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: send.body('call', { agentId: 'agent-1' }) }), 422, 'INVALID_UUID', 'agentId');
  });

  it('names the offending element of a comma-separated array parameter', async () => {
    const records = `/api/v1/data/${randomUUID()}/records`;
    const res = await h.call('DELETE', records, { query: `uuids=${randomUUID()},not-a-uuid` });
    expectShapeB(res, 422, 'INVALID_UUID', 'uuids[1]');
    expectShapeB(await h.call('DELETE', records), 422, 'VALIDATION_ERROR', 'uuids');
  });

  it('answers an unknown endpoint with 404 ENDPOINT_NOT_FOUND, also a known path with another method', async () => {
    expectShapeB(await h.call('GET', '/api/v1/no-such-thing'), 404, 'ENDPOINT_NOT_FOUND');
    expectShapeB(await h.call('GET', '/api/v2/calls'), 404, 'ENDPOINT_NOT_FOUND');
    expectShapeB(await h.call('DELETE', '/api/v1/calls'), 404, 'ENDPOINT_NOT_FOUND');
    expectShapeB(await h.call('GET', '/api/v1/calls/extra/segments/here'), 404, 'ENDPOINT_NOT_FOUND');
  });

  it('answers an unknown resource of a stateful operation with 404 RESOURCE_NOT_FOUND in its Shape B', async () => {
    expectShapeB(await h.call('POST', `/api/v1/calls/action/${randomUUID()}/hangup`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('DELETE', `/api/v1/tokens/${randomUUID()}`), 404, 'RESOURCE_NOT_FOUND');
  });

  it('answers the campaign update in Shape A, as the seed gives it: 404 unknown campaign, 422 invalid body', async () => {
    const campaign = `/api/v1/campaigns/${randomUUID()}`;
    const missing = await h.call('PUT', campaign, { json: { name: 'Spring recall' } });
    expect(missing.status, missing.text).toBe(404);
    expect(errorShapeOf(missing.body)).toBe('A');
    expect(missing.json<ErrorA>()).toEqual({ success: false, message: expect.stringMatching(/campaign not found/i), data: [] });
    const invalid = await h.call('PUT', campaign, { json: { status: 'Exploded' } });
    expect(invalid.status, invalid.text).toBe(422);
    expect(errorShapeOf(invalid.body)).toBe('A');
    expect(invalid.json<ErrorA>().message).toMatch(/status/);
  });

  it('answers a body larger than maxBodyBytes with 413 PAYLOAD_TOO_LARGE and accepts one at the limit', async () => {
    const atLimit = await h.call('POST', '/api/v1/email/messages', { body: emailOfSize(MAX_BODY), headers: { 'content-type': 'application/json' } });
    expect(atLimit.status, atLimit.text).toBe(201);
    const over = await h.call('POST', '/api/v1/email/messages', { body: emailOfSize(MAX_BODY + 1), headers: { 'content-type': 'application/json' } });
    expectShapeB(over, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('ignores a body sent to an operation that takes none (the contract documents no 400 or 413 for it)', async () => {
    const started = await h.call('POST', '/api/v1/call', { json: send.body('call') });
    expect(started.status, started.text).toBe(200);
    const conversation = started.json<ResponseBody<'startCall', 200>>().data.conversation_uuid;
    const callOf = async () => (await h.call('GET', '/api/v1/calls', { query: { conversation_uuid: conversation } })).json<ResponseBody<'listCalls', 200>>().data.data[0];
    const muted = await h.call('POST', `/api/v1/calls/action/${conversation}/mute`, { body: '{not json' });
    expect(muted.status, muted.text).toBe(200);
    expect(muted.json<ResponseBody<'muteCall', 200>>().message).toBe('Mute dispatched');
    expect((await callOf())?.muted).toBe(true);
    const unmuted = await h.call('POST', `/api/v1/calls/action/${conversation}/unmute`, { body: 'x'.repeat(MAX_BODY * 2) });
    expect(unmuted.status, unmuted.text).toBe(200);
    expect((await callOf())?.muted).toBe(false);
  });

  it('answers every client mistake with a 4xx in Shape A or B, never a 5xx', async () => {
    const mistakes: Array<[string, string, Parameters<Harness['call']>[2]]> = [
      ['POST', '/api/v1/sms/send', { body: 'null' }],
      ['POST', '/api/v1/sms/send', { body: '[1,2,3]' }],
      ['POST', '/api/v1/sms/send', { body: '"text"' }],
      ['POST', '/api/v1/sms/send', { json: send.body('sms', { unexpected: true }) }],
      ['POST', '/api/v1/sms/send', { json: send.body('sms', { message: 42 }) }],
      ['POST', '/api/v1/sms/send', { json: send.body('sms', { message: '' }) }],
      ['POST', '/api/v1/sms/send', { json: send.body('sms', { message: 'x'.repeat(1601) }) }],
      ['POST', '/api/v1/call', { json: send.body('call', { prompt: 'not an object' }) }],
      ['POST', '/api/v1/call', { json: send.body('call', { agentId: randomUUID() }) }],
      ['POST', '/api/v1/whatsapp/template', { json: send.body('whatsapp', { header: { type: 'audio', url: 'https://cdn.example.com/a.mp3' } }) }],
      ['POST', '/api/v1/whatsapp/template', { json: send.body('whatsapp', { parameters: { first: 'Jonas' } }) }],
      ['POST', '/api/v1/tokens', { json: { name: '' } }],
      ['POST', '/api/v1/tokens', { json: { name: 'x', permissions: [] } }],
      ['GET', '/api/v1/calls', { query: { page: '0' } }],
      ['GET', '/api/v1/calls', { query: { per_page: '1000' } }],
      ['GET', '/api/v1/calls', { query: { from: 'yesterday' } }],
      ['GET', '/api/v1/calls', { query: { status: 'exploded' } }],
      ['GET', '/api/v1/tokens', { query: { page: 'two' } }],
      ['GET', '/api/v1/calls/%E0%A4%A', {}],
      ['POST', `/api/v1/calls/action/${randomUUID()}/say`, { json: {} }],
      ['POST', `/api/v1/calls/action/${randomUUID()}/say`, { json: { message: 'x'.repeat(2001) } }],
      ['POST', `/api/v1/calls/action/${randomUUID()}/forward`, { json: { to: 'nowhere' } }],
      ['PUT', `/api/v1/campaigns/${randomUUID()}`, { json: { status: 'Exploded' } }],
      ['GET', '/api/v1/phone-numbers/channels', {}],
      ['PATCH', '/api/v1/tokens', {}],
    ];
    for (const [method, path, options] of mistakes) {
      const res = await h.call(method, path, options);
      const label = `${method} ${path} ${JSON.stringify(options)} → ${res.status} ${res.text}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(errorShapeOf(res.body), label).toMatch(/^[AB]$/);
    }
  });
});

describe('a GET with a body over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http', { maxBodyBytes: MAX_BODY });
  });
  afterAll(() => h.close());

  it('ignores the body, whether junk or oversized', async () => {
    for (const body of ['{junk', 'x'.repeat(MAX_BODY + 10)]) {
      const res = await h.call('GET', '/api/v1/calls', { body });
      expect(res.status, res.text).toBe(200);
      expect(res.json<ResponseBody<'listCalls', 200>>().success).toBe(true);
    }
  });
});
