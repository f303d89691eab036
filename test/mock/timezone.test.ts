// Time handling (seed "Time handling" rules 1 to 7): the zone is the X-Timezone header, else the
// `timezone` query parameter, else the member's profile zone (per-user token), else the workspace
// zone (workspace token), else UTC; Windows names are mapped, unknown names ignored; every response
// names the applied zone in X-Timezone, errors included; every timestamp carries the applied zone's
// offset; a request date-time without an offset is read in the applied zone; date-only and
// time-of-day values are never shifted.
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { instantsOf, offsetMismatches } from '../support/instants.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const exp = Math.floor(T0 / 1000) + 3600;
const zoned = acme.state.timezone;
const travelling = memberWhere(acme, `a profile zone other than ${zoned}`, (m) => m.timezone !== null && m.timezone !== zoned);
const unzoned = memberWhere(acme, 'no profile zone', (m) => m.timezone === null);
type Calls = ResponseBody<'listCalls', 200>;
type Started = ResponseBody<'startCall', 200>;

/** The wall time of an instant in a zone, without an offset: `2026-12-01T10:30:00`. */
function wall(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

describe.each(TRANSPORTS)('time zones over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.store.load(h.mock.fixtures));

  async function zoneOf(options: Parameters<Harness['call']>[2]): Promise<string | undefined> {
    const res = await h.call('GET', '/api/v1/outbound/summary', options);
    expect(res.status, res.text).toBe(200);
    expect(offsetMismatches(res.body, res.headers['x-timezone'] ?? 'missing')).toEqual([]);
    return res.headers['x-timezone'];
  }

  it('applies header over query over member profile over workspace over UTC', async () => {
    const travellerJwt = await signMemberJwt(acme.state, travelling, { exp });
    const unzonedJwt = await signMemberJwt(acme.state, unzoned, { exp });
    expect(await zoneOf({})).toBe(acme.state.timezone);
    expect(await zoneOf({ tenant: 'globex' })).toBe(globex.state.timezone);
    expect(await zoneOf({ token: travellerJwt })).toBe(travelling.timezone);
    expect(await zoneOf({ token: unzonedJwt })).toBe('UTC');
    expect(await zoneOf({ token: travellerJwt, query: { timezone: 'Australia/Eucla' } })).toBe('Australia/Eucla');
    expect(await zoneOf({ query: { timezone: 'Australia/Eucla' } })).toBe('Australia/Eucla');
    expect(await zoneOf({ query: { timezone: 'Australia/Eucla' }, headers: { 'x-timezone': 'America/St_Johns' } })).toBe('America/St_Johns');
    expect(await zoneOf({ token: unzonedJwt, headers: { 'x-timezone': 'UTC' } })).toBe('UTC');
    expect(await zoneOf({ headers: { 'x-timezone': 'UTC' } })).toBe('UTC');
  });

  it('maps Windows zone names to IANA names', async () => {
    expect(await zoneOf({ tenant: 'globex', headers: { 'x-timezone': 'W. Europe Standard Time' } })).toBe('Europe/Berlin');
    expect(await zoneOf({ query: { timezone: 'Tokyo Standard Time' } })).toBe('Asia/Tokyo');
    expect(await zoneOf({ headers: { 'x-timezone': 'Aus Central W. Standard Time' } })).toBe('Australia/Eucla');
  });

  it('ignores unknown names and goes on with the next rule', async () => {
    expect(await zoneOf({ headers: { 'x-timezone': 'Mars/Olympus_Mons' }, query: { timezone: 'Australia/Eucla' } })).toBe('Australia/Eucla');
    expect(await zoneOf({ headers: { 'x-timezone': 'Not A Zone' }, query: { timezone: 'Nowhere Standard Time' } })).toBe(acme.state.timezone);
    const travellerJwt = await signMemberJwt(acme.state, travelling, { exp });
    expect(await zoneOf({ token: travellerJwt, headers: { 'x-timezone': '+02:00' } })).toBe(travelling.timezone);
  });

  it('names the applied zone on every response, errors included', async () => {
    const tokyo = { 'x-timezone': 'Asia/Tokyo' };
    const cases = [
      await h.call('GET', '/api/v1/nowhere', { headers: tokyo }),
      await h.call('GET', '/api/v1/calls', { token: null, headers: tokyo }),
      await h.call('GET', '/api/v1/calls', { token: acme.revokedToken, headers: tokyo }),
      await h.call('GET', '/api/v1/calls', { tenant: 'initech', headers: tokyo }),
      await h.call('POST', '/api/v1/sms/send', { json: {}, headers: tokyo }),
      await h.call('POST', '/api/v1/sms/send', { token: acme.readOnlyToken, json: {}, headers: tokyo }),
    ];
    for (const res of cases) {
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-timezone'], res.text).toBe('Asia/Tokyo');
    }
    const unknownPath = await h.call('GET', '/api/v1/nowhere');
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.headers['x-timezone']).toBe('UTC');
    const invalid = await h.call('POST', '/api/v1/sms/send', { json: {} });
    expect(invalid.status).toBe(422);
    expect(invalid.headers['x-timezone']).toBe(acme.state.timezone);
  });

  it('renders every timestamp with the offset of the applied zone, across DST changes', async () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Eucla', 'America/St_Johns', 'Pacific/Kiritimati', 'UTC']) {
      const res = await h.call('GET', '/api/v1/calls', { headers: { 'x-timezone': zone }, query: { per_page: '100' } });
      expect(res.headers['x-timezone']).toBe(zone);
      expect(instantsOf(res.body).length).toBeGreaterThan(3);
      expect(offsetMismatches(res.body, zone)).toEqual([]);
      const tokens = await h.call('GET', '/api/v1/tokens', { headers: { 'x-timezone': zone } });
      expect(instantsOf(tokens.body).length).toBeGreaterThan(0);
      expect(offsetMismatches(tokens.body, zone)).toEqual([]);
    }
  });

  it('renders the same instant in every zone', async () => {
    const berlin = (await h.call('GET', '/api/v1/calls', { headers: { 'x-timezone': 'Europe/Berlin' } })).json<Calls>();
    const kathmandu = (await h.call('GET', '/api/v1/calls', { headers: { 'x-timezone': 'Australia/Eucla' } })).json<Calls>();
    expect(berlin.data.data.length).toBeGreaterThan(0);
    expect(berlin.data.data.map((c) => Date.parse(c.created_at))).toEqual(kathmandu.data.data.map((c) => Date.parse(c.created_at)));
    expect(berlin.data.data[0]?.created_at).not.toBe(kathmandu.data.data[0]?.created_at);
  });

  it('reads a request date-time without an offset in the applied zone, and honours an explicit offset', async () => {
    const started = await h.call('POST', '/api/v1/call', { json: sendBodies(acme).body('call') });
    expect(started.status, started.text).toBe(200);
    const uuid = started.json<Started>().data.id;
    const listed = (await h.call('GET', '/api/v1/calls', { query: { conversation_uuid: started.json<Started>().data.conversation_uuid } })).json<Calls>();
    expect(listed.data.data.map((c) => Date.parse(c.created_at))).toEqual([T0]);
    const found = async (zone: string, query: Record<string, string>) => {
      const res = await h.call('GET', '/api/v1/calls', { headers: { 'x-timezone': zone }, query });
      expect(res.status, res.text).toBe(200);
      return res.json<Calls>().data.data.some((c) => c.uuid === uuid);
    };
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Eucla']) {
      expect(await found(zone, { from: wall(T0, zone) })).toBe(true);
      expect(await found(zone, { from: wall(T0 + 1000, zone) })).toBe(false);
      expect(await found(zone, { to: wall(T0, zone) })).toBe(true);
      expect(await found(zone, { to: wall(T0 - 1000, zone) })).toBe(false);
    }
    // The Berlin wall time read in New York is six hours later: the call is before it.
    expect(await found('America/New_York', { from: wall(T0, 'Europe/Berlin') })).toBe(false);
    expect(await found('Europe/Berlin', { from: wall(T0, 'America/New_York') })).toBe(true);
    // With an offset the instant is exact, whatever the zone.
    for (const zone of ['Europe/Berlin', 'America/New_York']) {
      expect(await found(zone, { from: new Date(T0).toISOString() })).toBe(true);
      expect(await found(zone, { from: DateTime.fromMillis(T0 + 1000, { zone: 'Asia/Tokyo' }).toISO({ suppressMilliseconds: true }) ?? '' })).toBe(false);
    }
  });

  it('reads a date-only bound as the whole day in the applied zone', async () => {
    const started = await h.call('POST', '/api/v1/call', { json: sendBodies(acme).body('call') });
    const uuid = started.json<Started>().data.id;
    const found = async (zone: string, query: Record<string, string>) =>
      (await h.call('GET', '/api/v1/calls', { headers: { 'x-timezone': zone }, query })).json<Calls>().data.data.some((c) => c.uuid === uuid);
    // T0 is 09:30 UTC: 1 December in Berlin, still 30 November in Pago Pago (-11:00).
    const day = (zone: string) => DateTime.fromMillis(T0, { zone }).toISODate() ?? '';
    expect(day('Europe/Berlin')).not.toBe(day('Pacific/Pago_Pago'));
    for (const zone of ['Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(await found(zone, { from: day(zone), to: day(zone) })).toBe(true);
      const next = DateTime.fromISO(day(zone)).plus({ days: 1 }).toISODate() ?? '';
      expect(await found(zone, { from: next })).toBe(false);
    }
    expect(await found('Pacific/Pago_Pago', { from: day('Europe/Berlin') })).toBe(false);
    expect(await found('Europe/Berlin', { to: day('Pacific/Pago_Pago') })).toBe(false);
  });

  it('never shifts date-only or time-of-day values', async () => {
    const values = ['2026-12-02', '10:30:00'];
    let conversation = '';
    for (const message of values) {
      const sent = await h.call('POST', '/api/v1/sms/send', { json: sendBodies(acme).body('sms', { message }), headers: { 'x-timezone': 'Pacific/Kiritimati' } });
      expect(sent.status, sent.text).toBe(200);
      conversation = sent.json<ResponseBody<'sendSms', 200>>().data.conversationId;
    }
    for (const zone of ['Pacific/Pago_Pago', 'Pacific/Kiritimati', 'UTC']) {
      const res = await h.call('GET', `/api/v1/conversations/${conversation}/messages`, { headers: { 'x-timezone': zone }, query: { per_page: '100' } });
      expect(res.status, res.text).toBe(200);
      const contents = res.json<ResponseBody<'listConversationMessages', 200>>().data.data.map((m) => m.content);
      expect(contents.slice(-2)).toEqual(values);
    }
  });

  it('answers a malformed request date-time with 422 INVALID_FORMAT, not by ignoring it', async () => {
    for (const [field, value] of [
      ['from', '2026-13-45T99:00:00'],
      ['to', '2026-02-30'],
      ['from', '2026-02-30T10:00:00+01:00'],
    ] as const) {
      const res = await h.call('GET', '/api/v1/calls', { query: { [field]: value } });
      expect(res.status, res.text).toBe(422);
      expect(res.json<ErrorB>().error).toMatchObject({ code: 'INVALID_FORMAT', field });
    }
  });
});
