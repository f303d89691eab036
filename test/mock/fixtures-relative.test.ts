// Demo data that never ages: with `fixturesAsOf: 'clock-start'` every fixture instant moves by (the
// clock's start − the set's anchor), written in the workspace zone with the offset it has at the new
// instant; campaign dates move by whole days, dates of birth and data table cells stay. A reset
// returns to the same moved fixtures. The control API sets the clock to an instant within its bounds,
// and `--clock` starts the CLI's clock at one.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceState } from '../../mock/state/workspace.ts';
import { DEMO_FIXTURES_AS_OF, FIXTURE_SET_ANCHORS } from '../../mock/state/shift-fixtures.ts';
import { MockClock } from '../../mock/time/clock.ts';
import { demoFixtures, demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

const root = resolve(import.meta.dirname, '../..');
const acme = demoTenant('acme');
const ZONE = acme.state.timezone;
const MARIA = 'maria.schneider@acme.example';
/** Far from the anchor, and in summer time while the fixtures are mostly written in winter time. */
const FAR = Date.parse('2031-05-20T08:00:00Z');
const DELTA = FAR - T0;

type Row = Record<string, unknown>;
const text = (v: unknown) => v as unknown as string;

/** The offset (minutes) an ISO string is written with, and the zone's offset at its instant. */
function offsets(iso: string): { written: number; zone: number } {
  const dt = DateTime.fromISO(iso, { setZone: true });
  return { written: dt.offset, zone: dt.setZone(ZONE).offset };
}

it('records the demo set as written as of the tests’ T0', () => {
  expect(Date.parse(DEMO_FIXTURES_AS_OF)).toBe(T0);
  expect(FIXTURE_SET_ANCHORS.demo).toBe(DEMO_FIXTURES_AS_OF);
});

describe('a mock started far from the fixtures’ anchor', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http', { clock: new MockClock({ frozenAt: FAR }), fixturesAsOf: 'clock-start' });
  });
  afterAll(() => h.close());

  async function appointments(): Promise<Row[]> {
    const res = await h.call('GET', '/api/v1/appointments');
    expect(res.status).toBe(200);
    return res.json<{ data: Row[] }>().data;
  }

  it('moves every appointment by the same span, in the zone’s offset at the new instant', async () => {
    const listed = await appointments();
    expect(listed.length).toBe(acme.state.appointments.length);
    let crossedSummerTime = 0;
    for (const fixture of acme.state.appointments) {
      const read = listed.find((a) => a.uuid === fixture.uuid);
      for (const key of ['start_time', 'end_time', 'created_at'] as const) {
        const was = text(fixture[key]);
        const now = read?.[key] as string;
        expect(Date.parse(now) - Date.parse(was), `${fixture.uuid} ${key}`).toBe(DELTA);
        expect(offsets(now).written, now).toBe(offsets(now).zone);
        if (offsets(was).written !== offsets(now).written) crossedSummerTime++;
      }
    }
    expect(crossedSummerTime).toBeGreaterThan(0);
  });

  it('keeps the appointments that lay ahead of the anchor ahead of the clock, and the past ones past', async () => {
    const clock = Date.parse((await h.control('GET', '/clock')).json<{ now: string }>().now);
    expect(clock).toBe(FAR);
    const listed = await appointments();
    const ahead = (t: number, at: number) => t > at;
    const fixtureAhead = acme.state.appointments.filter((a) => ahead(Date.parse(text(a.start_time)), T0)).map((a) => a.uuid);
    const listedAhead = listed.filter((a) => ahead(Date.parse(a.start_time as string), clock)).map((a) => a.uuid);
    expect(listedAhead.sort()).toEqual(fixtureAhead.sort());
    // Read with a date filter around the clock, as a calendar screen asks for "the next weeks".
    const from = DateTime.fromMillis(clock, { zone: ZONE }).minus({ days: 30 }).toISODate();
    const recent = await h.call('GET', '/api/v1/appointments', { query: { start_date: from ?? '' } });
    expect(recent.json<{ data: Row[] }>().data.length).toBeGreaterThan(0);
  });

  it('moves campaign dates by whole days in the zone, and leaves dates of birth and table cells alone', () => {
    const moved = h.mock.fixtures.find((w) => w.slug === 'acme') as WorkspaceState;
    const days = Math.round(DateTime.fromMillis(FAR, { zone: ZONE }).startOf('day').diff(DateTime.fromMillis(T0, { zone: ZONE }).startOf('day'), 'days').days);
    const plusDays = (d: string) => DateTime.fromISO(d, { zone: 'UTC' }).plus({ days }).toISODate();
    const datedCampaigns = acme.state.campaigns.filter((c) => /^\d{4}-\d{2}-\d{2}$/.test(String(c.start_date)));
    expect(datedCampaigns.length).toBeGreaterThan(0);
    for (const campaign of datedCampaigns) {
      const now = moved.campaigns.find((c) => c.uuid === campaign.uuid);
      expect(now?.start_date).toBe(plusDays(String(campaign.start_date)));
      expect(now?.end_date).toBe(plusDays(String(campaign.end_date)));
    }
    const json = JSON.stringify(moved);
    expect(json).toContain('"date_of_birth":"1987-04-12"');
    expect(json).toContain('"Valid from":"2026-01-01"');
    // Times of day and user tokens (signed claims) are as written.
    expect(moved.user_tokens.map((u) => u.token)).toEqual(acme.state.user_tokens.map((u) => u.token));
    expect(moved.rules.map((r) => r.start_time)).toEqual(acme.state.rules.map((r) => r.start_time));
  });

  it('returns to the same moved fixtures on a reset, whatever the clock did since', async () => {
    const before = await appointments();
    expect((await h.control('POST', '/clock', { advance_ms: 3 * 86_400_000 })).status).toBe(200);
    expect((await h.control('POST', '/reset')).status).toBe(200);
    expect(await appointments()).toEqual(before);
    h.clock.freeze(FAR);
  });
});

describe('conversations open at the anchor stay open on any day', () => {
  // The demo's Instagram and Messenger conversations, with the contact's last message a day before
  // the anchor (inside the 7-day reply window there).
  function openAtAnchor(): WorkspaceState[] {
    const fixtures = demoFixtures();
    const ws = fixtures.find((w) => w.slug === 'acme') as WorkspaceState;
    const dayBefore = DateTime.fromMillis(T0 - 86_400_000, { zone: ZONE }).toISO({ suppressMilliseconds: true }) as string;
    for (const channel of ['instagram', 'messenger'] as const) {
      const conversation = ws.conversations.find((c) => c.channel === channel && c.status === 'Active');
      if (!conversation) throw new Error(`acme has no active ${channel} conversation`);
      const inbound = ws.message_rows.filter((r) => r.conversation_uuid === conversation.uuid && r.direction === 'inbound');
      (inbound.at(-1) as { created_at: unknown }).created_at = dayBefore;
    }
    return fixtures;
  }
  const started: Harness[] = [];
  afterEach(async () => {
    for (const h of started.splice(0)) await h.close();
  });

  async function replies(shift: boolean): Promise<number[]> {
    const h = await startHarness('http', { clock: new MockClock({ frozenAt: FAR }), fixtures: openAtAnchor(), ...(shift ? { fixturesAsOf: 'clock-start' } : {}) });
    started.push(h);
    const ws = h.mock.store.get('acme')?.state as WorkspaceState;
    const statuses: number[] = [];
    for (const channel of ['instagram', 'messenger'] as const) {
      const conversation = ws.conversations.find((c) => c.channel === channel && c.status === 'Active');
      const res = await h.call('POST', `/api/v1/${channel}/conversations/${conversation?.uuid}/reply`, { json: { user_email: MARIA, text: 'Hallo!' } });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('answers replies to Instagram and Messenger when the fixtures move with the clock', async () => {
    expect(await replies(true)).toEqual([201, 201]);
  });

  it('closes their windows when the fixtures stay as written (the default of createMock)', async () => {
    expect(await replies(false)).toEqual([409, 409]);
  });
});

describe('POST /__mock/clock {set}', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('http');
  });
  afterAll(() => h.close());

  const now = async () => (await h.control('GET', '/clock')).json<{ now: string; frozen: boolean }>();

  it('puts the clock at an instant, forward or back (back with a warning)', async () => {
    const set = await h.control('POST', '/clock', { set: '2031-06-01T12:00:00+02:00' });
    expect(set.status).toBe(200);
    expect(set.json<{ now: string; frozen: boolean; warning?: string }>()).toEqual({ now: '2031-06-01T10:00:00.000Z', frozen: true });
    expect((await now()).now).toBe('2031-06-01T10:00:00.000Z');
    const back = await h.control('POST', '/clock', { set: '2026-12-01T10:30:00+01:00' });
    expect(back.status).toBe(200);
    expect(back.json<{ now: string; warning?: string }>().now).toBe(new Date(T0).toISOString());
    expect(back.json<{ warning?: string }>().warning).toMatch(/moved back/);
    expect((await now()).now).toBe(new Date(T0).toISOString());
  });

  it('refuses an instant out of bounds or badly written, and changes nothing', async () => {
    const before = await now();
    for (const body of [
      { set: '2037-01-01T00:00:00Z' },
      { set: '1969-12-31T23:59:59Z' },
      { set: 'tomorrow' },
      { set: '2031-02-30T10:00:00Z' },
      { set: '2031-05-20T10:00:00' },
      { set: '2027-01-01T00:00:00Z', advance_ms: 1000 },
      { set: 20310520 },
    ]) {
      const res = await h.control('POST', '/clock', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json<{ error: { field?: string } }>().error.field, JSON.stringify(body)).toBe('set');
      expect(await now()).toEqual(before);
    }
  });
});

describe('the CLI', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  function start(args: string[]): { child: ChildProcess; firstLine: Promise<string>; stderr: () => string } {
    const child = spawn(process.execPath, ['mock/cli.ts', '--port', '0', '--json', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const reader = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const firstLine = new Promise<string>((resolveLine, reject) => {
      reader.once('line', resolveLine);
      child.once('exit', () => reject(new Error(`exited: ${err}`)));
    });
    firstLine.catch(() => undefined);
    return { child, firstLine, stderr: () => err };
  }

  it('starts its clock at --clock, with the demo data moved to it', async () => {
    const { child, firstLine } = start(['--clock', '2031-05-20T10:00:00+02:00']);
    const ready = JSON.parse(await firstLine) as { url: string; port: number; clock: string };
    expect(Date.parse(ready.clock)).toBeGreaterThanOrEqual(FAR);
    const { request } = await import('undici');
    const res = await request(`http://127.0.0.1:${ready.port}/api/v1/appointments`, {
      headers: { host: `acme.localhost:${ready.port}`, authorization: `Bearer ${acme.fullToken}` },
    });
    const listed = ((await res.body.json()) as { data: Row[] }).data;
    // The clock runs from --clock: the fixtures moved by the span from the anchor to the clock when the mock was made.
    const first = acme.state.appointments[0];
    const shift = Date.parse(listed.find((a) => a.uuid === first?.uuid)?.start_time as string) - Date.parse(text(first?.start_time));
    expect(shift).toBeGreaterThanOrEqual(DELTA);
    expect(shift).toBeLessThanOrEqual(Date.parse(ready.clock) - T0);
    child.kill('SIGTERM');
    await once(child, 'exit');
  });

  it('refuses a --clock that is not an instant with an offset', async () => {
    const { child, stderr } = start(['--clock', '2031-05-20']);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr()).toMatch(/--clock must be an ISO 8601 instant/);
  });
});
