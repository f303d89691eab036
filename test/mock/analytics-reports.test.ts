// GET /api/v1/analytics/calls and GET /api/v1/analytics/sessions over real HTTP (published API,
// "Analytics": from inclusive, to exclusive, compare_prev, granularity, channel as a comma-separated
// list, agent_uuid, campaign_uuid; the answers are the contract's design): figures computed from
// the workspace's calls, conversations and analytics rows, buckets cut in the applied zone, the
// previous period of equal length, the filters, and the validation and 404 rules.
import { afterEach, describe, expect, it } from 'vitest';
import { analyticsWorkspace, CAMPAIGN, OTHER_CAMPAIGN } from './analytics-world.ts';
import { AGENT_CALL_ONLY, AGENT_WHATSAPP, dataOf, expectShapeB, type Json, openWorld, type World } from './campaigns-world.ts';

const CALLS = '/api/v1/analytics/calls';
const SESSIONS = '/api/v1/analytics/sessions';
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';
const MARCH = { from: '2026-03-01', to: '2026-03-15' };

interface Period<F> {
  from: string;
  to: string;
  totals: F;
  series: Array<{ from: string; to: string; figures: F }>;
}

interface Report<F> {
  granularity: string;
  timezone: string;
  filters: Json;
  current: Period<F>;
  previous: Period<F> | null;
}

type CallFigures = Record<string, number | null>;
type SessionFigures = { sessions: number; contacts: number; by_channel: Record<string, number>; messages: number; inbound_messages: number; outbound_messages: number };

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(): Promise<World> {
  world = await openWorld(analyticsWorkspace());
  return world;
}

async function report<F>(w: World, path: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<Report<F>> {
  return dataOf<Report<F>>(await w.call('GET', path, { query, headers }));
}

const calls = (w: World, query: Record<string, string>, headers: Record<string, string> = {}) => report<CallFigures>(w, CALLS, query, headers);
const sessions = (w: World, query: Record<string, string>, headers: Record<string, string> = {}) => report<SessionFigures>(w, SESSIONS, query, headers);

function callFigures(f: Partial<CallFigures>): CallFigures {
  return { calls: 0, inbound: 0, outbound: 0, answered: 0, ended: 0, failed: 0, live: 0, talk_seconds: 0, average_duration_seconds: null, answer_rate: null, ...f };
}

function sessionFigures(f: Partial<SessionFigures> & { by?: Record<string, number> }): SessionFigures {
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

// In March: C1 ended and answered (120 s, outbound), C2 ended and answered (45 s, inbound), C3 failed
// (outbound), C4 live and answered (outbound), C6 a WhatsApp call ended and answered (60 s, inbound).
const MARCH_CALLS = callFigures({ calls: 5, inbound: 2, outbound: 3, answered: 4, ended: 3, failed: 1, live: 1, talk_seconds: 225, average_duration_seconds: 75, answer_rate: 0.8 });
// Before March: C5, outbound, ended without an answer.
const FEBRUARY_CALLS = callFigures({ calls: 1, outbound: 1, ended: 1, answer_rate: 0 });

describe('call figures', () => {
  it('totals the calls of [from, to) as one bucket by default, echoing what was applied', async () => {
    const w = await open();
    const data = await calls(w, MARCH);
    expect(data).toEqual({
      granularity: 'total',
      timezone: 'Europe/Berlin',
      filters: { channel: null, agent_uuid: null, campaign_uuid: null },
      current: {
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-03-15T00:00:00+01:00',
        totals: MARCH_CALLS,
        series: [{ from: '2026-03-01T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', figures: MARCH_CALLS }],
      },
      previous: null,
    });
  });

  it('adds the previous period of equal length with compare_prev', async () => {
    const w = await open();
    const data = await calls(w, { ...MARCH, compare_prev: 'true' });
    expect(data.previous).toEqual({
      from: '2026-02-15T00:00:00+01:00',
      to: '2026-03-01T00:00:00+01:00',
      totals: FEBRUARY_CALLS,
      series: [{ from: '2026-02-15T00:00:00+01:00', to: '2026-03-01T00:00:00+01:00', figures: FEBRUARY_CALLS }],
    });
    expect(data.current.totals).toEqual(MARCH_CALLS);
    expect((await calls(w, { ...MARCH, compare_prev: 'false' })).previous).toBeNull();
  });

  it('splits by week from Monday, the first and last bucket cut at from and to', async () => {
    const w = await open();
    const data = await calls(w, { ...MARCH, granularity: 'week' });
    expect(data.granularity).toBe('week');
    expect(data.current.series).toEqual([
      { from: '2026-03-01T00:00:00+01:00', to: '2026-03-02T00:00:00+01:00', figures: callFigures({}) },
      {
        from: '2026-03-02T00:00:00+01:00',
        to: '2026-03-09T00:00:00+01:00',
        figures: callFigures({ calls: 3, inbound: 1, outbound: 2, answered: 2, ended: 2, failed: 1, talk_seconds: 180, average_duration_seconds: 90, answer_rate: 0.6667 }),
      },
      {
        from: '2026-03-09T00:00:00+01:00',
        to: '2026-03-15T00:00:00+01:00',
        figures: callFigures({ calls: 2, inbound: 1, outbound: 1, answered: 2, ended: 1, live: 1, talk_seconds: 45, average_duration_seconds: 45, answer_rate: 1 }),
      },
    ]);
    expect(data.current.totals).toEqual(MARCH_CALLS);
  });

  it('cuts day buckets at the applied zone\'s midnights', async () => {
    const w = await open();
    const period = { from: '2026-03-10', to: '2026-03-12' };
    const counts = (d: Report<CallFigures>) => d.current.series.map((b) => [b.from, b.figures.calls]);
    // C2 was at 00:30 on the 11th in Berlin, 23:30 on the 10th in UTC.
    expect(counts(await calls(w, { ...period, granularity: 'day' }))).toEqual([
      ['2026-03-10T00:00:00+01:00', 0],
      ['2026-03-11T00:00:00+01:00', 1],
    ]);
    expect(counts(await calls(w, { ...period, granularity: 'day' }, { 'X-Timezone': 'UTC' }))).toEqual([
      ['2026-03-10T00:00:00Z', 1],
      ['2026-03-11T00:00:00Z', 0],
    ]);
  });

  it('filters by channel list, agent and campaign', async () => {
    const w = await open();
    const phone = await calls(w, { ...MARCH, channel: 'call' });
    expect(phone.filters).toEqual({ channel: ['call'], agent_uuid: null, campaign_uuid: null });
    expect(phone.current.totals).toEqual(callFigures({ calls: 4, inbound: 1, outbound: 3, answered: 3, ended: 2, failed: 1, live: 1, talk_seconds: 165, average_duration_seconds: 83, answer_rate: 0.75 }));
    expect((await calls(w, { ...MARCH, channel: 'whatsapp,sms' })).current.totals).toEqual(
      callFigures({ calls: 1, inbound: 1, answered: 1, ended: 1, talk_seconds: 60, average_duration_seconds: 60, answer_rate: 1 }),
    );
    expect((await calls(w, { ...MARCH, agent_uuid: AGENT_WHATSAPP })).current.totals.calls).toBe(1);
    expect((await calls(w, { ...MARCH, agent_uuid: AGENT_CALL_ONLY })).current.totals.calls).toBe(4);
    expect((await calls(w, { ...MARCH, campaign_uuid: CAMPAIGN })).current.totals).toEqual(
      callFigures({ calls: 1, outbound: 1, answered: 1, ended: 1, talk_seconds: 120, average_duration_seconds: 120, answer_rate: 1 }),
    );
    expect((await calls(w, { ...MARCH, campaign_uuid: OTHER_CAMPAIGN })).current.totals).toEqual(callFigures({}));
  });
});

describe('session figures', () => {
  it('counts sessions by channel, distinct contacts and the message rows of the period, and the previous period', async () => {
    const w = await open();
    const data = await sessions(w, { ...MARCH, compare_prev: 'true' });
    const march = sessionFigures({ sessions: 7, contacts: 2, by: { call: 4, whatsapp: 2, sms: 1 }, messages: 8, inbound_messages: 5, outbound_messages: 3 });
    const february = sessionFigures({ sessions: 2, contacts: 2, by: { call: 1, email: 1 }, messages: 1, outbound_messages: 1 });
    expect(data).toEqual({
      granularity: 'total',
      timezone: 'Europe/Berlin',
      filters: { channel: null, agent_uuid: null, campaign_uuid: null },
      current: { from: '2026-03-01T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', totals: march, series: [{ from: '2026-03-01T00:00:00+01:00', to: '2026-03-15T00:00:00+01:00', figures: march }] },
      previous: { from: '2026-02-15T00:00:00+01:00', to: '2026-03-01T00:00:00+01:00', totals: february, series: [{ from: '2026-02-15T00:00:00+01:00', to: '2026-03-01T00:00:00+01:00', figures: february }] },
    });
  });

  it('filters by channels, agent and campaign', async () => {
    const w = await open();
    expect((await sessions(w, { ...MARCH, channel: 'whatsapp,sms' })).current.totals).toEqual(
      sessionFigures({ sessions: 3, contacts: 2, by: { whatsapp: 2, sms: 1 }, messages: 8, inbound_messages: 5, outbound_messages: 3 }),
    );
    expect((await sessions(w, { ...MARCH, channel: 'email' })).current.totals).toEqual(sessionFigures({}));
    expect((await sessions(w, { ...MARCH, agent_uuid: AGENT_CALL_ONLY })).current.totals).toEqual(
      sessionFigures({ sessions: 5, contacts: 2, by: { call: 4, sms: 1 }, messages: 2, inbound_messages: 1, outbound_messages: 1 }),
    );
    expect((await sessions(w, { ...MARCH, campaign_uuid: CAMPAIGN })).current.totals).toEqual(
      sessionFigures({ sessions: 2, contacts: 1, by: { call: 1, whatsapp: 1 }, messages: 4, inbound_messages: 3, outbound_messages: 1 }),
    );
  });

  it('counts each message row in the bucket it was created in, and sums buckets to the totals', async () => {
    const w = await open();
    const data = await sessions(w, { ...MARCH, granularity: 'month' });
    expect(data.current.series).toHaveLength(1);
    const days = await sessions(w, { from: '2026-03-09', to: '2026-03-11', granularity: 'day' });
    expect(days.current.series.map((b) => [b.from, b.figures.sessions, b.figures.messages])).toEqual([
      ['2026-03-09T00:00:00+01:00', 1, 2],
      ['2026-03-10T00:00:00+01:00', 0, 1],
    ]);
    expect(days.current.totals).toMatchObject({ sessions: 1, messages: 3 });
  });
});

describe('validation and unknown filters', () => {
  it.each([CALLS, SESSIONS])('%s requires from and to, from before to, and known values', async (path) => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', path, { query: { to: MARCH.to } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await w.call('GET', path, { query: { from: MARCH.from } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'to' });
    expect(expectShapeB(await w.call('GET', path, { query: { from: MARCH.to, to: MARCH.from } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(expectShapeB(await w.call('GET', path, { query: { from: '2026-02-30', to: MARCH.to } }), 422)).toMatchObject({ code: 'INVALID_FORMAT', field: 'from' });
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, granularity: 'hour' } }), 422).field).toBe('granularity');
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, channel: 'call,fax' } }), 422).field).toMatch(/^channel/);
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, compare_prev: 'maybe' } }), 422).field).toBe('compare_prev');
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, agent_uuid: UNKNOWN } }), 404).code).toBe('RESOURCE_NOT_FOUND');
    expect(expectShapeB(await w.call('GET', path, { query: { ...MARCH, campaign_uuid: UNKNOWN } }), 404).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('refuses more than 400 buckets', async () => {
    const w = await open();
    expect(expectShapeB(await w.call('GET', CALLS, { query: { from: '2025-01-01', to: '2026-03-01', granularity: 'day' } }), 422)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'granularity' });
    expect((await calls(w, { from: '2025-01-01', to: '2026-03-01', granularity: 'week' })).current.series).toHaveLength(61);
  });
});
