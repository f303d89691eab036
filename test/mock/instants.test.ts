// Instants as the mock renders them (mock/time/instants.ts; seed "Time handling" rules 1 and 5):
// the arithmetic rendering and its cache agree with luxon's ISO rendering in the zone, for any
// instant and zone, and the cache stays within its bound. The serializer renders every Date of a
// body, wherever it sits, and leaves the state it reads unchanged (mock/pipeline/serialize.ts).
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { serializeBody } from '../../mock/pipeline/serialize.ts';
import { RENDER_CACHE_PER_ZONE, renderCacheSizes, renderInstant } from '../../mock/time/instants.ts';

// Whole-hour, half-hour and 45-minute offsets, both hemispheres' daylight saving, a zone whose
// history has offsets in seconds (Amsterdam before 1937), and UTC, which alone renders `Z`.
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Europe/London', 'Europe/Amsterdam', 'Etc/GMT+12', 'Pacific/Kiritimati'];

/** What luxon writes for the instant in the zone, with `Z` for UTC only. */
function reference(ms: number, zone: string): string {
  const dt = DateTime.fromMillis(ms, { zone });
  const iso = dt.toISO({ suppressMilliseconds: true, includeOffset: true }) ?? '';
  if (zone !== 'UTC') return iso.replace(/Z$/, '+00:00');
  return iso.replace(/\+00:00$/, 'Z');
}

describe('rendering an instant in a zone', () => {
  it('agrees with luxon for any instant from year 1000 to 9999 and any zone, first and cached', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30) }), fc.constantFrom(...ZONES), fc.boolean(), (ms, zone, whole) => {
        const at = whole ? ms - (ms % 1000) : ms;
        const expected = reference(at, zone);
        expect(renderInstant(new Date(at), zone)).toBe(expected);
        expect(renderInstant(new Date(at), zone)).toBe(expected);
      }),
      { numRuns: 3_000 },
    );
  });

  it('writes milliseconds only when there are some, and the offset of the day', () => {
    expect(renderInstant(new Date('2026-03-14T09:30:00.000Z'), 'Europe/Berlin')).toBe('2026-03-14T10:30:00+01:00');
    expect(renderInstant(new Date('2026-07-14T09:30:00.045Z'), 'Europe/Berlin')).toBe('2026-07-14T11:30:00.045+02:00');
    expect(renderInstant(new Date('2026-01-01T00:00:00.000Z'), 'UTC')).toBe('2026-01-01T00:00:00Z');
    expect(renderInstant(new Date('2026-01-01T00:00:00.000Z'), 'Europe/London')).toBe('2026-01-01T00:00:00+00:00');
    expect(renderInstant(new Date('2026-01-01T00:00:00.000Z'), 'Asia/Kolkata')).toBe('2026-01-01T05:30:00+05:30');
  });

  it('keeps its cache within the bound per zone', () => {
    for (let i = 0; i < RENDER_CACHE_PER_ZONE + 10; i++) renderInstant(new Date(Date.UTC(2030, 0, 1) + i * 1000), 'Asia/Tokyo');
    expect(renderCacheSizes().maxEntries).toBeLessThanOrEqual(RENDER_CACHE_PER_ZONE);
  });
});

describe('serialising a body', () => {
  it('renders every Date at any depth, in arrays and objects, and leaves the body as it was', () => {
    const created = new Date('2026-03-14T09:30:00Z');
    const body = { success: true, data: { items: [{ at: created, tags: ['a'], nested: { when: [created, null] } }, { at: null }], count: 2 }, at: created };
    const before = structuredClone(body);
    const text = serializeBody(body, 'Europe/Berlin');
    expect(JSON.parse(text)).toEqual({
      success: true,
      data: { items: [{ at: '2026-03-14T10:30:00+01:00', tags: ['a'], nested: { when: ['2026-03-14T10:30:00+01:00', null] } }, { at: null }], count: 2 },
      at: '2026-03-14T10:30:00+01:00',
    });
    expect(body).toEqual(before);
    expect(body.data.items[0]?.at).toBe(created);
  });

  it('gives what JSON.stringify gives for a body without instants, a bare instant, and nothing', () => {
    const body = { a: 1, b: 'x', c: [1, 'two', null, { d: false }], e: undefined, f: { toJSON: () => 'custom' } };
    expect(serializeBody(body, 'UTC')).toBe(JSON.stringify(body));
    expect(serializeBody(new Date('2026-03-14T09:30:00Z'), 'Asia/Kolkata')).toBe('"2026-03-14T15:00:00+05:30"');
    expect(serializeBody(undefined, 'UTC')).toBe('');
  });
});
