// State holds instants as `Date`.
// - Fixtures are written by people: a string that is exactly an ISO instant with an offset is read
//   as an instant (reviveInstants).
// - Snapshots are written by the mock: instants are tagged `{"$date": "<ISO>"}`, so a snapshot
//   round-trips exactly, whatever text the state holds (encodeInstants / decodeInstants).
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

export function encodeInstants(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encodeInstants);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encodeInstants(v);
    return out;
  }
  return value;
}

export function decodeInstants<T>(value: unknown): T {
  if (Array.isArray(value)) return value.map((v) => decodeInstants(v)) as T;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]?.[0] === '$date' && typeof entries[0][1] === 'string') return new Date(entries[0][1]) as T;
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) out[k] = decodeInstants(v);
    return out as T;
  }
  return value as T;
}
