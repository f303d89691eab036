// When a listing's tasks start (contract, POST /api/v1/listings): one after the other at the
// listing's pace, never before the campaign's start date, only inside the rule's daily window, at
// most `max_calls_per_day` on one day, all in the workspace zone (seed "Time handling" rule 6: dates
// and times of day are never shifted). A task that cannot start by the end date is cancelled then.
// Pure functions of the limits and the clock.
import { DateTime } from 'luxon';

export interface StartLimits {
  /** The workspace zone, in which days and times of day are read. */
  zone: string;
  perMinute: number;
  /** No task starts before this instant (ms); null for no start date. */
  notBefore: number | null;
  /** No task starts after this instant (ms); null for no end date. */
  notAfter: number | null;
  /** The daily window [from, to) in seconds of the day; null for any time. */
  window: { from: number; to: number } | null;
  /** At most this many starts on one day; null for no limit. */
  perDay: number | null;
}

export interface PlannedStart {
  start: Date;
  /** Set when the task cannot start by the end date: it is cancelled at that instant. */
  cancelledAt: Date | null;
}

/** `HH:MM:SS` as seconds of the day. */
export function secondsOfTime(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

export function intervalMs(perMinute: number): number {
  return 60_000 / Math.max(1, perMinute);
}

function dayOf(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate() ?? '';
}

function atSecondOfDay(day: DateTime, seconds: number): number {
  return day
    .startOf('day')
    .set({ hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60), second: seconds % 60 })
    .toMillis();
}

/** The first instant at or after `ms` inside the window on a day that still has room. */
function nextOpening(ms: number, limits: StartLimits, used: Map<string, number>): number {
  const open = limits.window?.from ?? 0;
  let t = ms;
  // Every step moves to a later day, so a year of days is far more than any listing needs.
  for (let guard = 0; guard < 3_700; guard++) {
    const dt = DateTime.fromMillis(t, { zone: limits.zone });
    const second = dt.hour * 3600 + dt.minute * 60 + dt.second + dt.millisecond / 1000;
    if (limits.window && second < limits.window.from) {
      t = atSecondOfDay(dt, limits.window.from);
      continue;
    }
    const full = limits.perDay !== null && (used.get(dt.toISODate() ?? '') ?? 0) >= limits.perDay;
    if ((limits.window && second >= limits.window.to) || full) {
      t = atSecondOfDay(dt.plus({ days: 1 }), open);
      continue;
    }
    return t;
  }
  return t;
}

/**
 * Start times of `count` tasks queued to start at `earliest` or later, after tasks already holding
 * the starts `taken` (which count against the daily limit).
 */
export function planStarts(count: number, earliest: number, limits: StartLimits, taken: readonly Date[]): PlannedStart[] {
  const used = new Map<string, number>();
  const bump = (ms: number) => {
    const day = dayOf(ms, limits.zone);
    used.set(day, (used.get(day) ?? 0) + 1);
  };
  for (const start of taken) bump(start.getTime());
  const step = intervalMs(limits.perMinute);
  let t = Math.max(earliest, limits.notBefore ?? earliest);
  const out: PlannedStart[] = [];
  for (let i = 0; i < count; i++) {
    const at = nextOpening(t, limits, used);
    if (limits.notAfter !== null && at > limits.notAfter) {
      const end = new Date(Math.max(limits.notAfter, earliest));
      out.push({ start: end, cancelledAt: end });
      continue;
    }
    bump(at);
    out.push({ start: new Date(Math.round(at)), cancelledAt: null });
    t = at + step;
  }
  return out;
}
