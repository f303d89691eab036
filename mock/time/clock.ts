// One injectable clock for everything time-based: rate windows, sending queues, asynchronous
// transitions. The mock's clock is the system time plus an offset the control API can advance or
// set (`set`, `startAt`), or a frozen instant for deterministic tests.
import { DateTime } from 'luxon';
import { ISO_INSTANT } from './instants.ts';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The instants the clock can show: 1970-01-01 to 9999-12-31 (UTC), which every renderer can write. */
export const CLOCK_MIN_MS = 0;
export const CLOCK_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The largest single move: ten years (of 365.25 days). */
export const CLOCK_MAX_ADVANCE_MS = 10 * 365.25 * 24 * 3_600_000;

/** A move the clock refuses; the clock is unchanged. */
export class ClockRangeError extends RangeError {}

export class MockClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;
  private readonly source: () => number;

  /** `startAt`: the clock starts at this instant (frozen there with `frozenAt`, else running from it). */
  constructor(options: { frozenAt?: number; startAt?: number; source?: () => number } = {}) {
    this.frozenAt = options.frozenAt;
    this.source = options.source ?? Date.now;
    if (options.startAt !== undefined) this.place(options.startAt);
  }

  now(): number {
    return (this.frozenAt ?? this.source()) + this.offsetMs;
  }

  /** Moves the clock by `ms`; throws ClockRangeError, changing nothing, for a move out of range. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || Math.abs(ms) > CLOCK_MAX_ADVANCE_MS) throw new ClockRangeError(`A move of ${ms} ms is out of range (at most ${CLOCK_MAX_ADVANCE_MS} ms).`);
    assertInRange(this.now() + ms);
    this.offsetMs += ms;
  }

  /**
   * Puts the clock at the instant `ms`, forward or back, at most ten years from where it is (as
   * `advance`); throws ClockRangeError, changing nothing, for a move out of range. A frozen clock
   * stays frozen there, a running one runs on from there.
   */
  set(ms: number): void {
    if (!Number.isFinite(ms) || Math.abs(ms - this.now()) > CLOCK_MAX_ADVANCE_MS) {
      throw new ClockRangeError(`A move to ${Number.isFinite(ms) ? new Date(ms).toISOString() : ms} is more than ten years from the clock's ${new Date(this.now()).toISOString()}.`);
    }
    this.place(ms);
  }

  private place(ms: number): void {
    assertInRange(ms);
    if (this.frozenAt === undefined) {
      this.offsetMs = ms - this.source();
    } else {
      this.frozenAt = ms;
      this.offsetMs = 0;
    }
  }

  freeze(at?: number): void {
    const instant = at ?? this.now();
    assertInRange(instant);
    this.frozenAt = instant;
    this.offsetMs = 0;
  }

  unfreeze(): void {
    if (this.frozenAt !== undefined) this.offsetMs = this.frozenAt - this.source();
    this.frozenAt = undefined;
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }
}

/** The epoch milliseconds of an ISO 8601 instant with an offset (`2031-05-20T09:00:00+02:00`), else undefined. */
export function parseInstant(text: string): number | undefined {
  if (!ISO_INSTANT.test(text)) return undefined;
  const dt = DateTime.fromISO(text, { setZone: true });
  return dt.isValid ? dt.toMillis() : undefined;
}

function assertInRange(ms: number): void {
  if (!Number.isFinite(ms) || ms < CLOCK_MIN_MS || ms > CLOCK_MAX_MS) {
    throw new ClockRangeError('The clock stays between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z.');
  }
}
