// Demo data that never ages. A fixture set is written "as of" one instant, its anchor. A mock made
// with `fixturesAsOf: 'clock-start'` moves every instant of its fixtures by (the clock when the
// mock is made − the anchor), so what lay ahead of the anchor lies ahead of the clock and what was
// an hour old is an hour old, on any day. The move is exact (milliseconds): order and durations are
// kept, so whatever the mock derives from the clock (reply windows, sending queues, calls ringing)
// is as it was at the anchor. Each moved instant is written again in its workspace's zone with the
// offset the zone has at the new instant (across a change of summer time the offset changes, and
// the wall time moves by the zone's change with it).
//
// Date-only values move by whole days when they are dates of the same timeline: campaign ranges
// (`start_date`, `end_date`) and the booked `date` of an appointment in logged requests and
// payloads, by the calendar days between the anchor's date and the start's date in the workspace's
// zone. Every other date (a date of birth, a data table's cell) and every time of day stays as
// written; so do user tokens' signed claims `iat` and `exp` (numbers: moving them would break the
// signatures). Instants are found as fixtures are read (state/instant-json.ts): a string that is
// exactly an ISO instant with an offset, or a Date.
import { DateTime } from 'luxon';
import { CLOCK_MAX_MS } from '../time/clock.ts';
import { ISO_INSTANT, isDateOnly, renderInstant } from '../time/instants.ts';
import { toIanaZone } from '../time/zones.ts';
import type { WorkspaceState } from './workspace.ts';

/** The instant the `demo` set is written as of: the tests' T0, so a mock frozen there moves nothing. */
export const DEMO_FIXTURES_AS_OF = '2026-12-01T09:30:00Z';

/** The instant each fixture set of fixtures/ is written as of. */
export const FIXTURE_SET_ANCHORS: Readonly<Record<string, string>> = { demo: DEMO_FIXTURES_AS_OF };

/** Keys whose date-only values are dates of the fixtures' timeline: they move by whole days. */
export const MOVING_DATE_KEYS: ReadonlySet<string> = new Set(['date', 'start_date', 'end_date']);

/** The earliest instant a fixture can be written at (`0001-01-01T00:00:00Z`, four-digit years). */
const EARLIEST_MS = Date.parse('0001-01-01T00:00:00Z');

/** Where a mock's fixtures sit in time (the config fields of core/config.ts). */
export interface FixturesTiming {
  fixturesAsOf: 'as-written' | 'clock-start';
  fixturesAnchor: string;
}

/** The anchor of a named fixture set, when one is recorded. */
export function fixtureSetAnchor(name: string): string | undefined {
  return Object.hasOwn(FIXTURE_SET_ANCHORS, name) ? FIXTURE_SET_ANCHORS[name] : undefined;
}

/** The fixtures a mock made at `startMs` starts from (and returns to on reset). */
export function fixturesAt(states: WorkspaceState[], timing: FixturesTiming, startMs: number): WorkspaceState[] {
  if (timing.fixturesAsOf !== 'clock-start') return states;
  const anchorMs = ISO_INSTANT.test(timing.fixturesAnchor) ? Date.parse(timing.fixturesAnchor) : Number.NaN;
  if (Number.isNaN(anchorMs)) throw new Error(`fixturesAnchor must be an ISO 8601 instant with an offset (got "${timing.fixturesAnchor}")`);
  return shiftFixtures(states, anchorMs, startMs);
}

interface Shift {
  ms: number;
  days: number;
  zone: string;
}

/**
 * Copies of the states with every instant moved by `startMs − anchorMs` (see above). Throws a
 * RangeError when a moved instant would leave the years 0001–9999.
 */
export function shiftFixtures(states: readonly WorkspaceState[], anchorMs: number, startMs: number): WorkspaceState[] {
  if (startMs === anchorMs) return [...states];
  return states.map((state) => {
    const zone = toIanaZone(state.timezone) ?? 'UTC';
    return shiftValue(state, undefined, { ms: startMs - anchorMs, days: calendarDays(anchorMs, startMs, zone), zone }) as WorkspaceState;
  });
}

/** Calendar days from the date of `fromMs` to the date of `toMs`, both read in `zone`. */
export function calendarDays(fromMs: number, toMs: number, zone: string): number {
  const from = DateTime.fromMillis(fromMs, { zone }).startOf('day');
  const to = DateTime.fromMillis(toMs, { zone }).startOf('day');
  return Math.round(to.diff(from, 'days').days);
}

function moved(ms: number, shift: Shift): number {
  const at = ms + shift.ms;
  if (at < EARLIEST_MS || at > CLOCK_MAX_MS) {
    throw new RangeError(`Moved to the clock's start, a fixture instant (${new Date(ms).toISOString()}) would leave the years 0001-9999; start the clock nearer the fixtures' anchor.`);
  }
  return at;
}

function shiftValue(value: unknown, key: string | undefined, shift: Shift): unknown {
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) {
      const ms = Date.parse(value);
      return Number.isNaN(ms) ? value : renderInstant(new Date(moved(ms, shift)), shift.zone);
    }
    if (shift.days !== 0 && key !== undefined && MOVING_DATE_KEYS.has(key) && isDateOnly(value)) {
      const day = DateTime.fromISO(value, { zone: 'UTC' });
      return day.isValid ? (day.plus({ days: shift.days }).toISODate() ?? value) : value;
    }
    return value;
  }
  if (value instanceof Date) return new Date(moved(value.getTime(), shift));
  if (Array.isArray(value)) return value.map((item) => shiftValue(item, key, shift));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = shiftValue(v, k, shift);
    return out;
  }
  return value;
}
