// fast-check arbitraries for strings with a `format`, a `pattern` or length bounds
// (uuid, email, date, date-time, uri, ipv4, base64 and the contract's patterns such as E.164).
import fc from 'fast-check';
import type { Schema } from './schema-tools.ts';

const DAY_MS = 86_400_000;
const MIN_DATE = Date.UTC(2020, 0, 1);
const MAX_DATE = Date.UTC(2030, 11, 31);

const instant = fc.integer({ min: MIN_DATE / 1000, max: MAX_DATE / 1000 }).map((s) => new Date(s * 1000));

function offsetString(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export const dateTimeWithOffset = fc.tuple(instant, fc.constantFrom(0, 60, 120, -300, 330, 540, -480)).map(([d, offset]) => {
  const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetString(offset)}`;
});

export const dateOnly = fc.integer({ min: MIN_DATE / DAY_MS, max: MAX_DATE / DAY_MS }).map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));

export const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{2,12}$/), fc.constantFrom('example.com', 'example.org', 'example.net'))
  .map(([local, domain]) => `${local}@${domain}`);

export const dateTimeWithoutOffset = instant.map((d) => d.toISOString().slice(0, 19));

/** Real dates and date-times (with and without offset) for date-like input patterns. */
const calendarValues = fc.oneof(dateOnly, dateTimeWithOffset, dateTimeWithoutOffset, dateTimeWithoutOffset.map((s) => s.slice(0, 16)));

const patternCache = new Map<string, fc.Arbitrary<string> | null>();

function patternArbitrary(pattern: string): fc.Arbitrary<string> | null {
  if (!patternCache.has(pattern)) {
    let arb: fc.Arbitrary<string> | null = null;
    try {
      const re = new RegExp(pattern);
      // A pattern that reads dates (seed "Time handling" inputs) gets real calendar values, not
      // strings of digits that only look like dates.
      if (re.test('2026-03-14') || re.test('2026-03-14T10:30:00') || re.test('2026-03-14T10:30:00+01:00')) arb = calendarValues.filter((v) => re.test(v));
      else if (!/\(\?[=!<]/.test(pattern)) arb = fc.stringMatching(re);
    } catch {
      arb = null;
    }
    patternCache.set(pattern, arb);
  }
  return patternCache.get(pattern) ?? null;
}

/** A string arbitrary for the schema, or null when only its examples can be used. */
export function stringArbitrary(schema: Schema): fc.Arbitrary<string> | null {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const fits = (s: string) => s.length >= min && (max === undefined || s.length <= max);
  let arb: fc.Arbitrary<string> | null = null;
  switch (schema.format) {
    case 'uuid':
      arb = fc.uuid({ version: 4 });
      break;
    case 'email':
      arb = email;
      break;
    case 'date':
      arb = dateOnly;
      break;
    case 'date-time':
      arb = dateTimeWithOffset;
      break;
    case 'uri':
      arb = typeof schema.pattern === 'string' && schema.pattern.startsWith('^https://') ? fc.webUrl({ validSchemes: ['https'] }) : fc.webUrl();
      break;
    case 'ipv4':
      arb = fc.ipV4();
      break;
    default:
      if (typeof schema.pattern === 'string') arb = patternArbitrary(schema.pattern);
      else if (schema.contentEncoding === 'base64') arb = fc.base64String({ minLength: 4, maxLength: 64 });
      else arb = fc.string({ minLength: min, maxLength: Math.min(max ?? min + 24, min + 24) });
  }
  if (arb === null) return null;
  if (typeof schema.pattern === 'string' && schema.format !== undefined) {
    const re = safeRegExp(schema.pattern);
    if (re) arb = arb.filter((s) => re.test(s));
  }
  return arb.map((s) => (fits(s) ? s : fitLength(s, min, max)));
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** Pads (repeating the value) or cuts a string to fit length bounds. */
export function fitLength(s: string, min: number, max: number | undefined): string {
  let out = s === '' ? 'x' : s;
  while (out.length < min) out += out;
  if (out.length < min) out = out.padEnd(min, 'x');
  if (max !== undefined && out.length > max) out = out.slice(0, max);
  return out.length < min ? out.padEnd(min, 'x') : out;
}
