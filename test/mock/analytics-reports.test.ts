// GET /api/v1/analytics/calls and GET /api/v1/analytics/sessions over real HTTP (published: from
// inclusive, to exclusive, compare_prev, granularity, channel tokens, agent_uuid, campaign_uuid; the
// answers without the envelope, their top-level names published and their content the contract's
// design): figures computed from the workspace's calls, conversations and analytics rows, buckets
// cut in the applied zone, the previous period of equal length, the filters, and the validation and
// 404 rules.
import { afterEach, describe, expect, it } from 'vitest';
import { allRates } from '../../mock/resources/phone-numbers/rates.ts';
import { analyticsWorkspace, CAMPAIGN, OTHER_CAMPAIGN } from './analytics-world.ts';
import { AGENT_CALL_ONLY, AGENT_WHATSAPP, expectShapeB, type Json, openWorld, type World } from './campaigns-world.ts';

const CALLS = '/api/v1/analytics/calls';
const SESSIONS = '/api/v1/analytics/sessions';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const MARCH = { from: '2026-03-01T00:00:00', to: '2026-03-15T00:00:00' };

type Totals = Record<string, number>;
interface Buckets<T> {
  granularity: string;
  items: Array<{ from: string; to: string; totals: T }>;
}
interface CallsReport {
  meta: Json;
  totals: Totals;
  duration_sec: Json;
  buckets: Buckets<Totals>;
  outcome: Totals;
  cost: Json;
  previous: (Omit<CallsReport, 'meta' | 'previous'> & { from: string; to: string }) | null;
}
type SessionTotals = { sessions: number; contacts: number; by_channel: Record<string, number>; messages: number; inbound_messages: number; outbound_messages: number };
interface SessionsReport {
  meta: Json;
  totals: SessionTotals;
  rates: Json;
  duration_sec: Json;
  messages_per_session: Json;
  latency_ms: Json | null;
  buckets: Buckets<SessionTotals>;
  previous: (Omit<SessionsReport, 'meta' | 'previous'> & { from: string; to: string }) | null;
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(analyticsWorkspace());
  return world;
}

/** A report: 200 and the body as it is, without the envelope (published). */
async function report<R>(w: World, path: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<R> {
  const res = await w.call('GET', path, { query, headers });
  expect(res.status, res.text).toBe(200);
  const body = res.json<R & { success?: unknown; data?: unknown }>();
  expect(body.success).toBeUndefined();
  expect(body.data).toBeUndefined();
  return body;
}

const calls = (w: World, query: Record<string, string>, headers: Record<string, string> = {}) => report<CallsReport>(w, CALLS, query, headers);
const sessions = (w: World, query: Record<string, string>, headers: Record<string, string> = {}) => report<SessionsReport>(w, SESSIONS, query, headers);

function callTotals(f: Partial<Totals>): Totals {
  return { calls: 0, inbound: 0, outbound: 0, answered: 0, missed: 0, failed: 0, ai_handled: 0, human_handled: 0, ...f };
}

function outcome(f: Partial<Totals>): Totals {
  return { live: 0, completed: 0, hangup_action: 0, end_call_after_spoken: 0, no_answer: 0, busy: 0, error: 0, ...f };
}

function sessionTotals(f: Partial<SessionTotals> & { by?: Record<string, number> }): SessionTotals {
  const { by = {}, ...rest } = f;
  return {
    sessions: 0,
    contacts: 0,
    by_channel: { call: 0, whatsapp: 0, sms: 0, email: 0, instagram: 0, messenger: 0, ...by },
    messages: 0,
    inbound_messages: 0,
    outbound_messages: 0,
    ...rest,
  };
}

// In March: C1 ended and answered (120 s, outbound, to a German mobile), C2 ended and answered (45 s,
// inbound), C3 failed (outbound), C4 live and answered (outbound), C6 a WhatsApp call ended and
// answered (60 s, inbound). Before March: C5, outbound, ended without an answer.
const MARCH_CALLS = callTotals({ calls: 5, inbound: 2, outbound: 3, answered: 4, failed: 1, ai_handled: 4 });
const FEBRUARY_CALLS = callTotals({ calls: 1, outbound: 1, missed: 1 });
// C1 is the only charged call: 120 s at the German mobile rate, billed in 6 s steps after a 30 s minimum.
const mobileRate = allRates().find((r) => r.destination_prefix === '49151');
const C1_COST = Math.round((120 / 60) * (mobileRate?.price.amount ?? Number.NaN) * 10_000) / 10_000;

describe('call figures', () => {
  it('answers without the envelope: the published top level, the totals as one bucket by default, echoing what was applied', async () => {
    const w = await open();
    const data = await calls(w, MARCH);
    expect(data).toEqual({
      meta: {
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-03-15T00:00:00+01:00',
        timezone: 'Europe/Berlin',
        granularity: 'total',
        compare_prev: false,
        channel: null,
        agent_uuid: null,
        campaign_uuid: null,
        generated_at: '2026-03-14T10:30:00+01:00',
      },
      totals: MARCH_CALLS,
      duration_sec: { total: 225, average: 75, max: 120 },
      buckets: { granularity: 'total', items: [{ from: '2026-03-01T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', totals: MARCH_CALLS }] },
      outcome: outcome({ live: 1, completed: 3, error: 1 }),
      cost: { currency: 'USD', total: C1_COST, billed_seconds: 120, charged_calls: 1 },
      previous: null,
    });
  });

  it('adds the previous period of equal length with compare_prev', async () => {
    const w = await open();
    const data = await calls(w, { ...MARCH, compare_prev: 'true' });
    expect(data.meta.compare_prev).toBe(true);
    expect(data.previous).toEqual({
      from: '2026-02-15T00:00:00+01:00',
      to: '2026-03-01T00:00:00+01:00',
      totals: FEBRUARY_CALLS,
      duration_sec: { total: 0, average: null, max: null },
      buckets: { granularity: 'total', items: [{ from: '2026-02-15T00:00:00+01:00', to: '2026-03-01T00:00:00+01:00', totals: FEBRUARY_CALLS }] },
      outcome: outcome({ no_answer: 1 }),
      cost: { currency: 'USD', total: 0, billed_seconds: 0, charged_calls: 0 },
    });
    expect(data.totals).toEqual(MARCH_CALLS);
    expect((await calls(w, { ...MARCH, compare_prev: 'false' })).previous).toBeNull();
  });

  it('splits by week from Monday, the first and last bucket cut at from and to', async () => {
    const w = await open();
    const data = await calls(w, { ...MARCH, granularity: 'week' });
    expect(data.meta.granularity).toBe('week');
    expect(data.buckets).toEqual({
      granularity: 'week',
      items: [
        { from: '2026-03-01T00:00:00+01:00', to: '2026-03-02T00:00:00+01:00', totals: callTotals({}) },
        { from: '2026-03-02T00:00:00+01:00', to: '2026-03-09T00:00:00+01:00', totals: callTotals({ calls: 3, inbound: 1, outbound: 2, answered: 2, failed: 1, ai_handled: 2 }) },
        { from: '2026-03-09T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', totals: callTotals({ calls: 2, inbound: 1, outbound: 1, answered: 2, ai_handled: 2 }) },
      ],
    });
    expect(data.totals).toEqual(MARCH_CALLS);
  });

  it("cuts day buckets at the applied zone's midnights, reading a date-time without offset in that zone", async () => {
    const w = await open();
    const period = { from: '2026-03-10T00:00:00', to: '2026-03-12T00:00:00' };
    const counts = (d: CallsReport) => d.buckets.items.map((b) => [b.from, b.totals.calls]);
    // C2 was at 00:30 on the 11th in Berlin, 23:30 on the 10th in UTC.
    expect(counts(await calls(w, { ...period, granularity: 'day' }))).toEqual([
      ['2026-03-10T00:00:00+01:00', 0],
      ['2026-03-11T00:00:00+01:00', 1],
    ]);
    expect(counts(await calls(w, { ...period, granularity: 'day' }, { 'X-Timezone': 'UTC' }))).toEqual([
      ['2026-03-10T00:00:00Z', 1],
      ['2026-03-11T00:00:00Z', 0],
    ]);
    // An explicit offset is that instant whatever the zone.
    expect((await calls(w, { from: '2026-03-10T23:00:00Z', to: '2026-03-11T00:00:00Z' })).totals.calls).toBe(1);
  });

  it('filters by channel tokens (whatsapp_call for a WhatsApp call), agent and campaign', async () => {
    const w = await open();
    const phone = await calls(w, { ...MARCH, channel: 'call' });
    expect(phone.meta).toMatchObject({ channel: ['call'], agent_uuid: null, campaign_uuid: null });
    expect(phone.totals).toEqual(callTotals({ calls: 4, inbound: 1, outbound: 3, answered: 3, failed: 1, ai_handled: 3 }));
    expect((await calls(w, { ...MARCH, channel: 'whatsapp_call' })).totals).toEqual(callTotals({ calls: 1, inbound: 1, answered: 1, ai_handled: 1 }));
    expect((await calls(w, { ...MARCH, channel: 'call,whatsapp_call' })).totals).toEqual(MARCH_CALLS);
    expect((await calls(w, { ...MARCH, channel: 'whatsapp,sms' })).totals).toEqual(callTotals({}));
    expect((await calls(w, { ...MARCH, agent_uuid: AGENT_WHATSAPP })).totals.calls).toBe(1);
    expect((await calls(w, { ...MARCH, agent_uuid: AGENT_CALL_ONLY })).totals.calls).toBe(4);
    expect((await calls(w, { ...MARCH, campaign_uuid: CAMPAIGN })).totals).toEqual(callTotals({ calls: 1, outbound: 1, answered: 1, ai_handled: 1 }));
    expect((await calls(w, { ...MARCH, campaign_uuid: OTHER_CAMPAIGN })).totals).toEqual(callTotals({}));
  });
});

describe('session figures', () => {
  it('answers without the envelope: sessions by channel, contacts, message rows, rates, durations, latency, and the previous period', async () => {
    const w = await open();
    const data = await sessions(w, { ...MARCH, compare_prev: 'true' });
    const march = sessionTotals({ sessions: 7, contacts: 2, by: { call: 4, whatsapp: 2, sms: 1 }, messages: 8, inbound_messages: 5, outbound_messages: 3 });
    const february = sessionTotals({ sessions: 2, contacts: 2, by: { call: 1, email: 1 }, messages: 1, outbound_messages: 1 });
    expect(data).toEqual({
      meta: expect.objectContaining({ from: '2026-03-01T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', granularity: 'total', compare_prev: true }),
      totals: march,
      // Closed: C_WA2, C_CALL1..3 (their calls are over); the contact wrote in C_WA1, C_WA2 and C_SMS.
      rates: { closed: 0.5714, contact_replied: 0.4286, human_involved: 0 },
      // C_WA1's rows span 7 days 15 hours; C_WA2 60 s (its call), C_SMS 600 s, C_CALL1 120 s, C_CALL2 45 s.
      duration_sec: { total: 659_625, average: 131_925, max: 658_800 },
      messages_per_session: { average: 1.14, max: 4 },
      // Answered after 1 s (C6), 2 s (C2), 5 s (C4) and 6 s (C1).
      latency_ms: { p50: 2000, p95: 6000 },
      buckets: { granularity: 'total', items: [{ from: '2026-03-01T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', totals: march }] },
      previous: {
        from: '2026-02-15T00:00:00+01:00',
        to: '2026-03-01T00:00:00+01:00',
        totals: february,
        rates: { closed: 0.5, contact_replied: 0, human_involved: 0 },
        duration_sec: { total: 0, average: 0, max: 0 },
        messages_per_session: { average: 0.5, max: 1 },
        latency_ms: null,
        buckets: { granularity: 'total', items: [{ from: '2026-02-15T00:00:00+01:00', to: '2026-03-01T00:00:00+01:00', totals: february }] },
      },
    });
    expect((await sessions(w, MARCH)).previous).toBeNull();
  });

  it('filters by channel tokens, agent and campaign; latency is null without voice records', async () => {
    const w = await open();
    const messaging = await sessions(w, { ...MARCH, channel: 'whatsapp,sms' });
    expect(messaging.totals).toEqual(sessionTotals({ sessions: 3, contacts: 2, by: { whatsapp: 2, sms: 1 }, messages: 8, inbound_messages: 5, outbound_messages: 3 }));
    // C_WA2 holds a WhatsApp call: it matches whatsapp_call too.
    expect((await sessions(w, { ...MARCH, channel: 'whatsapp_call' })).totals).toEqual(sessionTotals({ sessions: 1, contacts: 1, by: { whatsapp: 1 } }));
    const email = await sessions(w, { ...MARCH, channel: 'email' });
    expect(email.totals).toEqual(sessionTotals({}));
    expect(email).toMatchObject({ rates: { closed: null, contact_replied: null, human_involved: null }, messages_per_session: { average: null, max: null }, latency_ms: null });
    expect((await sessions(w, { ...MARCH, channel: 'sms' })).latency_ms).toBeNull();
    expect((await sessions(w, { ...MARCH, agent_uuid: AGENT_CALL_ONLY })).totals).toEqual(
      sessionTotals({ sessions: 5, contacts: 2, by: { call: 4, sms: 1 }, messages: 2, inbound_messages: 1, outbound_messages: 1 }),
    );
    expect((await sessions(w, { ...MARCH, campaign_uuid: CAMPAIGN })).totals).toEqual(
      sessionTotals({ sessions: 2, contacts: 1, by: { call: 1, whatsapp: 1 }, messages: 4, inbound_messages: 3, outbound_messages: 1 }),
    );
  });

  it('counts each message row in the bucket it was created in, and sums buckets to the totals', async () => {
    const w = await open();
    const data = await sessions(w, { ...MARCH, granularity: 'month' });
    expect(data.buckets.items).toHaveLength(1);
    const days = await sessions(w, { from: '2026-03-09T00:00:00', to: '2026-03-11T00:00:00', granularity: 'day' });
    expect(days.buckets.items.map((b) => [b.from, b.totals.sessions, b.totals.messages])).toEqual([
      ['2026-03-09T00:00:00+01:00', 1, 2],
      ['2026-03-10T00:00:00+01:00', 0, 1],
    ]);
    expect(days.totals).toMatchObject({ sessions: 1, messages: 3 });
  });
});

describe('validation and unknown filters', () => {
  it.each([CALLS, SESSIONS])('%s requires from and to, from before to, and known values', async (path) => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', path, { query: { to: MARCH.to } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await w.call('GET', path, { query: { from: MARCH.from } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'to' });
    expect(expectShapeB(await w.call('GET', path, { query: { from: MARCH.to, to: MARCH.from } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await w.call('GET', path, { query: { from: '2026-02-30T00:00:00', to: MARCH.to } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
    // Published: date-times; a date alone is refused.
    expect(expectShapeB(await w.call('GET', path, { query: { from: '2026-03-01', to: MARCH.to } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, granularity: 'hour' } }), 422).field).toBe('granularity');
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, channel: 'call,fax' } }), 422).field).toMatch(/^channel/);
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, compare_prev: 'maybe' } }), 422).field).toBe('compare_prev');
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, agent_uuid: UNKNOWN } }), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, campaign_uuid: UNKNOWN } }), 404).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('refuses more than 400 buckets', async () => {
    const w = await open();
    const year = { from: '2025-01-01T00:00:00', to: '2026-03-01T00:00:00' };
    expect(expectShapeB(await w.call('GET', CALLS, { query: { ...year, granularity: 'day' } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'granularity' });
    expect((await calls(w, { ...year, granularity: 'week' })).buckets.items).toHaveLength(61);
  });
});
