// Stored instants are UTC `Date`s. On output every instant is rendered in the applied zone with
// its offset (seed "Time handling" rules 1 and 5); on input a date-time without an offset is read
// in the applied zone (rule 2). Date-only and time-of-day values are plain strings, never shifted (rule 6).
import { DateTime } from 'luxon';

/** `2026-03-14T10:30:00+01:00` (milliseconds only when present). */
export function renderInstant(instant: Date, zone: string): string {
  const dt = DateTime.fromMillis(instant.getTime(), { zone });
  return dt.toISO({ suppressMilliseconds: true }) ?? instant.toISOString();
}

const OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads an input date-time; without an offset it is a wall time in `zone`. Undefined when invalid. */
export function parseDateTimeInput(value: string, zone: string): Date | undefined {
  const dt = OFFSET.test(value) ? DateTime.fromISO(value, { setZone: true }) : DateTime.fromISO(value, { zone });
  return dt.isValid ? dt.toJSDate() : undefined;
}

/** The first instant of a date in `zone`, or of the next day when `endOfDay` (exclusive bound). */
export function parseDateBound(value: string, zone: string, endOfDay: boolean): Date | undefined {
  if (!DATE_ONLY.test(value)) return parseDateTimeInput(value, zone);
  const day = DateTime.fromISO(value, { zone });
  if (!day.isValid) return undefined;
  return (endOfDay ? day.endOf('day') : day.startOf('day')).toJSDate();
}

export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** Whole ISO date-time strings with an offset, as found in spec examples. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
