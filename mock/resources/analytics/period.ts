// The period of the calls and sessions reads (published: `from` inclusive, `to` exclusive, both
// date-times, `granularity`, `compare_prev`). A date-time without an offset is read in the applied
// zone (seed "Time handling" rule 2). Inferred rules: `from` must be before `to`; buckets end at the
// zone's midnights (`day`), Mondays (`week`) or first days of the month (`month`), the first and
// last cut at `from` and `to`; at most MAX_BUCKETS; the previous period is as long and ends where
// the period starts.
import { DateTime } from 'luxon';
import type { components } from '../../../generated/api.ts';
import { errors } from '../../pipeline/api-error.ts';
import { parseDateBound } from '../../time/instants.ts';

export type Granularity = components['schemas']['AnalyticsGranularity'];

export interface Period {
  from: Date;
  to: Date;
}

/** A period and the buckets that split it, in order. */
export interface Bucketed extends Period {
  buckets: Period[];
}

export const MAX_BUCKETS = 400;

const UNIT = { day: 'day', week: 'week', month: 'month' } as const;

function instant(value: string, zone: string, field: string): Date {
  const parsed = parseDateBound(value, zone, false);
  if (!parsed) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return parsed;
}

export function readPeriod(query: { from: string; to: string }, zone: string): Period {
  const period = { from: instant(query.from, zone, 'from'), to: instant(query.to, zone, 'to') };
  if (period.from >= period.to) throw errors.validation('VALIDATION_ERROR', 'The parameter from must be before to.', 'from');
  return period;
}

export function previousPeriod(period: Period): Period {
  const length = period.to.getTime() - period.from.getTime();
  return { from: new Date(period.from.getTime() - length), to: period.from };
}

export function splitPeriod(period: Period, granularity: Granularity, zone: string): Bucketed {
  if (granularity === 'total') return { ...period, buckets: [period] };
  const unit = UNIT[granularity];
  const bounds: Date[] = [period.from];
  let edge = DateTime.fromJSDate(period.from, { zone }).startOf(unit).plus({ [unit]: 1 });
  while (edge.toMillis() < period.to.getTime()) {
    if (bounds.length >= MAX_BUCKETS) {
      throw errors.validation('VALIDATION_ERROR', `The period splits into more than ${MAX_BUCKETS} buckets of a ${granularity}: choose a coarser granularity.`, 'granularity');
    }
    bounds.push(edge.toJSDate());
    edge = edge.plus({ [unit]: 1 });
  }
  bounds.push(period.to);
  return { ...period, buckets: bounds.slice(1).map((to, i) => ({ from: bounds[i] as Date, to })) };
}
