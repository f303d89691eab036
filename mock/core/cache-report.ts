// The size and the bound of every per-request cache of a running mock, for the soak script and the
// tests that prove the bounds hold under load.
import { OFFSET_CACHE_SPANS, OFFSET_CACHE_ZONES, offsetCacheSizes, RENDER_CACHE_PER_ZONE, renderCacheSizes } from '../time/instants.ts';
import { API_LOG_CAPACITY, recordedCount } from '../resources/logs/api-recorder.ts';
import { zoneCacheSizes } from '../time/zones.ts';
import type { Mock } from './mock.ts';

export interface Bounded {
  size: number;
  bound: number;
}

export interface CacheReport {
  /** Unknown zone names remembered (valid names are finitely many and kept). */
  unknownZones: Bounded;
  knownZones: number;
  offsetZones: Bounded;
  offsetSpansPerZone: Bounded;
  /** Rendered instants: zones, and entries per zone. */
  renderedZones: Bounded;
  renderedPerZone: Bounded;
  requestLog: Bounded;
  /** Per workspace; `apiLog`: the requests the API feed keeps (resources/logs/api-recorder.ts). */
  workspaces: Record<string, { jwts: Bounded; idempotencyKeys: Bounded; apiLog: Bounded }>;
}

export function cacheReport(mock: Mock): CacheReport {
  const zones = zoneCacheSizes();
  const offsets = offsetCacheSizes();
  const rendered = renderCacheSizes();
  return {
    unknownZones: { size: zones.unknown, bound: zones.unknownCapacity },
    knownZones: zones.known,
    offsetZones: { size: offsets.zones, bound: OFFSET_CACHE_ZONES },
    offsetSpansPerZone: { size: offsets.maxSpans, bound: OFFSET_CACHE_SPANS },
    renderedZones: { size: rendered.zones, bound: OFFSET_CACHE_ZONES },
    renderedPerZone: { size: rendered.maxEntries, bound: RENDER_CACHE_PER_ZONE },
    requestLog: { size: mock.requests.size, bound: mock.requests.limit },
    workspaces: Object.fromEntries(
      mock.store.all().map((w) => [
        w.state.slug,
        {
          jwts: { size: w.jwtCache.size, bound: w.jwtCache.capacity },
          idempotencyKeys: { size: w.idempotency.size, bound: w.idempotency.capacity },
          apiLog: { size: recordedCount(w.state), bound: API_LOG_CAPACITY },
        },
      ]),
    ),
  };
}
