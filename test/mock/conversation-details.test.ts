// Conversation details and sessions (published: GET /api/v1/conversations/{uuid}, GET
// /api/v1/conversations/{uuid}/sessions; seed "Evaluate": a session ends when the customer is idle
// for `sessionization.timeout_minutes` or the conversation closes). A conversation reads as the
// list shows it, its `session_uuids` those of its sessions; a messaging conversation's messages
// split into sessions at idle gaps of the timeout, a call conversation has one session per call;
// sessions are paged, oldest first, filtered by status. The faults `conversation-details-other-record`
// and `sessions-split-ignored` break those rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResponseBody } from '../support/contract.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { expectShapeB } from '../support/shape-b.ts';

type Conversation = ResponseBody<'getConversation', 200>['data'];
type Sessions = ResponseBody<'listConversationSessions', 200>['data'];

/** A WhatsApp conversation: messages on 10 November (within minutes), then one on 20 November. */
const WHATSAPP = { uuid: '2e016923-41eb-40fd-8352-cb636b4ffe3b', session: '5cadd0f1-97e5-4994-b226-3218b88845c6' };
/** A Closed WhatsApp conversation with three messages within minutes. */
const CLOSED = { uuid: 'a83e95e9-6e3b-4b23-a72f-e6665522a1c5', session: 'a67677dc-210f-4801-afdf-bce7cc22c82a' };
/** A call conversation with two calls: one ended, one in progress. */
const TWO_CALLS = { uuid: 'f312eeeb-3256-4a18-945d-e683f5b22219', ended: '7104a418-ce12-45b4-8cf1-5e2d014a1192', live: '5b0e7c1d-8a2f-4e63-9d4b-2c7f1a8e6d30' };
/** The default evaluate settings' idle timeout of the demo workspace (fixtures). */
const TIMEOUT_MS = 45 * 60_000;
const SMS_NUMBER = '+4917700001111';

describe.each(TRANSPORTS)('conversation details over %s', (transport) => {
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

  async function details(uuid: string): Promise<Conversation> {
    const res = await h.call('GET', `/api/v1/conversations/${uuid}`);
    expect(res.status, res.text).toBe(200);
    const body = res.json<ResponseBody<'getConversation', 200>>();
    expect(body).toMatchObject({ success: true, message: 'Conversation retrieved successfully' });
    return body.data;
  }
  async function sessions(uuid: string, query: Record<string, string> = {}): Promise<Sessions> {
    const res = await h.call('GET', `/api/v1/conversations/${uuid}/sessions`, { query });
    expect(res.status, res.text).toBe(200);
    const body = res.json<ResponseBody<'listConversationSessions', 200>>();
    expect(body).toMatchObject({ success: true, message: 'Sessions retrieved successfully' });
    return body.data;
  }

  it('answers every conversation of the list as the list shows it', async () => {
    const listed = (await h.call('GET', '/api/v1/conversations', { query: { per_page: '100' } })).json<ResponseBody<'listConversations', 200>>().data.data;
    expect(listed.length).toBeGreaterThan(5);
    for (const conversation of listed) {
      const read = await details(conversation.uuid);
      expect(read).toEqual(conversation);
      expect(read.session_uuids).toEqual((await sessions(conversation.uuid, { per_page: '100' })).data.map((s) => s.uuid));
    }
  });

  it('is 404 for an unknown conversation or another workspace’s, 422 for a malformed uuid', async () => {
    expectShapeB(await h.call('GET', '/api/v1/conversations/00000000-0000-4000-8000-000000000000'), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', '/api/v1/conversations/00000000-0000-4000-8000-000000000000/sessions'), 404, 'RESOURCE_NOT_FOUND');
    const globex = (await h.call('GET', '/api/v1/conversations', { tenant: 'globex' })).json<ResponseBody<'listConversations', 200>>().data.data[0]?.uuid as string;
    expectShapeB(await h.call('GET', `/api/v1/conversations/${globex}`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', `/api/v1/conversations/${globex}/sessions`), 404, 'RESOURCE_NOT_FOUND');
    expectShapeB(await h.call('GET', '/api/v1/conversations/not-a-uuid'), 422, 'INVALID_UUID');
    expect((await h.call('GET', `/api/v1/conversations/${WHATSAPP.uuid}/sessions`, { query: { status: 'open' } })).status).toBe(422);
    expect((await h.call('GET', `/api/v1/conversations/${WHATSAPP.uuid}/sessions`, { query: { per_page: '101' } })).status).toBe(422);
  });

  it('splits a messaging conversation at an idle gap of the timeout, the first session keeping the conversation’s uuid', async () => {
    const page = await sessions(WHATSAPP.uuid);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 2 });
    const [first, second] = page.data;
    expect(first).toMatchObject({
      uuid: WHATSAPP.session,
      status: 'completed',
      conversation_uuid: WHATSAPP.uuid,
      agent_uuid: 'f47aebdd-597a-4ecf-bcf0-0fecb91ee9e5',
      contact: { uuid: '325b55dd-7857-4976-ba12-917c1a26f889', phone_number: '+4915112345678' },
      call_uuid: null,
      campaign_uuid: '23ab26b6-8d5a-4eea-af7f-bb58531cf27e',
    });
    expect(Date.parse(first?.started_at as string)).toBe(Date.parse('2026-11-10T09:12:00+01:00'));
    expect(Date.parse(first?.last_activity_at as string)).toBe(Date.parse('2026-11-10T09:20:11+01:00'));
    expect(Date.parse(first?.ended_at as string)).toBe(Date.parse('2026-11-10T09:20:11+01:00') + TIMEOUT_MS);
    // Evaluation is enabled in the demo workspace: evaluated when it ended, with a summary.
    expect(first?.evaluated_at).toBe(first?.ended_at);
    expect(first?.summary).toContain('3 messages');
    expect(second?.uuid).not.toBe(WHATSAPP.session);
    expect(Date.parse(second?.started_at as string)).toBe(Date.parse('2026-11-20T07:58:12+01:00'));
    expect(second?.status).toBe('completed');
    expect((await details(WHATSAPP.uuid)).session_uuids).toEqual([first?.uuid, second?.uuid]);
  });

  it('ends the last session of a Closed conversation at its last message', async () => {
    const [only, ...rest] = (await sessions(CLOSED.uuid)).data;
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ uuid: CLOSED.session, status: 'completed' });
    expect(only?.ended_at).toBe(only?.last_activity_at);
    expect(only?.summary).toContain('closed');
  });

  it('keeps a session active until the customer has been idle for the timeout, then starts a new one', async () => {
    const first = await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from: SMS_NUMBER, text: 'Hello, is the shop open on Saturday?' });
    expect(first.status, first.text).toBe(201);
    const conversation = (first.body as { data: { conversation_uuid: string } }).data.conversation_uuid;
    h.clock.advance(TIMEOUT_MS - 1_000);
    await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from: SMS_NUMBER, text: 'And on Sunday?' });
    let page = await sessions(conversation);
    expect(page.data.map((s) => s.status)).toEqual(['active']);
    expect(page.data[0]).toMatchObject({ ended_at: null, evaluated_at: null, summary: null, summary_generated_at: null });
    h.clock.advance(TIMEOUT_MS);
    page = await sessions(conversation);
    expect(page.data.map((s) => s.status)).toEqual(['completed']);
    await h.control('POST', '/inbound', { tenant: 'acme', channel: 'sms', from: SMS_NUMBER, text: 'One more question.' });
    page = await sessions(conversation);
    expect(page.data.map((s) => s.status)).toEqual(['completed', 'active']);
    expect((await sessions(conversation, { status: 'active' })).data).toHaveLength(1);
    expect((await sessions(conversation, { status: 'completed', per_page: '1', page: '2' }))).toMatchObject({ total: 1, data: [] });
  });

  it('gives a call conversation one session per call', async () => {
    const [ended, live] = (await sessions(TWO_CALLS.uuid)).data;
    expect(ended).toMatchObject({ call_uuid: TWO_CALLS.ended, status: 'completed' });
    expect(live).toMatchObject({ call_uuid: TWO_CALLS.live, status: 'active', ended_at: null, evaluated_at: null });
  });

  it('with the fault conversation-details-other-record, answers another conversation', async () => {
    await h.control('PUT', '/faults', { faults: ['conversation-details-other-record'] });
    expect((await details(WHATSAPP.uuid)).uuid).not.toBe(WHATSAPP.uuid);
  });

  it('with the fault sessions-split-ignored, answers one session whatever the gaps', async () => {
    await h.control('PUT', '/faults', { faults: ['sessions-split-ignored'] });
    expect((await sessions(WHATSAPP.uuid)).total).toBe(1);
  });
});
