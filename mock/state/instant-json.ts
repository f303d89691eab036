// State holds instants as `Date`. In fixtures and snapshots they are ISO strings with an offset;
// reading revives them, writing renders them in UTC.
import { ISO_INSTANT } from '../time/instants.ts';

export function reviveInstants<T>(value: T): T {
  if (typeof value === 'string') return (ISO_INSTANT.test(value) ? new Date(value) : value) as T;
  if (Array.isArray(value)) return value.map(reviveInstants) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = reviveInstants(v);
    return out as T;
  }
  return value;
}

/** Plain JSON with instants as UTC ISO strings. */
export function toPlainJson<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value));
}
