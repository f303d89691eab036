// The `calendar-values-shifted` fault (pipeline/faults.ts): a server that wrongly converts
// date-only and time-of-day values as if they were UTC instants into the applied zone. A time of
// day moves by the zone's offset; a date reads one day earlier in a zone behind UTC.
import { DateTime } from 'luxon';

/** A date-only value inside a JSON text. */
const DATE_ONLY = /(?<=")(\d{4}-\d{2}-\d{2})(?=")/g;
/** A time-of-day value (HH:MM or HH:MM:SS) inside a JSON text. */
const TIME_OF_DAY = /(?<=")(\d{2}):(\d{2})(:\d{2})?(?=")/g;

/** The JSON text with its date-only and time-of-day values shifted into `zone` as of now. */
export function shiftCalendarValues(body: string, zone: string | undefined): string {
  if (zone === undefined) return body;
  const now = DateTime.now().setZone(zone);
  if (!now.isValid || now.offset === 0) return body;
  const offset = now.offset;
  const shiftedTimes = body.replace(TIME_OF_DAY, (text: string, hours: string, minutes: string, seconds: string | undefined) => {
    const total = (((Number(hours) * 60 + Number(minutes) + offset) % 1440) + 1440) % 1440;
    const hh = String(Math.floor(total / 60)).padStart(2, '0');
    const mm = String(total % 60).padStart(2, '0');
    return Number(hours) > 23 || Number(minutes) > 59 ? text : `${hh}:${mm}${seconds ?? ''}`;
  });
  if (offset > 0) return shiftedTimes;
  return shiftedTimes.replace(DATE_ONLY, (date: string) => {
    const day = DateTime.fromISO(date, { zone: 'UTC' });
    return day.isValid ? (day.minus({ days: 1 }).toISODate() ?? date) : date;
  });
}
