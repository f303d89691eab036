// One injectable clock for everything time-based: rate windows, sending queues, asynchronous
// transitions. The mock's clock is the system time plus an offset the control API can advance,
// or a frozen instant for deterministic tests.
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

  constructor(options: { frozenAt?: number; source?: () => number } = {}) {
    this.frozenAt = options.frozenAt;
    this.source = options.source ?? Date.now;
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

function assertInRange(ms: number): void {
  if (!Number.isFinite(ms) || ms < CLOCK_MIN_MS || ms > CLOCK_MAX_MS) {
    throw new ClockRangeError('The clock stays between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z.');
  }
}
