// Workspace webhook subscriptions (published by the n8n trigger: POST /api/v1/webhooks with
// `targetUrl` and `event`, DELETE /api/v1/webhooks with `targetUrl`; the list, the answers and the
// rules are designed): an https target only (422 otherwise), the same target and event again is
// idempotent (200, the same subscription), unsubscribing an unknown target is 404, and every
// evaluation of the subscribed event that completes while subscribed is recorded in the webhooks
// log feed as a delivery to the target with the fields the trigger reads.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const acme = demoTenant('acme');
const TARGET = 'https://n8n.acme.example/webhook/3f1c/webhook';
// An agent answering SMS in acme, and its number (inbound messages reach it).
const agent = acme.state.agents.find((a) => acme.state.phone_numbers.some((p) => p.uuid === a.channels.sms));
const agentNumber = acme.state.phone_numbers.find((p) => p.uuid === agent?.channels.sms)?.number;
if (!agent || !agentNumber) throw new Error('acme fixture lacks an agent with an SMS number');

interface Delivery {
  event: string;
  destination: string;
  payload: { event: string; data: Record<string, unknown> };
}

describe('webhook subscriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.clock.freeze(T0);
    await h.control('POST', '/reset');
    h.mock.faults.set([]);
  });

  const subscribe = (json: Record<string, unknown>) => h.call('POST', '/api/v1/webhooks', { json });
  async function listed(query: Record<string, string> = {}): Promise<Array<{ uuid: string; target_url: string; event: string }>> {
    const res = await h.call('GET', '/api/v1/webhooks', { query });
    expect(res.status, res.text).toBe(200);
    return res.json<{ data: { data: Array<{ uuid: string; target_url: string; event: string }> } }>().data.data;
  }
  async function deliveriesTo(target: string): Promise<Delivery[]> {
    const res = await h.call('GET', '/api/v1/logs/webhooks', { query: { per_page: '100', from: new Date(T0 - 86_400_000).toISOString() } });
    expect(res.status).toBe(200);
    return res.json<{ data: { data: Delivery[] } }>().data.data.filter((d) => d.destination === target);
  }
  async function evaluatedTextSession(from: string): Promise<string> {
    const res = await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from, to: agentNumber, text: 'Hallo' });
    expect(res.status, res.text).toBe(201);
    const conversation = (res.body as { data: { conversation_uuid: string } }).data.conversation_uuid;
    const settings = await h.call('GET', `/api/v1/agents/${agent?.uuid}/evaluate`);
    h.clock.advance(settings.json<{ data: { sessionization: { timeout_minutes: number } } }>().data.sessionization.timeout_minutes * 60_000);
    return conversation;
  }

  it('subscribes a target (201), again is idempotent (200, same record), lists it, filters by event', async () => {
    const first = await subscribe({ targetUrl: TARGET, event: 'text_evaluation' });
    expect(first.status, first.text).toBe(201);
    const created = first.json<{ success: boolean; data: { uuid: string; target_url: string; event: string; created_at: string } }>();
    expect(created).toMatchObject({ success: true, data: { target_url: TARGET, event: 'text_evaluation' } });
    const again = await subscribe({ targetUrl: TARGET, event: 'text_evaluation' });
    expect(again.status).toBe(200);
    expect(again.json<{ data: unknown }>().data).toEqual(created.data);
    expect((await subscribe({ targetUrl: TARGET, event: 'voice_evaluation' })).status).toBe(201);
    expect((await listed()).map((s) => s.event).sort()).toEqual(['text_evaluation', 'voice_evaluation']);
    expect((await listed({ event: 'voice_evaluation' })).map((s) => s.event)).toEqual(['voice_evaluation']);
    // Another workspace sees none of them.
    const other = await h.call('GET', '/api/v1/webhooks', { tenant: 'globex' });
    expect(other.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('refuses a non-https target, an unknown event or missing fields with 422, storing nothing', async () => {
    for (const body of [
      { targetUrl: 'http://n8n.acme.example/webhook', event: 'voice_evaluation' },
      { targetUrl: 'not a url', event: 'voice_evaluation' },
      { targetUrl: TARGET, event: 'conversation_status' },
      { targetUrl: TARGET },
      { event: 'voice_evaluation' },
    ]) {
      const res = await subscribe(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json<{ success: boolean }>().success).toBe(false);
    }
    expect(await listed()).toEqual([]);
  });

  it('unsubscribes every event of a target; an unknown target is 404', async () => {
    await subscribe({ targetUrl: TARGET, event: 'text_evaluation' });
    await subscribe({ targetUrl: TARGET, event: 'voice_evaluation' });
    const res = await h.call('DELETE', '/api/v1/webhooks', { json: { targetUrl: TARGET } });
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ data: { removed: unknown[] } }>().data.removed).toHaveLength(2);
    expect(await listed()).toEqual([]);
    const unknown = await h.call('DELETE', '/api/v1/webhooks', { json: { targetUrl: TARGET } });
    expect(unknown.status).toBe(404);
    expect((await h.call('DELETE', '/api/v1/webhooks', { json: {} })).status).toBe(422);
  });

  it('delivers each evaluation of the subscribed event to the target while subscribed, with the fields the trigger reads', async () => {
    await subscribe({ targetUrl: TARGET, event: 'text_evaluation' });
    const voiceTarget = 'https://n8n.acme.example/webhook/voice';
    await subscribe({ targetUrl: voiceTarget, event: 'voice_evaluation' });
    const conversation = await evaluatedTextSession('+491709990031');
    const delivered = (await deliveriesTo(TARGET)).filter((d) => d.payload.data.conversation_uuid === conversation);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ event: 'text_evaluation', payload: { event: 'text_evaluation', data: { conversation_uuid: conversation, agent_id: agent?.uuid, session_type: 'text' } } });
    const data = delivered[0]?.payload.data ?? {};
    for (const field of ['session_evaluation_uuid', 'number', 'contact_info', 'conversation', 'sentiment_analysis', 'timestamp', 'fields']) expect(data, field).toHaveProperty(field);
    // The voice subscription does not get the text evaluation.
    expect((await deliveriesTo(voiceTarget)).some((d) => d.payload.data.conversation_uuid === conversation)).toBe(false);
    // After unsubscribing, the recorded delivery stays and a later evaluation is not delivered.
    expect((await h.call('DELETE', '/api/v1/webhooks', { json: { targetUrl: TARGET } })).status).toBe(200);
    const later = await evaluatedTextSession('+491709990032');
    const after = await deliveriesTo(TARGET);
    expect(after.some((d) => d.payload.data.conversation_uuid === conversation)).toBe(true);
    expect(after.some((d) => d.payload.data.conversation_uuid === later)).toBe(false);
  });

  it('the fault webhook-subscription-not-delivered leaves the deliveries out', async () => {
    await subscribe({ targetUrl: TARGET, event: 'text_evaluation' });
    await evaluatedTextSession('+491709990033');
    h.mock.faults.set(['webhook-subscription-not-delivered']);
    expect(await deliveriesTo(TARGET)).toEqual([]);
  });
});
