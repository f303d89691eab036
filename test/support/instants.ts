// Seed "Time handling" rules 1 and 5: every timestamp in a response carries an offset, and it is
// the offset of the applied zone (the X-Timezone header) at that instant. These helpers find the
// timestamps of a JSON body and the ones whose offset does not match a zone.
import { DateTime } from 'luxon';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

export interface FoundInstant {
  at: string;
  value: string;
}

/** Every string of the body that looks like an ISO date-time (with or without an offset). */
export function instantsOf(body: unknown, at = ''): FoundInstant[] {
  if (typeof body === 'string') return DATE_TIME.test(body) ? [{ at, value: body }] : [];
  if (Array.isArray(body)) return body.flatMap((v, i) => instantsOf(v, `${at}[${i}]`));
  if (body && typeof body === 'object') return Object.entries(body).flatMap(([k, v]) => instantsOf(v, at === '' ? k : `${at}.${k}`));
  return [];
}

/** The offset `zone` has at the instant `value` names, as `+HH:MM`. */
export function offsetIn(value: string, zone: string): string {
  return DateTime.fromISO(value, { setZone: true }).setZone(zone).toFormat('ZZ');
}

/** Timestamps without an offset, or whose offset is not the zone's offset at that instant. */
export function offsetMismatches(body: unknown, zone: string): string[] {
  return instantsOf(body).flatMap(({ at, value }) => {
    const offset = /(Z|[+-]\d{2}:\d{2})$/.exec(value)?.[1];
    if (offset === undefined) return [`${at}=${value} has no offset`];
    const written = offset === 'Z' ? '+00:00' : offset;
    const expected = offsetIn(value, zone);
    return written === expected ? [] : [`${at}=${value} has offset ${written}, ${zone} has ${expected}`];
  });
}
