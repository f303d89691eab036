// The feeds' `from` / `to` filters (seed GET /api/v1/logs/actions query table, and the same rule
// for the API and webhook feeds): inclusive bounds on created_at; a date is the whole day in the
// applied zone (`from` its first instant, `to` its last); a date-time without an offset is read in
// the applied zone. An impossible date is a 422 of its field; `from` after `to` a 422 of `from`.
import { errors } from '../../pipeline/api-error.ts';
import { parseDateBound } from '../../time/instants.ts';

export interface FeedRange {
  from: Date | undefined;
  to: Date | undefined;
}

function bound(value: string | undefined, zone: string, endOfDay: boolean, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const instant = parseDateBound(value, zone, endOfDay);
  if (!instant) throw errors.validation('INVALID_FORMAT', `The parameter ${field} is not a valid date or date-time.`, field);
  return instant;
}

export function feedRange(query: { from?: string; to?: string }, zone: string): FeedRange {
  const range = { from: bound(query.from, zone, false, 'from'), to: bound(query.to, zone, true, 'to') };
  if (range.from && range.to && range.from > range.to) throw errors.validation('VALIDATION_ERROR', 'The parameter from is after to.', 'from');
  return range;
}

export function inRange(at: Date, range: FeedRange): boolean {
  const ms = at.getTime();
  return (range.from === undefined || ms >= range.from.getTime()) && (range.to === undefined || ms <= range.to.getTime());
}

/** Newest first, then by uuid: the order of every feed. */
export function newestFirst(a: { uuid: string; created_at: Date }, b: { uuid: string; created_at: Date }): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
}
