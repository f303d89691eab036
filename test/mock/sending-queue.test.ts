// The sending queue (seed "Limits" note 1): the 5-per-second limit governs how fast requests are
// accepted, not how fast calls and messages leave; accepted items wait in a queue and go out at
// the workspace's pace. GET /api/v1/outbound/summary reports, per channel, what is queued, going
// out (messages being handed over; calls ringing or in progress) and sent, as the clock moves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueue, HANDOVER_MS, lastSendAt } from '../../mock/resources/messaging/sending-queue.ts';
import { Transaction } from '../../mock/state/transaction.ts';
import type { WorkspaceState } from '../../mock/state/workspace.ts';
import type { ResponseBody } from '../support/contract.ts';
import { demoFixtures, demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { outboundSummary } from '../support/outbound.ts';
import { SEND_PATHS, sendBodies } from '../support/send-bodies.ts';

// A slow pace, so the queue is visible: one SMS per second, one email every two seconds.
const SMS_PER_MINUTE = 60;
const EMAIL_PER_MINUTE = 30;
const fixtures: WorkspaceState[] = demoFixtures().map((ws) =>
  ws.slug === 'acme' ? { ...ws, sending: { per_minute: { ...ws.sending.per_minute, sms: SMS_PER_MINUTE, email: EMAIL_PER_MINUTE } } } : ws,
);
const bodies = sendBodies(demoTenant('acme', fixtures));

/** What the queue holds at `now` for `count` items accepted at `acceptedAt`, sent at `perMinute`. */
function expected(count: number, acceptedAt: number, perMinute: number, now: number) {
  const interval = 60_000 / perMinute;
  const sendAt = Array.from({ length: count }, (_, i) => acceptedAt + i * interval);
  const queued = sendAt.filter((t) => now < t);
  return {
    queued: queued.length,
    sending: sendAt.filter((t) => now >= t && now < t + HANDOVER_MS).length,
    sent: sendAt.filter((t) => now >= t + HANDOVER_MS).length,
    next: queued.length === 0 ? null : Math.min(...queued),
  };
}

describe.each(TRANSPORTS)('the sending queue over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { fixtures });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.mock.store.load(h.mock.fixtures);
    h.clock.freeze(T0);
  });

  it('lets accepted SMS and emails out at the configured pace, reported as the clock advances', async () => {
    const start = h.clock.now();
    for (let i = 0; i < 4; i++) expect((await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })).status).toBe(200);
    expect((await h.call('POST', SEND_PATHS.email, { json: bodies.body('email') })).status).toBe(201);
    const base = await outboundSummary(h);
    expect(base.channels.sms.per_minute).toBe(SMS_PER_MINUTE);
    expect(base.channels.email.per_minute).toBe(EMAIL_PER_MINUTE);
    for (const step of [0, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 10_000]) {
      h.clock.freeze(start + step);
      const summary = await outboundSummary(h, { headers: { 'x-timezone': 'UTC' } });
      const sms = expected(4, start, SMS_PER_MINUTE, start + step);
      expect(summary.channels.sms, `sms after ${step} ms`).toMatchObject({ queued: sms.queued, sending: sms.sending, sent: sms.sent, failed: 0 });
      expect(summary.channels.sms.next_send_at === null ? null : Date.parse(summary.channels.sms.next_send_at), `next SMS after ${step} ms`).toBe(sms.next);
      const email = expected(1, start, EMAIL_PER_MINUTE, start + step);
      expect(summary.channels.email, `email after ${step} ms`).toMatchObject({ queued: email.queued, sending: email.sending, sent: email.sent });
    }
  });

  it('queues behind what is already waiting: a later send leaves after the earlier ones', async () => {
    const start = h.clock.now();
    for (let i = 0; i < 3; i++) expect((await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })).status).toBe(200);
    h.clock.freeze(start + 1500);
    expect((await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })).status).toBe(200);
    // Four items at one per second: the fourth leaves at start + 3 s, not at its acceptance.
    h.clock.freeze(start + 2999);
    expect((await outboundSummary(h)).channels.sms.queued).toBe(1);
    h.clock.freeze(start + 3000);
    expect((await outboundSummary(h)).channels.sms.queued).toBe(0);
  });

  it('accepts faster than it sends: a burst of 5 in one second is accepted and drained over 5 seconds', async () => {
    const start = h.clock.now();
    const replies = await Promise.all(Array.from({ length: 5 }, () => h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await outboundSummary(h)).channels.sms.queued).toBe(4);
    h.clock.freeze(start + 4 * 1000 + HANDOVER_MS);
    expect((await outboundSummary(h)).channels.sms).toMatchObject({ queued: 0, sending: 0, sent: 5 });
  });

  it('counts a call as going out while it rings or talks, and as sent once it has ended', async () => {
    const started = await h.call('POST', SEND_PATHS.call, { json: bodies.body('call') });
    expect(started.status, started.text).toBe(200);
    const uuid = started.json<ResponseBody<'startCall', 200>>().data.id;
    const callStatus = async () =>
      (await h.call('GET', '/api/v1/calls', { query: { per_page: '100' } })).json<ResponseBody<'listCalls', 200>>().data.data.find((c) => c.uuid === uuid)?.status;
    for (const step of [0, 1000, 3000, 10_000, 30_000, 120_000]) {
      h.clock.freeze(T0 + step);
      const status = await callStatus();
      const calls = (await outboundSummary(h)).channels.call;
      const label = `call ${status} after ${step} ms`;
      if (status === 'queued') expect(calls, label).toMatchObject({ queued: 1, sending: 0, sent: 0 });
      else if (status === 'ringing' || status === 'in_progress') expect(calls, label).toMatchObject({ queued: 0, sending: 1, sent: 0 });
      else expect(calls, label).toMatchObject({ queued: 0, sending: 0, sent: 1 });
    }
    expect(await callStatus()).toBe('ended');
  });

  it('counts a call ended by the hangup action as sent', async () => {
    const started = await h.call('POST', SEND_PATHS.call, { json: bodies.body('call') });
    const conversation = started.json<ResponseBody<'startCall', 200>>().data.conversation_uuid;
    h.clock.freeze(T0 + 10_000);
    expect((await outboundSummary(h)).channels.call).toMatchObject({ sending: 1, sent: 0 });
    expect((await h.call('POST', `/api/v1/calls/action/${conversation}/hangup`)).status).toBe(200);
    expect((await outboundSummary(h)).channels.call).toMatchObject({ queued: 0, sending: 0, sent: 1 });
  });
});

// The pace index (sending-queue.ts lastSendAt): an enqueue reads the channel's last send_at from an
// index beside the list, not a scan. It must agree with a scan after anything the state goes through:
// sends through a transaction, a rolled-back send, items appended or removed behind its back.
describe('the pace index', () => {
  const scan = (ws: WorkspaceState, channel: 'sms' | 'email') =>
    ws.outbound.filter((o) => o.channel === channel).reduce((max, o) => Math.max(max, o.send_at.getTime()), Number.NEGATIVE_INFINITY);

  it('agrees with a scan through commits, rollbacks, and appends and removals it did not make', () => {
    const ws = { ...fixtures.find((w) => w.slug === 'acme'), outbound: [] } as unknown as WorkspaceState;
    const check = () => {
      for (const channel of ['sms', 'email'] as const) expect(lastSendAt(ws.outbound, channel)).toBe(scan(ws, channel));
    };
    const at = (s: number) => new Date(T0 + s * 1000);
    check();
    const committed = new Transaction();
    enqueue(committed.wrap(ws), 'sms', 'a', at(0));
    enqueue(committed.wrap(ws), 'sms', 'b', at(0));
    committed.commit();
    check();
    const rolledBack = new Transaction();
    enqueue(rolledBack.wrap(ws), 'sms', 'c', at(0));
    enqueue(rolledBack.wrap(ws), 'email', 'd', at(0));
    rolledBack.rollback();
    check();
    expect(enqueue(ws, 'sms', 'e', at(0)).send_at.getTime()).toBe(T0 + 2 * (60_000 / SMS_PER_MINUTE));
    const rolledBackOnce = new Transaction();
    enqueue(rolledBackOnce.wrap(ws), 'sms', 'f', at(0));
    rolledBackOnce.rollback();
    ws.outbound.push({ uuid: 'g', channel: 'email', accepted_at: at(0), send_at: at(90) });
    check();
    ws.outbound.splice(ws.outbound.length - 1, 1);
    check();
    ws.outbound.splice(2, 1, { uuid: 'h', channel: 'sms', accepted_at: at(0), send_at: at(-5) });
    check();
    ws.outbound = [];
    check();
  });
});
