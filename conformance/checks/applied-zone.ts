// Seed "Time handling" rules 5 and 7: the X-Timezone header names the zone that was applied, and
// output is in that zone (workspace tokens "work in workspace time, not UTC, on input and output").
// So each timestamp's offset is the applied zone's offset at that instant.
import { DateTime, IANAZone } from 'luxon';
import type { ExchangeCheck } from './check.ts';

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export const appliedZone: ExchangeCheck = {
  name: 'applied-zone',
  rule: 'seed "Time handling" rules 5 and 7: timestamps are rendered in the zone X-Timezone names',
  run(ex, ctx) {
    const zone = ex.response.headers['x-timezone'];
    if (zone === undefined || !IANAZone.isValidZone(zone)) return 'skip';
    const stamps = ctx.temporal().filter((t) => t.kind === 'date-time');
    const wrong: string[] = [];
    let judged = 0;
    for (const t of stamps) {
      const at = DateTime.fromISO(t.value, { setZone: true });
      if (!at.isValid || !/(Z|[+-]\d{2}:\d{2})$/i.test(t.value)) continue;
      judged++;
      const expected = at.setZone(zone).offset;
      if (at.offset !== expected) wrong.push(`${t.path} "${t.value}" is at ${formatOffset(at.offset)}, ${zone} is at ${formatOffset(expected)}`);
    }
    if (judged === 0) return 'skip';
    if (wrong.length === 0) return 'pass';
    return [{ message: `timestamps not in the applied zone ${zone}: ${wrong.slice(0, 4).join('; ')}`, part: 'documented' }];
  },
};
