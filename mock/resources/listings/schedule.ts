// When a listing's tasks start (contract, POST /api/v1/listings): one after the other at the
// listing's pace, never before the campaign's start date, only inside the rule's daily window, all
// in the workspace zone (seed "Time handling" rule 6: dates and times of day are never shifted). The
// rule's `max_calls_per_day` counts attempts to one contact (published rules API), and a listing
// makes one attempt per contact, so it never holds a task back. A task that cannot start by the end
// date is cancelled then. Pure functions of the limits and the clock.
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

function atSecondOfDay(day: DateTime, seconds: number): number {
  return day
    .startOf('day')
    .set({ hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60), second: seconds % 60 })
    .toMillis();
}

/** The first instant at or after `ms` inside the window. */
function nextOpening(ms: number, limits: StartLimits): number {
  if (!limits.window) return ms;
  const dt = DateTime.fromMillis(ms, { zone: limits.zone });
  const second = dt.hour * 3600 + dt.minute * 60 + dt.second + dt.millisecond / 1000;
  if (second < limits.window.from) return atSecondOfDay(dt, limits.window.from);
  if (second >= limits.window.to) return atSecondOfDay(dt.plus({ days: 1 }), limits.window.from);
  return ms;
}

/** Start times of `count` tasks queued to start at `earliest` or later. */
export function planStarts(count: number, earliest: number, limits: StartLimits): PlannedStart[] {
  const step = intervalMs(limits.perMinute);
  let t = Math.max(earliest, limits.notBefore ?? earliest);
  const out: PlannedStart[] = [];
  for (let i = 0; i < count; i++) {
    const at = nextOpening(t, limits);
    if (limits.notAfter !== null && at > limits.notAfter) {
      const end = new Date(Math.max(limits.notAfter, earliest));
      out.push({ start: end, cancelledAt: end });
      continue;
    }
    out.push({ start: new Date(Math.round(at)), cancelledAt: null });
    t = at + step;
  }
  return out;
}
