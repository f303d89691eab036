// One injectable clock for everything time-based: rate windows, sending queues, asynchronous
// transitions. The mock's clock is the system time plus an offset the control API can advance,
// or a frozen instant for deterministic tests.
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

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

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  freeze(at?: number): void {
    this.frozenAt = at ?? this.now();
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
