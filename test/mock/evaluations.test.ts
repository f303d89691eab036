// Evaluations (published API, "Evaluations": GET /api/v1/evaluations, paged, and GET
// /api/v1/evaluations/{uuid}), derived from state and the clock when read (seed "Evaluate": a
// session ends when the customer is idle for `sessionization.timeout_minutes` or the conversation
// closes; calls are evaluated at call end). Each metric is `{value, confidence, reason}`. The
// evaluations are the ones the webhook deliveries announce: the same uuid (`session_evaluation_uuid`)
// and the same scores (`sentiment_analysis`, confidence as a fraction there).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../../mock/core/mock.ts';
import { MockClock } from '../../mock/time/clock.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';
import { sendBodies } from '../support/send-bodies.ts';

type Page = ResponseBody<'listEvaluations', 200>['data'];
type Evaluation = Page['data'][number];

const METRICS = ['sentiment', 'emotion', 'sentiment_strength', 'intent', 'intent_labels', 'knowledge_gap', 'human_escalation', 'contextual_sentiment', 'satisfaction', 'success'] as const;
const acme = demoTenant('acme');
// The SMS-answering agent with a webhook in acme, and its SMS number (inbound messages reach it).
const hooked = acme.state.agent_webhooks.find((w) => w.is_active);
const agent = acme.state.agents.find((a) => a.uuid === hooked?.agent_uuid);
const agentNumber = acme.state.phone_numbers.find((p) => p.uuid === agent?.channels.sms)?.number;
if (!agent || !agentNumber) throw new Error('acme fixture lacks an agent with a webhook and an SMS number');
const HOOK_URL = 'https://hooks.acme.example/evaluations';

describe('evaluations', () => {
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

  async function list(query: Record<string, string> = {}): Promise<Page> {
    const res = await h.call('GET', '/api/v1/evaluations', { query: { per_page: '100', ...query } });
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Evaluations retrieved successfully');
    return res.json<{ data: Page }>().data;
  }

  async function inbound(from: string, text = 'Hallo'): Promise<string> {
    const res = await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from, to: agentNumber, text });
    expect(res.status, res.text).toBe(201);
    return (res.body as { data: { conversation_uuid: string } }).data.conversation_uuid;
  }

  async function timeoutMinutes(agentUuid: string): Promise<number> {
    const res = await h.call('GET', `/api/v1/agents/${agentUuid}/evaluate`);
    expect(res.status).toBe(200);
    return res.json<ResponseBody<'getAgentEvaluateSettings', 200>>().data.sessionization.timeout_minutes;
  }

  async function deliveries(event: string): Promise<Array<{ payload: { data: Record<string, unknown> } }>> {
    const res = await h.call('GET', '/api/v1/logs/webhooks', { query: { per_page: '100', event, from: new Date(T0 - 86_400_000).toISOString() } });
    expect(res.status).toBe(200);
    return res.json<{ data: { data: Array<{ payload: { data: Record<string, unknown> } }> } }>().data.data;
  }

  it('lists the demo workspace’s ended sessions, newest first, each metric {value, confidence, reason}', async () => {
    const page = await list();
    expect(page.total).toBeGreaterThan(0);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 100, total: page.data.length });
    const times = page.data.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const e of page.data) {
      for (const m of METRICS) {
        expect(e[m], `${e.uuid} ${m}`).toEqual({ value: expect.any(String), confidence: expect.any(Number), reason: expect.any(String) });
        expect(Number.isInteger(e[m].confidence) && e[m].confidence >= 0 && e[m].confidence <= 100).toBe(true);
      }
      expect(e.created_at).toMatch(/[+-]\d{2}:\d{2}$/);
    }
    // Voice sessions are the demo's ended calls; the failed call is not evaluated.
    const voice = page.data.filter((e) => e.session_type === 'voice').map((e) => e.call_uuid);
    const ended = acme.state.calls.filter((c) => c.status === 'ended').map((c) => c.uuid);
    for (const uuid of ended) expect(voice).toContain(uuid);
    expect(voice).not.toContain(acme.state.calls.find((c) => c.status === 'failed')?.uuid);
  });

  it('pages: per_page and page cut the list, the totals describe it', async () => {
    const all = await list();
    const first = await list({ per_page: '2', page: '1' });
    const second = await list({ per_page: '2', page: '2' });
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: all.total, last_page: Math.ceil(all.total / 2) });
    expect([...first.data, ...second.data].map((e) => e.uuid)).toEqual(all.data.slice(0, 4).map((e) => e.uuid));
    const defaults = await h.call('GET', '/api/v1/evaluations');
    expect(defaults.json<{ data: Page }>().data.per_page).toBe(15);
    expect((await h.call('GET', '/api/v1/evaluations', { query: { per_page: '101' } })).status).toBe(422);
  });

  it('reads one evaluation as listed; an unknown uuid is 404, a malformed one 422', async () => {
    const [listed] = (await list()).data;
    const read = await h.call('GET', `/api/v1/evaluations/${listed?.uuid}`);
    expect(read.status).toBe(200);
    expect(read.json<{ message: string; data: Evaluation }>()).toMatchObject({ success: true, message: 'Evaluation retrieved successfully', data: listed });
    const unknown = await h.call('GET', '/api/v1/evaluations/5f0c6d52-6a4e-4b8e-9d0a-1c2b3d4e5f61');
    expect(unknown.status).toBe(404);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await h.call('GET', '/api/v1/evaluations/not-a-uuid')).status).toBe(422);
    // Another workspace does not see it.
    expect((await h.call('GET', `/api/v1/evaluations/${listed?.uuid}`, { tenant: 'globex' })).status).toBe(404);
  });

  it('a messaging session is evaluated once its customer has been idle for the timeout, not before, as its text_evaluation announces', async () => {
    const agentUuid = agent.uuid;
    const minutes = await timeoutMinutes(agentUuid);
    expect((await h.call('POST', `/api/v1/agents/${agentUuid}/webhooks`, { json: { url: HOOK_URL, events: ['text_evaluation'] } })).status).toBe(201);
    const conversation = await inbound('+491709990021');
    h.clock.advance(minutes * 60_000 - 1_000);
    expect((await list({ conversation_uuid: conversation })).data).toEqual([]);
    h.clock.advance(1_000);
    const [evaluation, ...rest] = (await list({ conversation_uuid: conversation })).data;
    expect(rest).toEqual([]);
    expect(evaluation).toMatchObject({ conversation_uuid: conversation, agent_uuid: agentUuid, session_type: 'text', call_uuid: null });
    expect(Date.parse(evaluation?.created_at as string)).toBe(T0 + minutes * 60_000);
    const conv = h.mock.store.get('acme')?.state.conversations.find((c) => c.uuid === conversation);
    expect(evaluation?.session_uuid).toBe(conv?.session_uuid);
    expect(evaluation?.contact_uuid).toBe(conv?.contact_uuid);
    // The delivery announces this evaluation: same uuid, same scores.
    const announced = (await deliveries('text_evaluation')).find((d) => d.payload.data.conversation_uuid === conversation)?.payload.data;
    expect(announced?.session_evaluation_uuid).toBe(evaluation?.uuid);
    const scores = announced?.sentiment_analysis as Record<string, { value: unknown; confidence: number }>;
    for (const m of ['sentiment', 'emotion', 'intent', 'satisfaction', 'success', 'human_escalation'] as const) {
      expect(String(scores[m]?.value), m).toBe(evaluation?.[m].value);
      expect(Math.round((scores[m]?.confidence ?? 0) * 100), m).toBe(evaluation?.[m].confidence);
    }
    // Reading wrote nothing: the same state and clock give the same record.
    expect((await list({ conversation_uuid: conversation })).data).toEqual([evaluation]);
    // The customer writes again: a new session, evaluated after its own idle time; the first stays.
    await inbound('+491709990021', 'Noch eine Frage');
    expect((await list({ conversation_uuid: conversation })).data).toEqual([evaluation]);
    h.clock.advance(minutes * 60_000);
    const [second, first] = (await list({ conversation_uuid: conversation })).data;
    expect(first).toEqual(evaluation);
    expect(second?.uuid).not.toBe(evaluation?.uuid);
    expect(second?.session_uuid).not.toBe(evaluation?.session_uuid);
    expect(Date.parse(second?.created_at as string)).toBe(T0 + 2 * minutes * 60_000);
  });

  it('closing a conversation ends its session at once; the end report announces that evaluation', async () => {
    expect((await h.call('POST', `/api/v1/agents/${agent.uuid}/webhooks`, { json: { url: HOOK_URL, events: ['conversation_end_report'] } })).status).toBe(201);
    const conversation = await inbound('+491709990022');
    h.clock.advance(60_000);
    expect((await list({ conversation_uuid: conversation })).data).toEqual([]);
    expect((await h.control('POST', `/conversations/${conversation}/end`, { tenant: 'acme' })).status).toBe(200);
    const [evaluation] = (await list({ conversation_uuid: conversation })).data;
    expect(evaluation).toMatchObject({ conversation_uuid: conversation, session_type: 'text' });
    expect(Date.parse(evaluation?.created_at as string)).toBe(T0);
    const report = (await deliveries('conversation_end_report')).find((d) => d.payload.data.conversation_uuid === conversation)?.payload.data;
    expect(report?.session_evaluation_uuid).toBe(evaluation?.uuid);
  });

  it('a call is evaluated when it ends, as its voice_evaluation announces', async () => {
    const calls = sendBodies(acme);
    expect((await h.call('POST', `/api/v1/agents/${calls.agentUuid}/webhooks`, { json: { url: HOOK_URL, events: ['voice_evaluation'] } })).status).toBe(201);
    const started = await h.call('POST', '/api/v1/call', { json: calls.body('call') });
    expect(started.status >= 200 && started.status < 300, started.text).toBe(true);
    const call = started.json<{ data: { id: string; conversation_uuid: string } }>().data;
    expect((await list({ conversation_uuid: call.conversation_uuid })).data).toEqual([]);
    h.clock.advance(10 * 60_000);
    const [evaluation] = (await list({ conversation_uuid: call.conversation_uuid, session_type: 'voice' })).data;
    expect(evaluation).toMatchObject({ session_type: 'voice', call_uuid: call.id, agent_uuid: calls.agentUuid });
    const announced = (await deliveries('voice_evaluation')).find((d) => d.payload.data.call_id === call.id)?.payload.data;
    if (!announced) throw new Error('no voice_evaluation delivery for the call');
    expect(announced.session_evaluation_uuid).toBe(evaluation?.uuid);
    expect((announced.sentiment_analysis as Record<string, { value: unknown }>).sentiment?.value).toBe(evaluation?.sentiment.value);
  });

  it('no evaluation while evaluation is inactive for the agent', async () => {
    const off = await h.call('PUT', `/api/v1/agents/${agent.uuid}/evaluate`, { json: { is_active: false } });
    expect(off.status, off.text).toBe(200);
    const conversation = await inbound('+491709990023');
    h.clock.advance(24 * 60 * 60_000);
    expect((await list({ conversation_uuid: conversation })).data).toEqual([]);
    expect((await list({ agent_uuid: agent.uuid })).data).toEqual([]);
  });

  it('filters by agent, contact, session type and created_at range; a bad bound is 422', async () => {
    const all = (await list()).data;
    const sample = all[0] as Evaluation;
    expect((await list({ agent_uuid: sample.agent_uuid as string })).data.every((e) => e.agent_uuid === sample.agent_uuid)).toBe(true);
    if (sample.contact_uuid) expect((await list({ contact_uuid: sample.contact_uuid })).data.every((e) => e.contact_uuid === sample.contact_uuid)).toBe(true);
    expect((await list({ session_uuid: sample.session_uuid })).data.map((e) => e.uuid)).toContain(sample.uuid);
    const text = (await list({ session_type: 'text' })).data;
    expect(text.length + (await list({ session_type: 'voice' })).data.length).toBe(all.length);
    const at = sample.created_at;
    expect((await list({ from: at, to: at })).data.map((e) => e.uuid)).toContain(sample.uuid);
    expect((await list({ from: new Date(Date.parse(at) + 1000).toISOString() })).data.map((e) => e.uuid)).not.toContain(sample.uuid);
    expect((await h.call('GET', '/api/v1/evaluations', { query: { from: '2026-13-01' } })).status).toBe(422);
    expect((await h.call('GET', '/api/v1/evaluations', { query: { session_type: 'video' } })).status).toBe(422);
  });

  it('fault evaluation-before-session-end: a session is evaluated at its last message', async () => {
    h.mock.faults.set(['evaluation-before-session-end']);
    const conversation = await inbound('+491709990024');
    expect((await list({ conversation_uuid: conversation })).data).toHaveLength(1);
  });

  it('fault evaluation-metric-unexplained: the sentiment metric lacks its confidence and reason', async () => {
    const mock = createMock({ clock: new MockClock({ frozenAt: T0 }) });
    mock.faults.set(['evaluation-metric-unexplained']);
    const res = await mock.handle({
      method: 'GET',
      path: '/api/v1/evaluations',
      query: '',
      headers: { host: `acme.${mock.config.baseDomain}`, authorization: `Bearer ${acme.fullToken}` },
      body: new Uint8Array(),
    });
    expect(res.status).toBe(200);
    const [first] = (JSON.parse(res.body) as { data: Page }).data.data;
    expect(first?.sentiment).toEqual({ value: expect.any(String) });
    expect(first?.emotion).toHaveProperty('reason');
  });
});
