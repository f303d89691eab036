// A campaign's date range (seed "Campaign": start_date, end_date; "Time handling" rules 2 and 6): a
// date stays a `YYYY-MM-DD` string, never shifted; a date-time becomes an instant, read in the
// applied zone when it has no offset. A date bound covers its whole day in the zone it is read in.
import { DateTime } from 'luxon';
import { errors } from '../../pipeline/api-error.ts';
import { isDateOnly, parseDateTimeInput } from '../../time/instants.ts';

export type DateBound = Date | string;

/** Reads an input bound; a value that is neither a real date nor a date-time is a 422 naming `field`. */
export function readBound(value: string | undefined, zone: string, field: string): DateBound | undefined {
  if (value === undefined) return undefined;
  const read = isDateOnly(value) ? (DateTime.fromISO(value).isValid ? value : undefined) : parseDateTimeInput(value, zone);
  if (read === undefined) throw errors.validation('INVALID_FORMAT', `The field ${field} is not a valid date or date-time.`, field);
  return read;
}

/** The first instant (ms) a bound covers: a date's first moment in `zone`. */
export function boundStart(value: DateBound, zone: string): number {
  return typeof value === 'string' ? DateTime.fromISO(value, { zone }).startOf('day').toMillis() : value.getTime();
}

/** The last instant (ms) a bound covers: a date's last moment in `zone`. */
export function boundEnd(value: DateBound, zone: string): number {
  return typeof value === 'string' ? DateTime.fromISO(value, { zone }).endOf('day').toMillis() : value.getTime();
}
