// Stored instants are UTC `Date`s. On output every instant is rendered in the applied zone with
// its offset (seed "Time handling" rules 1 and 5); on input a date-time without an offset is read
// in the applied zone (rule 2). Date-only and time-of-day values are plain strings, never shifted (rule 6).
import { DateTime, IANAZone } from 'luxon';
import { BoundedMap } from '../core/bounded-map.ts';

// Zone offsets come from luxon (the platform's tz data); they are cached per zone and per
// 15-minute span of UTC, the granularity at which zones change their offset. Both levels are
// bounded (first in, first out: a hit costs one lookup, and the oldest entry makes room).
const SPAN_MS = 15 * 60 * 1000;
export const OFFSET_CACHE_ZONES = 64;
export const OFFSET_CACHE_SPANS = 4_096;
const offsetCache = new BoundedMap<string, BoundedMap<number, number>>(OFFSET_CACHE_ZONES);

function offsetMinutes(zone: string, ms: number): number {
  let byZone = offsetCache.peek(zone);
  if (!byZone) {
    byZone = new BoundedMap(OFFSET_CACHE_SPANS);
    offsetCache.set(zone, byZone);
  }
  const span = Math.floor(ms / SPAN_MS);
  let offset = byZone.peek(span);
  if (offset === undefined) {
    offset = IANAZone.create(zone).offset(ms);
    byZone.set(span, offset);
  }
  return offset;
}

/** Zones and the largest per-zone span count in the offset cache (for bounds checks). */
export function offsetCacheSizes(): { zones: number; maxSpans: number } {
  let maxSpans = 0;
  for (const [, spans] of offsetCache) maxSpans = Math.max(maxSpans, spans.size);
  return { zones: offsetCache.size, maxSpans };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `2026-03-14T10:30:00+01:00` (milliseconds only when present). */
export function renderInstant(instant: Date, zone: string): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) return instant.toString();
  const offset = offsetMinutes(zone, ms);
  if (!Number.isInteger(offset)) {
    return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) ?? instant.toISOString();
  }
  const local = new Date(ms + offset * 60_000).toISOString();
  const wall = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  if (offset === 0 && zone === 'UTC') return `${wall}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
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
