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

// Rendered instants are cached too, per zone and epoch millisecond: most instants a workspace
// holds (created_at, scheduled times) are rendered again on every read. A zone's cache is emptied
// when it reaches RENDER_CACHE_PER_ZONE entries (cheaper than keeping recency on every hit).
export const RENDER_CACHE_PER_ZONE = 8_192;
const renderCache = new BoundedMap<string, Map<number, string>>(OFFSET_CACHE_ZONES);

/** Zones and the largest per-zone entry count in the rendered-instant cache (for bounds checks). */
export function renderCacheSizes(): { zones: number; maxEntries: number } {
  let maxEntries = 0;
  for (const [, entries] of renderCache) maxEntries = Math.max(maxEntries, entries.size);
  return { zones: renderCache.size, maxEntries };
}

const PAD2 = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const DAY_MS = 86_400_000;

/**
 * `YYYY-MM-DDTHH:mm:ss[.sss]` of an epoch millisecond read as UTC, by arithmetic (days to a civil
 * date, after H. Hinnant's `civil_from_days`): several times faster than `toISOString` and slicing.
 * Years outside 1000–9999 (which `toISOString` writes differently) take `toISOString`.
 */
function wallTime(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1000 || year > 9999) {
    const iso = new Date(ms).toISOString();
    return iso.endsWith('.000Z') ? iso.slice(0, -5) : iso.slice(0, -1);
  }
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const whole = `${year}-${PAD2[month]}-${PAD2[day]}T${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}`;
  return millis === 0 ? whole : `${whole}.${PAD3[millis]}`;
}

function formatInstant(ms: number, zone: string): string {
  const offset = offsetMinutes(zone, ms);
  if (!Number.isInteger(offset)) {
    return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) ?? new Date(ms).toISOString();
  }
  const wall = wallTime(ms + offset * 60_000);
  if (offset === 0 && zone === 'UTC') return `${wall}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${PAD2[Math.floor(abs / 60)]}:${PAD2[abs % 60]}`;
}

/** `2026-03-14T10:30:00+01:00` (milliseconds only when present). */
export function renderInstant(instant: Date, zone: string): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) return instant.toString();
  let byZone = renderCache.peek(zone);
  if (!byZone) {
    byZone = new Map();
    renderCache.set(zone, byZone);
  }
  let text = byZone.get(ms);
  if (text === undefined) {
    text = formatInstant(ms, zone);
    if (byZone.size >= RENDER_CACHE_PER_ZONE) byZone.clear();
    byZone.set(ms, text);
  }
  return text;
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
