// Time rules (seed "Time handling"): zone selection and precedence, Windows and unknown names,
// workspace and profile zones, unshifted dates and times of day, wall-clock input. Offsets on
// every timestamp and rendering in the applied zone are exchange checks run on every request.
import { describe } from 'vitest';
import { holdsCalendarValues } from '../contract/temporal.ts';
import { notApplicable } from '../record/rule.ts';
import { checkUnshifted, checkWallClockInput, checkZoneSelection, findTimeProbe, TIME_HEADER, TIME_UNSHIFTED } from '../rules/time.ts';
import { conformanceTest, suite } from './context.ts';

const { operations, contract } = suite();

describe('time', () => {
  conformanceTest('zone selection: header, query, Windows names, unknown names, workspace and profile zones', async () => {
    const probe = await findTimeProbe();
    if (!probe) {
      notApplicable(TIME_HEADER, undefined, 'no read operation answered 2xx with timestamps to watch the zone on');
      return;
    }
    await checkZoneSelection(probe);
  });

  conformanceTest('date-only and time-of-day values are never shifted', async () => {
    const candidates = operations.filter((op) => op.successStatuses.some((s) => {
      const pointer = op.responses.get(s)?.schemaPointer;
      return pointer !== undefined && holdsCalendarValues(contract.doc, pointer);
    }));
    let checked = 0;
    for (const op of candidates) if (await checkUnshifted(op)) checked++;
    if (checked === 0) notApplicable(TIME_UNSHIFTED, undefined, `no operation the mode allows returned a date-only or time-of-day value (tried ${candidates.map((o) => o.operationId).join(', ') || 'none'})`);
  });

  conformanceTest('a date-time without offset is read in the applied zone', () => checkWallClockInput());
});
