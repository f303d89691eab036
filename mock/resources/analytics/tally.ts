// Counting into a period and its buckets: each item adds to the period's totals and to the one
// bucket it falls in (found by binary search over the bucket starts).
import type { Bucketed } from './period.ts';

export interface PeriodReport<F> {
  from: Date;
  to: Date;
  totals: F;
  series: Array<{ from: Date; to: Date; figures: F }>;
}

export class PeriodTally<A> {
  private readonly period: Bucketed;
  private readonly totals: A;
  private readonly buckets: A[];

  constructor(period: Bucketed, make: () => A) {
    this.period = period;
    this.totals = make();
    this.buckets = period.buckets.map(make);
  }

  get range(): Bucketed {
    return this.period;
  }

  /** The period's totals tally. */
  get total(): A {
    return this.totals;
  }

  /** The tallies an item at `instant` adds to: the totals and its bucket; none outside the period. */
  at(instant: Date): A[] {
    const ms = instant.getTime();
    if (ms < this.period.from.getTime() || ms >= this.period.to.getTime()) return [];
    const { buckets } = this.period;
    let lo = 0;
    let hi = buckets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((buckets[mid]?.from.getTime() ?? 0) <= ms) lo = mid;
      else hi = mid - 1;
    }
    return [this.totals, this.buckets[lo] as A];
  }

  report<F>(finish: (tally: A) => F): PeriodReport<F> {
    return {
      from: this.period.from,
      to: this.period.to,
      totals: finish(this.totals),
      series: this.period.buckets.map((b, i) => ({ from: b.from, to: b.to, figures: finish(this.buckets[i] as A) })),
    };
  }
}
