// Webhook deliveries from state changes (seed "Events" rule 1; "Limits": 100 webhook events per
// second per workspace): an inbound message, a send, a team member's reply and a conversation's end reach
// the active webhooks of the conversation's agent that subscribe to the event, and each delivery
// shows in GET /api/v1/logs/webhooks with event, destination, status, payload, headers (the
// signature masked) and the simulated response; a planned failure makes deliveries `failed`;
// past 100 in a second, deliveries are queued on the clock and read `pending` until it gets there.
// Evaluations and intents are derived when the feed is read: voice_evaluation once a call has
// ended on the clock, text_evaluation once a messaging conversation is idle past the timeout,
// intent_call for each intent of a call conversation, only to webhooks subscribed at that moment.
// Every payload is `{event, data}` with the fields the n8n trigger reads that apply to the event
// (published API, MihuTrigger.node.ts), validated against the contract's AgentWebhookPayload.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContractAjv } from '../../contract/ajv.ts';
import { loadContract } from '../../mock/contract/load.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { SEND_PATHS, sendBodies } from '../support/send-bodies.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
type Feed = ResponseBody<'listWebhookDeliveryLogs', 200>['data'];
type Delivery = Feed['data'][number];

const hooked = acme.state.agent_webhooks.find((w) => w.is_active && w.secret_key !== null && w.events.includes('conversation_status'));
if (!hooked?.secret_key) throw new Error('acme fixture lacks an active webhook with a secret on conversation_status');
const agent = acme.state.agents.find((a) => a.uuid === hooked.agent_uuid);
const agentNumber = acme.state.phone_numbers.find((p) => p.uuid === agent?.channels.sms)?.number;
if (!agent || !agentNumber) throw new Error('the webhook agent of acme has no SMS number');
const member = acme.state.members[0];
if (!member) throw new Error('acme has no member');
const HOOK_URL = 'https://hooks.acme.example/updates';

const ajv = createContractAjv(loadContract());
const payloadSchema = ajv.validator('#/components/schemas/AgentWebhookPayload');
/** The `data` of a delivery's payload (published `{event, data}`). */
const dataOf = (r: { payload: unknown }): Record<string, unknown> => ((r.payload as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;

describe('webhook deliveries', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
  });

  async function feed(query: Record<string, string> = {}): Promise<Delivery[]> {
    const res = await h.call('GET', '/api/v1/logs/webhooks', { query: { per_page: '100', from: new Date(T0 - 60_000).toISOString(), ...query } });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(hooked?.secret_key);
    const rows = res.json<{ data: Feed }>().data.data;
    for (const r of rows) expect(payloadSchema(r.payload), `${r.event}: ${ajv.ajv.errorsText(payloadSchema.errors)}`).toBe(true);
    return rows;
  }

  async function inbound(from: string, text = 'Hallo'): Promise<{ conversation_uuid: string; message_uuid: string }> {
    const res = await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from, to: agentNumber, text });
    expect(res.status).toBe(201);
    return (res.body as { data: { conversation_uuid: string; message_uuid: string } }).data;
  }

  async function subscribeUpdates(): Promise<void> {
    const res = await h.call('POST', `/api/v1/agents/${hooked?.agent_uuid}/webhooks`, { json: { url: HOOK_URL, events: ['conversation_update'] } });
    expect(res.status).toBe(201);
  }

  it('a conversation opened by an inbound message is delivered as conversation_status, signed, the signature masked in the feed', async () => {
    const got = await inbound('+491709990001');
    const rows = await feed({ event: 'conversation_status' });
    const row = rows.find((r) => dataOf(r).conversation_uuid === got.conversation_uuid);
    expect(row).toMatchObject({
      event: 'conversation_status',
      destination: hooked.url,
      status: 'delivered',
      attempt: 1,
      payload: { event: 'conversation_status', data: { conversation_uuid: got.conversation_uuid, agent_id: agent.uuid, status: 'Active', number: '+491709990001', contact_info: { phone_number: '+491709990001' } } },
      response: { status_code: 200 },
      headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': '***' },
    });
    // The signature kept in the workspace verifies with the webhook's secret.
    const stored = h.mock.store.get('acme')?.state.webhook_deliveries.find((d) => d.uuid === row?.uuid);
    const signature = stored?.headers['X-Webhook-Signature'] ?? '';
    const t = /^t=(\d+),v1=/.exec(signature)?.[1];
    const expected = createHmac('sha256', hooked.secret_key as string).update(`${t}.${JSON.stringify(stored?.payload)}`).digest('hex');
    expect(signature).toBe(`t=${t},v1=${expected}`);
    // The webhook does not subscribe to conversation_update: none was delivered.
    expect(await feed({ event: 'conversation_update' })).toEqual([]);
  });

  it('inbound messages and replies are delivered as conversation_update to subscribed webhooks, without a signature when there is no secret', async () => {
    await subscribeUpdates();
    const got = await inbound('+491709990002', 'Erste Nachricht');
    const reply = await h.call('POST', `/api/v1/conversations/${got.conversation_uuid}/reply`, { json: { text: 'Gern!', user_email: member.email } });
    expect(reply.status).toBe(201);
    const replyUuid = reply.json<{ data: { uuid: string } }>().data.uuid;
    const updates = (await feed({ event: 'conversation_update' })).filter((r) => dataOf(r).conversation_uuid === got.conversation_uuid);
    expect(updates.map((r) => dataOf(r).message_uuid).sort()).toEqual([got.message_uuid, replyUuid].sort());
    for (const r of updates) {
      expect(r.destination).toBe(HOOK_URL);
      expect(r.headers).not.toHaveProperty('X-Webhook-Signature');
    }
  });

  it('a send through the API is delivered as conversation_update, and conversation_status when it opened the conversation', async () => {
    await subscribeUpdates();
    const sent = await h.call('POST', SEND_PATHS.sms, { json: { agentId: hooked.agent_uuid, phoneNumber: '+491709990009', message: 'Ihr Termin ist morgen um 10:30.' } });
    expect(sent.status).toBe(200);
    const { messageId, conversationId } = sent.json<{ data: { messageId: string; conversationId: string } }>().data;
    const rows = (await feed()).filter((r) => dataOf(r).conversation_uuid === conversationId);
    expect(rows.map((r) => r.event).sort()).toEqual(['conversation_status', 'conversation_update']);
    expect(rows.find((r) => r.event === 'conversation_update')?.payload).toMatchObject({ event: 'conversation_update', data: { message_uuid: messageId, direction: 'outbound', sender: 'AI', channel: 'sms' } });
  });

  it('the end of a conversation is delivered as conversation_status Closed and conversation_end_report', async () => {
    const got = await inbound('+491709990003');
    const ended = await h.control('POST', `/conversations/${got.conversation_uuid}/end`, { tenant: 'acme' });
    expect(ended.status).toBe(200);
    const rows = (await feed()).filter((r) => dataOf(r).conversation_uuid === got.conversation_uuid);
    expect(rows.map((r) => `${r.event}:${dataOf(r).status}`).sort()).toEqual(['conversation_end_report:Closed', 'conversation_status:Active', 'conversation_status:Closed']);
    // The end report carries the session's evaluation: its transcript and the analysis the trigger reads.
    const report = dataOf(rows.find((r) => r.event === 'conversation_end_report') as Delivery);
    expect(report).toMatchObject({ session_type: 'text', session_evaluation_uuid: expect.any(String), pipeline: null, pipeline_change: null, appointment: null });
    expect(report.conversation).toEqual([expect.objectContaining({ role: 'contact', text: 'Hallo' })]);
    expect(Object.keys(report.sentiment_analysis as object).sort()).toEqual(['emotion', 'human_escalation', 'intent', 'intent_labels', 'knowledge_gap', 'satisfaction', 'sentiment', 'success']);
    const list = await h.call('GET', '/api/v1/conversations', { query: { phone: '+491709990003' } });
    expect(list.json<{ data: { data: Array<{ status: string }> } }>().data.data[0]?.status).toBe('Closed');
    const again = await h.control('POST', `/conversations/${got.conversation_uuid}/end`, { tenant: 'acme' });
    expect(again.status).toBe(409);
  });

  it('a paused webhook gets nothing, and another workspace never sees the deliveries', async () => {
    const same = { url: hooked.url, events: hooked.events };
    const paused = await h.call('PATCH', `/api/v1/agents/${hooked.agent_uuid}/webhooks/${hooked.uuid}`, { json: { ...same, is_active: false } });
    expect(paused.status).toBe(200);
    const before = (await feed()).length;
    const got = await inbound('+491709990008');
    expect(got.conversation_uuid).toBeTypeOf('string');
    expect(await feed()).toHaveLength(before);
    const resumed = await h.call('PATCH', `/api/v1/agents/${hooked.agent_uuid}/webhooks/${hooked.uuid}`, { json: { ...same, is_active: true } });
    expect(resumed.status).toBe(200);
    const opened = await inbound('+491709990010');
    expect((await feed()).some((r) => dataOf(r).conversation_uuid === opened.conversation_uuid)).toBe(true);
    const globex = await h.call('GET', '/api/v1/logs/webhooks', { tenant: 'globex', query: { per_page: '100' } });
    expect(globex.status).toBe(200);
    expect(globex.text).not.toContain(opened.conversation_uuid);
  });

  it('a failure planned through the control API makes deliveries failed with that response; null returns to 200', async () => {
    const planned = await h.control('PUT', '/webhooks/response', { tenant: 'acme', status_code: 503, body: 'down' });
    expect(planned.status).toBe(200);
    const failing = await inbound('+491709990004');
    await h.control('PUT', '/webhooks/response', { tenant: 'acme', status_code: null });
    const fine = await inbound('+491709990005');
    const rows = await feed({ event: 'conversation_status' });
    const of = (uuid: string) => rows.find((r) => dataOf(r).conversation_uuid === uuid);
    expect(of(failing.conversation_uuid)).toMatchObject({ status: 'failed', response: { status_code: 503, body: 'down' } });
    expect(of(fine.conversation_uuid)).toMatchObject({ status: 'delivered', response: { status_code: 200 } });
    const bad = await h.control('PUT', '/webhooks/response', { tenant: 'acme', status_code: 42 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, error: { field: 'status_code' } });
  });

  it('past 100 deliveries in one second, deliveries are queued on the clock and read pending until it gets there', async () => {
    await subscribeUpdates();
    const got = await inbound('+491709990006', 'm0');
    for (let i = 1; i < 120; i++) await inbound('+491709990006', `m${i}`);
    // One conversation_status (it opened) and 120 conversation_update: 121 deliveries at T0.
    const pendingNow = await feed({ status: 'pending' });
    expect(pendingNow).toHaveLength(21);
    for (const p of pendingNow) expect(p).toMatchObject({ response: null, duration_ms: null });
    const state = h.mock.store.get('acme')?.state.webhook_deliveries.filter((d) => dataOf(d).conversation_uuid === got.conversation_uuid) ?? [];
    const second = (d: { created_at: Date }) => Math.floor(d.created_at.getTime() / 1000);
    const perSecond = new Map<number, number>();
    for (const d of state) perSecond.set(second(d), (perSecond.get(second(d)) ?? 0) + 1);
    expect([...perSecond.values()]).toEqual([100, 21]);
    h.clock.advance(1_000);
    expect(await feed({ status: 'pending' })).toEqual([]);
  });
  describe('deliveries derived from the clock', () => {
    const calls = sendBodies(acme);
    const EVAL_URL = 'https://hooks.acme.example/evaluations';
    const ofConversation = (rows: Delivery[], uuid: string) => rows.filter((r) => dataOf(r).conversation_uuid === uuid);

    async function subscribe(agentUuid: string, events: string[], extra: Record<string, unknown> = {}): Promise<void> {
      const res = await h.call('POST', `/api/v1/agents/${agentUuid}/webhooks`, { json: { url: EVAL_URL, events, secret_key: 'whsec_derived_secret_0001', ...extra } });
      expect(res.status, res.text).toBe(201);
    }

    async function startCall(): Promise<{ id: string; conversation_uuid: string }> {
      const res = await h.call('POST', '/api/v1/call', { json: calls.body('call') });
      // The start's own status is the calls group's concern; any success starts the call.
      expect(res.status >= 200 && res.status < 300, res.text).toBe(true);
      return res.json<{ data: { id: string; conversation_uuid: string } }>().data;
    }

    it('a call is delivered as voice_evaluation once it has ended on the clock, not before, at its end time, with a stable uuid', async () => {
      await subscribe(calls.agentUuid, ['voice_evaluation']);
      const call = await startCall();
      expect(ofConversation(await feed({ event: 'voice_evaluation' }), call.conversation_uuid)).toEqual([]);
      h.clock.advance(10 * 60_000);
      const listed = await h.call('GET', '/api/v1/calls', { query: { conversation_uuid: call.conversation_uuid } });
      const ended = listed.json<{ data: { data: Array<{ status: string; ended_at: string; duration_seconds: number; end_reason: string }> } }>().data.data[0];
      expect(ended?.status).toBe('ended');
      const rows = ofConversation(await feed({ event: 'voice_evaluation' }), call.conversation_uuid);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        event: 'voice_evaluation',
        destination: EVAL_URL,
        status: 'delivered',
        headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': '***' },
        response: { status_code: 200 },
        payload: {
          event: 'voice_evaluation',
          data: {
            call_id: call.id,
            conversation_uuid: call.conversation_uuid,
            agent_id: calls.agentUuid,
            session_type: 'voice',
            duration: ended?.duration_seconds,
            call_end_analysis: { end_reason: ended?.end_reason },
            session_evaluation_uuid: expect.any(String),
            sentiment_analysis: { sentiment: { value: expect.any(String), confidence: expect.any(Number) } },
          },
        },
      });
      expect(Date.parse(dataOf(rows[0] as Delivery).timestamp as string)).toBe(Date.parse(ended?.ended_at as string));
      expect(Date.parse(rows[0]?.created_at as string)).toBe(Date.parse(ended?.ended_at as string));
      const again = ofConversation(await feed({ event: 'voice_evaluation' }), call.conversation_uuid);
      expect(again.map((r) => r.uuid)).toEqual(rows.map((r) => r.uuid));
      // Reading wrote nothing.
      expect(h.mock.store.get('acme')?.state.webhook_deliveries.some((d) => d.event === 'voice_evaluation')).toBe(false);
      // Another workspace never sees it.
      const globex = await h.call('GET', '/api/v1/logs/webhooks', { tenant: 'globex', query: { per_page: '100' } });
      expect(globex.status).toBe(200);
      expect(globex.text).not.toContain(call.conversation_uuid);
      expect(globex.text).not.toContain(rows[0]?.uuid);
    });

    it('an unsubscribed, a paused or a later webhook gets no voice_evaluation', async () => {
      await subscribe(calls.agentUuid, ['conversation_update']);
      const paused = await h.call('POST', `/api/v1/agents/${calls.agentUuid}/webhooks`, { json: { url: 'https://hooks.acme.example/paused', events: ['voice_evaluation'], is_active: false } });
      expect(paused.status, paused.text).toBe(201);
      const call = await startCall();
      h.clock.advance(10 * 60_000);
      await h.call('POST', `/api/v1/agents/${calls.agentUuid}/webhooks`, { json: { url: 'https://hooks.acme.example/later', events: ['voice_evaluation'] } });
      expect(ofConversation(await feed({ event: 'voice_evaluation' }), call.conversation_uuid)).toEqual([]);
    });

    it('a messaging conversation idle past the sessionization timeout is delivered as text_evaluation', async () => {
      await subscribe(hooked.agent_uuid as string, ['text_evaluation']);
      const settings = await h.call('GET', `/api/v1/agents/${hooked.agent_uuid}/evaluate`);
      expect(settings.status).toBe(200);
      const minutes = settings.json<ResponseBody<'getAgentEvaluateSettings', 200>>().data.sessionization.timeout_minutes;
      const got = await inbound('+491709990011');
      h.clock.advance(minutes * 60_000 - 1_000);
      expect(ofConversation(await feed({ event: 'text_evaluation' }), got.conversation_uuid)).toEqual([]);
      h.clock.advance(1_000);
      const rows = ofConversation(await feed({ event: 'text_evaluation' }), got.conversation_uuid);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        destination: EVAL_URL,
        payload: { event: 'text_evaluation', data: { channel: 'sms', reason: 'idle_timeout', session_type: 'text', number: '+491709990011', conversation: [expect.objectContaining({ text: 'Hallo' })] } },
        headers: { 'X-Webhook-Signature': '***' },
      });
      expect(Date.parse(rows[0]?.created_at as string)).toBe(T0 + minutes * 60_000);
      // A later message opens a new session: the first evaluation stays, the second follows its idle time.
      await inbound('+491709990011', 'Noch eine Frage');
      expect(ofConversation(await feed({ event: 'text_evaluation' }), got.conversation_uuid).map((r) => r.uuid)).toEqual([rows[0]?.uuid]);
      h.clock.advance(minutes * 60_000);
      const both = ofConversation(await feed({ event: 'text_evaluation' }), got.conversation_uuid);
      expect(both).toHaveLength(2);
      expect(both.map((r) => r.uuid)).toContain(rows[0]?.uuid);
    });

    it('an intent the AI took during a call is delivered as intent_call', async () => {
      await subscribe(calls.agentUuid, ['intent_call']);
      const call = await startCall();
      const ws = h.mock.store.get('acme')?.state;
      if (!ws) throw new Error('no acme workspace');
      ws.action_logs.push({
        uuid: '0b6f6a52-4a55-4d0e-9f7c-1f2e3d4c5b6a',
        type: 'intent',
        name: 'book_appointment',
        description: 'Booked an appointment',
        status: 'completed',
        channel: 'call',
        channel_id: null,
        duration_ms: 800,
        created_at: new Date(T0 + 20_000),
        agent_uuid: calls.agentUuid,
        contact_uuid: null,
        customer_number: null,
        campaign_uuid: null,
        conversation_uuid: call.conversation_uuid,
        session_uuid: null,
        started_at: new Date(T0 + 20_000),
        completed_at: new Date(T0 + 21_000),
        request: { date: '2026-12-02' },
        response: null,
        error: null,
        steps: null,
      });
      expect(ofConversation(await feed({ event: 'intent_call' }), call.conversation_uuid)).toEqual([]);
      h.clock.advance(21_000);
      const rows = ofConversation(await feed({ event: 'intent_call' }), call.conversation_uuid);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        destination: EVAL_URL,
        payload: { event: 'intent_call', data: { conversation_uuid: call.conversation_uuid, agent_id: calls.agentUuid, intent_uuid: '0b6f6a52-4a55-4d0e-9f7c-1f2e3d4c5b6a', name: 'book_appointment', arguments: { date: '2026-12-02' } } },
      });
      expect(dataOf(rows[0] as Delivery)).not.toHaveProperty('sentiment_analysis');
    });
  });
});
