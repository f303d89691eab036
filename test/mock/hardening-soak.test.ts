// A reduced soak (scripts/soak.ts): 5,000 varied requests over node:http, with the per-workspace
// caches given small bounds, so the run crosses every bound; each cache ends within its bound
// (sizes are asserted, never timings or memory figures). X-Timezone spellings that differ only in
// letter case share one entry.
import { describe, expect, it } from 'vitest';
import { toIanaZone, zoneCacheSizes } from '../../mock/time/zones.ts';
import { soak } from '../../scripts/soak.ts';

describe('a reduced soak', () => {
  it('keeps every cache within its bound', async () => {
    // No wall-clock deadline (the soak would stop sending at it, however slow the machine): every
    // request is sent; the test's time-out is the safety net.
    const result = await soak({ requests: 5_000, concurrency: 8, maxSeconds: Number.POSITIVE_INFINITY, caches: { jwtsPerWorkspace: 50, idempotencyKeysPerWorkspace: 100 } });
    expect(result.sent).toBe(5_000);
    const { caches, distinct } = result;
    // The run sent more distinct keys than any bound holds.
    expect(distinct.jwts).toBeGreaterThan(2 * 50);
    expect(distinct.requestKeys).toBeGreaterThan(2 * 100);
    expect(distinct.unknownZones).toBeGreaterThan(caches.unknownZones.bound);
    for (const [slug, w] of Object.entries(caches.workspaces)) {
      expect(w.jwts.bound, slug).toBe(50);
      expect(w.jwts.size, slug).toBe(50);
      expect(w.idempotencyKeys.bound, slug).toBe(100);
      expect(w.idempotencyKeys.size, slug).toBe(100);
    }
    expect(caches.unknownZones.size).toBe(caches.unknownZones.bound);
    expect(caches.offsetZones.size).toBeLessThanOrEqual(caches.offsetZones.bound);
    expect(caches.offsetSpansPerZone.size).toBeLessThanOrEqual(caches.offsetSpansPerZone.bound);
    expect(caches.renderedZones.size).toBeLessThanOrEqual(caches.renderedZones.bound);
    expect(caches.renderedPerZone.size).toBeLessThanOrEqual(caches.renderedPerZone.bound);
    expect(caches.requestLog.size).toBeLessThanOrEqual(caches.requestLog.bound);
    // Valid names are finitely many and cached by their lower-case form: a few entries for thousands of spellings.
    expect(caches.knownZones).toBeLessThan(50);
  }, 300_000);

  it('reads zone names whatever their letter case, with one entry and one reported spelling', () => {
    const before = zoneCacheSizes().known;
    const spellings = ['asia/tokyo', 'ASIA/TOKYO', 'Asia/Tokyo', 'aSiA/tOkYo', '  asia/TOKYO '];
    expect(new Set(spellings.map((s) => toIanaZone(s)))).toEqual(new Set(['Asia/Tokyo']));
    expect(zoneCacheSizes().known).toBeLessThanOrEqual(before + 1);
    expect(toIanaZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(toIanaZone('tokyo standard time')).toBe('Asia/Tokyo');
  });
});
