// Calls (seed "Calls and call actions", "Limits"; published API): POST /api/v1/call takes agentId,
// an optional prompt {overwrite, content}, participant and message and answers 200 "Call created
// successfully" with {id, agentId, provider, status "initiated", conversation_uuid, contact_uuid,
// listen_url, record_url, participant, createdAt}; the live call actions live under
// /api/v1/calls/action/{conversation uuid}/..., need a live call and answer "<Action> dispatched"
// with an empty data; say with end_call_after_spoken ends the call once the message is spoken, on
// the mock's clock; the call list is the published paged list (items with agent, analysis,
// communication, duration, handled_by, timestamp) with agent_id, direction and status filters; 50
// simultaneous calls at most.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RING_MS, SPEECH_MS_PER_CHAR, TALK_MS } from '../../mock/resources/calls/call-state.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { sendBodies } from '../support/send-bodies.ts';
import { expectShapeB } from '../support/shape-b.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const bodies = sendBodies(acme);
type Started = ResponseBody<'startCall', 200>['data'];
type Calls = ResponseBody<'listCalls', 200>['data'];
type Dispatched = ResponseBody<'sayOnCall', 200>;

const RECEPTION = 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5';
const NOT_CONNECTED = '3132bece-b4e1-4c2d-8ddd-9947ad20570b';
const FELIX = { uuid: 'd726c86b-9c3a-43cd-a67a-9b75fc394724', phone: '+4916055566677' };


describe.each(TRANSPORTS)('calls over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    // The send limit has its own tests (send-rate.test.ts); here it leaves room for 50 calls.
    h = await startHarness(transport, { rateLimits: { sendPerSecond: 100, generalPerMinute: 10_000 } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.mock.store.load(h.mock.fixtures);
    h.clock.freeze(T0);
  });

  async function start(extra: Record<string, unknown> = {}, tenant = 'acme'): Promise<Started> {
    const json = tenant === 'acme' ? bodies.body('call', extra) : sendBodies(globex).body('call', extra);
    const res = await h.call('POST', '/api/v1/call', { tenant, json });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'startCall', 200>>().data;
  }
  async function list(query: Record<string, string> = {}, tenant = 'acme'): Promise<Calls> {
    const res = await h.call('GET', '/api/v1/calls', { tenant, query });
    expect(res.status, res.text).toBe(200);
    return res.json<ResponseBody<'listCalls', 200>>().data;
  }
  async function callOf(conversation: string) {
    const [call] = (await list({ conversation_uuid: conversation })).data;
    if (!call) throw new Error(`no call in conversation ${conversation}`);
    return call;
  }
  const action = (conversation: string, name: string, json?: unknown) => h.call('POST', `/api/v1/calls/action/${conversation}/${name}`, json === undefined ? {} : { json });
  /** An accepted action: 200 with the published answer. */
  async function dispatched(conversation: string, name: string, json?: unknown): Promise<void> {
    const res = await action(conversation, name, json);
    expect(res.status, res.text).toBe(200);
    expect(res.json<Dispatched>()).toEqual({ success: true, message: `${name.charAt(0).toUpperCase()}${name.slice(1)} dispatched`, data: {} });
  }

  it('answers "Call created successfully" with the published fields, and lists the call under the same id', async () => {
    const body = { agentId: RECEPTION, prompt: { overwrite: true, content: 'Confirm the cleaning on Friday at 9:00.' }, participant: { number: FELIX.phone, about: 'Felix Wagner, regular patient.' }, message: { start: 'Hello Felix!' } };
    const res = await h.call('POST', '/api/v1/call', { json: body });
    expect(res.status, res.text).toBe(200);
    const reply = res.json<ResponseBody<'startCall', 200>>();
    expect(reply.message).toBe('Call created successfully');
    expect(reply.data).toEqual({
      id: expect.any(String),
      agentId: RECEPTION,
      provider: 'twilio',
      status: 'initiated',
      conversation_uuid: expect.any(String),
      contact_uuid: FELIX.uuid,
      listen_url: `https://acme.localhost/media/calls/${reply.data.conversation_uuid}/listen`,
      record_url: `https://acme.localhost/media/calls/${reply.data.conversation_uuid}/recording`,
      participant: { number: FELIX.phone },
      createdAt: expect.any(String),
    });
    expect(Date.parse(reply.data.createdAt ?? '')).toBe(T0);
    // The sending queue was empty, so the call goes out (rings) at once; the list shows what the request carried.
    const listed = await list();
    expect(listed.data[0]).toMatchObject({
      uuid: reply.data.id,
      agent: { uuid: RECEPTION, name: expect.any(String) },
      analysis: null,
      communication: 'call',
      duration: 0,
      handled_by: 'AI',
      conversation_uuid: reply.data.conversation_uuid,
      contact_uuid: FELIX.uuid,
      direction: 'outbound',
      status: 'ringing',
      to: FELIX.phone,
      from: '+4930123456780',
      agent_uuid: RECEPTION,
      listen_url: reply.data.listen_url,
      record_url: reply.data.record_url,
      prompt: body.prompt,
      participant: body.participant,
      message: body.message,
      goodbye_message: null,
    });
    expect(Date.parse(listed.data[0]?.created_at ?? '')).toBe(T0);
    expect(listed.data[0]?.timestamp).toBe(listed.data[0]?.created_at);
  });

  it('starts a call without a prompt (the agent\'s own), as the quickstart and n8n send it', async () => {
    const res = await h.call('POST', '/api/v1/call', { json: { agentId: RECEPTION, participant: { number: FELIX.phone } } });
    expect(res.status, res.text).toBe(200);
    const { id } = res.json<ResponseBody<'startCall', 200>>().data;
    expect((await list()).data.find((c) => c.uuid === id)).toMatchObject({ prompt: null, participant: { number: FELIX.phone, about: null }, message: null });
    // A prompt with only overwrite is accepted; one without overwrite is not.
    expect((await h.call('POST', '/api/v1/call', { json: { agentId: RECEPTION, prompt: { overwrite: false }, participant: { number: FELIX.phone } } })).status).toBe(200);
  });

  it('calls a number no contact has yet as a new contact, in both workspaces', async () => {
    const before = await list({ per_page: '100' }, 'globex');
    const started = await start({ participant: { number: '+12125550999' } }, 'globex');
    expect(globex.state.contacts.map((c) => c.uuid)).not.toContain(started.contact_uuid);
    const after = await list({ per_page: '100' }, 'globex');
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]).toMatchObject({ uuid: started.id, contact_uuid: started.contact_uuid, to: '+12125550999' });
    expect(started.listen_url).toBe(`https://globex.localhost/media/calls/${started.conversation_uuid}/listen`);
  });

  it('refuses an unknown agent with 404, one without a call number with 422 naming agentId, a prompt without overwrite with 422, creating nothing', async () => {
    const before = (await list()).total;
    expectShapeB(await h.call('POST', '/api/v1/call', { json: bodies.body('call', { agentId: randomUUID() }) }), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: bodies.body('call', { agentId: NOT_CONNECTED }) }), 422, 'VALIDATION_ERROR', 'agentId');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: bodies.body('call', { prompt: { content: 'No overwrite flag.' } }) }), 422, 'VALIDATION_ERROR', 'prompt.overwrite');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: bodies.body('call', { prompt: { overwrite: true, content: '' } }) }), 422, 'VALIDATION_ERROR', 'prompt.content');
    expectShapeB(await h.call('POST', '/api/v1/call', { json: bodies.body('call', { message: { start: '' } }) }), 422, 'VALIDATION_ERROR', 'message.start');
    expect((await list()).total).toBe(before);
  });

  it('lists calls in the published paged list, newest first, 15 per page by default', async () => {
    const all = await list();
    expect(all).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: acme.state.calls.length });
    const times = all.data.map((c) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page2 = await list({ per_page: '4', page: '2' });
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, per_page: 4, total: acme.state.calls.length });
    expect(page2.data.map((c) => c.uuid)).toEqual(all.data.slice(4, 8).map((c) => c.uuid));
    const beyond = await list({ per_page: '4', page: '3' });
    expect(beyond).toMatchObject({ current_page: 3, last_page: 2, data: [] });
  });

  it('filters the list by agent_id, direction and status', async () => {
    const byAgent = await list({ agent_id: RECEPTION });
    expect(byAgent.data.map((c) => c.uuid).sort()).toEqual(acme.state.calls.filter((c) => c.agent_uuid === RECEPTION).map((c) => c.uuid).sort());
    expect(byAgent.total).toBe(byAgent.data.length);
    expect((await list({ agent_id: randomUUID() })).total).toBe(0);
    const inbound = await list({ direction: 'inbound' });
    expect(inbound.data.length).toBeGreaterThan(0);
    expect(inbound.data.every((c) => c.direction === 'inbound')).toBe(true);
    expect(inbound.total).toBe(acme.state.calls.filter((c) => c.direction === 'inbound').length);
    // Calls leave the queue at the workspace's pace: the second waits while the first rings.
    const first = await start();
    const second = await start();
    expect((await list({ status: 'ringing' })).data.map((c) => c.uuid)).toEqual([first.id]);
    expect((await list({ status: 'queued' })).data.map((c) => c.uuid)).toEqual([second.id]);
    const failed = await list({ status: 'failed', direction: 'outbound' });
    expect(failed.data.map((c) => c.uuid)).toEqual(acme.state.calls.filter((c) => c.status === 'failed').map((c) => c.uuid));
  });

  it('rings, talks and ends on the clock', async () => {
    const started = await start();
    h.clock.freeze(T0 + RING_MS - 1);
    expect((await callOf(started.conversation_uuid)).status).toBe('ringing');
    h.clock.freeze(T0 + RING_MS);
    expect(await callOf(started.conversation_uuid)).toMatchObject({ status: 'in_progress', answered_at: expect.any(String) });
    h.clock.freeze(T0 + RING_MS + TALK_MS);
    const ended = await callOf(started.conversation_uuid);
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'completed', duration_seconds: TALK_MS / 1000 });
    expect(Date.parse(ended.ended_at ?? '')).toBe(T0 + RING_MS + TALK_MS);
  });

  it('mutes, unmutes, forwards and hangs up a live call under /calls/action/{conversation uuid}, answering "<Action> dispatched"', async () => {
    const started = await start();
    h.clock.freeze(T0 + RING_MS + 1000);
    await dispatched(started.conversation_uuid, 'mute');
    expect(await callOf(started.conversation_uuid)).toMatchObject({ uuid: started.id, status: 'in_progress', muted: true });
    await dispatched(started.conversation_uuid, 'unmute');
    expect((await callOf(started.conversation_uuid)).muted).toBe(false);
    await dispatched(started.conversation_uuid, 'forward', { to: '+4930123456799' });
    expect(await callOf(started.conversation_uuid)).toMatchObject({ forwarded_to: '+4930123456799', handled_by: 'Human' });
    await dispatched(started.conversation_uuid, 'hangup', { message: 'Thank you for calling, goodbye.' });
    expect(await callOf(started.conversation_uuid)).toMatchObject({ status: 'ended', end_reason: 'hangup_action', duration_seconds: 1, duration: 1, goodbye_message: 'Thank you for calling, goodbye.' });
  });

  it('hangs up without a body with the default goodbye, and refuses a goodbye over 2000 characters or a forward number over 32', async () => {
    const started = await start();
    expectShapeB(await action(started.conversation_uuid, 'hangup', { message: 'x'.repeat(2001) }), 422, 'VALIDATION_ERROR', 'message');
    expectShapeB(await action(started.conversation_uuid, 'forward', { to: `+${'1'.repeat(32)}` }), 422, 'INVALID_FORMAT', 'to');
    await dispatched(started.conversation_uuid, 'hangup');
    expect(await callOf(started.conversation_uuid)).toMatchObject({ status: 'ended', end_reason: 'hangup_action', goodbye_message: 'Good Bye' });
  });

  it('needs a live call: 409 once ended, 404 for an unknown conversation, and the old paths are gone', async () => {
    const ended = acme.state.calls.find((c) => c.status === 'ended');
    if (!ended) throw new Error('fixture acme has no ended call');
    for (const [name, json] of [['say', { message: 'Hello?' }], ['forward', { to: '+4930123456799' }], ['hangup'], ['mute'], ['unmute']] as const) {
      expectShapeB(await action(ended.conversation_uuid, name, json), 409, 'CONFLICT');
      expectShapeB(await action(randomUUID(), name, json), 404, 'RESOURCE_NOT_FOUND');
    }
    expectShapeB(await h.call('POST', `/api/v1/calls/${ended.conversation_uuid}/hangup`), 404, 'ENDPOINT_NOT_FOUND');
    expectShapeB(await action(ended.uuid, 'hangup'), 404, 'RESOURCE_NOT_FOUND');
  });

  it('says a message and, with end_call_after_spoken, hangs up once it is spoken', async () => {
    const started = await start();
    const answered = T0 + RING_MS;
    h.clock.freeze(answered + 2000);
    const plain = 'One moment please.';
    await dispatched(started.conversation_uuid, 'say', { message: plain });
    expect((await callOf(started.conversation_uuid)).status).toBe('in_progress');
    const goodbye = 'Thank you, goodbye!';
    expect((await action(started.conversation_uuid, 'say', { message: goodbye, end_call_after_spoken: true })).status).toBe(200);
    // The two messages are spoken in turn from now; the call ends when the second is done.
    const end = answered + 2000 + (plain.length + goodbye.length) * SPEECH_MS_PER_CHAR;
    h.clock.freeze(end - 1);
    expect((await callOf(started.conversation_uuid)).status).toBe('in_progress');
    h.clock.freeze(end);
    const ended = await callOf(started.conversation_uuid);
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'end_call_after_spoken', duration_seconds: Math.round((end - answered) / 1000) });
    expect(Date.parse(ended.ended_at ?? '')).toBe(end);
    expectShapeB(await action(started.conversation_uuid, 'say', { message: 'Still there?' }), 409, 'CONFLICT');
  });

  it('speaks a message sent before the call is answered once it is answered, after the opening sentence', async () => {
    const opening = 'Good morning, this is Acme Dental.';
    const started = await start({ message: { start: opening } });
    const message = 'Your appointment is confirmed.';
    expect((await action(started.conversation_uuid, 'say', { message, end_call_after_spoken: true })).status).toBe(200);
    const end = T0 + RING_MS + (opening.length + message.length) * SPEECH_MS_PER_CHAR;
    h.clock.freeze(end - 1);
    expect((await callOf(started.conversation_uuid)).status).toBe('in_progress');
    h.clock.freeze(end);
    expect(await callOf(started.conversation_uuid)).toMatchObject({ status: 'ended', end_reason: 'end_call_after_spoken' });
  });

  it('ends as completed when the contact hangs up before a long message is spoken', async () => {
    const started = await start();
    h.clock.freeze(T0 + RING_MS);
    expect((await action(started.conversation_uuid, 'say', { message: 'x'.repeat(2000), end_call_after_spoken: true })).status).toBe(200);
    h.clock.freeze(T0 + RING_MS + TALK_MS);
    expect(await callOf(started.conversation_uuid)).toMatchObject({ status: 'ended', end_reason: 'completed' });
  });

  it('refuses a say message over 2000 characters with 422 naming message', async () => {
    const started = await start();
    expectShapeB(await action(started.conversation_uuid, 'say', { message: 'x'.repeat(2001) }), 422, 'VALIDATION_ERROR', 'message');
    expectShapeB(await action(started.conversation_uuid, 'say', { message: 'Hi', end_call_after_spoken: 'yes' }), 422, 'VALIDATION_ERROR', 'end_call_after_spoken');
    expect((await action(started.conversation_uuid, 'say', { message: 'x'.repeat(2000) })).status).toBe(200);
  });

  it('holds at most 50 simultaneous calls: the 51st gets 409 and creates nothing', async () => {
    const live = (await list({ per_page: '100' })).data.filter((c) => ['queued', 'ringing', 'in_progress'].includes(c.status)).length;
    const first = await start();
    for (let i = live + 1; i < 50; i++) await start();
    const before = (await list()).total;
    const refused = expectShapeB(await h.call('POST', '/api/v1/call', { json: bodies.body('call') }), 409, 'CONFLICT');
    expect(refused.message).toBe('Concurrent call limit reached');
    expect((await list()).total).toBe(before);
    const summary = (await h.call('GET', '/api/v1/outbound/summary')).json<ResponseBody<'getOutboundSummary', 200>>().data;
    expect(summary.concurrent_calls).toEqual({ active: 50, limit: 50 });
    expect((await action(first.conversation_uuid, 'hangup')).status).toBe(200);
    await start();
  });
});
