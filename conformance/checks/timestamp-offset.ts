// Seed "Time handling" rule 1: every timestamp in a response carries an offset (for example
// `+02:00`). Timestamps are found through the schema (`format: date-time`).
import type { ExchangeCheck } from './check.ts';

const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;

export const timestampOffset: ExchangeCheck = {
  name: 'timestamp-offset',
  rule: 'seed "Time handling" rule 1: every timestamp in a response carries an offset',
  run(_ex, ctx) {
    const stamps = ctx.temporal().filter((t) => t.kind === 'date-time');
    if (stamps.length === 0) return 'skip';
    const bad = stamps.filter((t) => !WITH_OFFSET.test(t.value));
    if (bad.length === 0) return 'pass';
    return [{ message: `timestamps without an offset: ${bad.slice(0, 5).map((t) => `${t.path} "${t.value}"`).join(', ')}`, part: 'documented' }];
  },
};
