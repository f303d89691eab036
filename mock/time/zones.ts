// Time zone names: IANA names are checked with the platform's ICU data (through luxon);
// Windows-style names are mapped to IANA names with windows-iana (CLDR's mapping).
// Seed "Time handling" rule 3: an invalid or unknown name is ignored.
//
// Lookups are case-insensitive and cached by the lower-case name, so spellings that differ only in
// letter case share one entry and one reported spelling. Valid names are finitely many (the zone
// database's names and aliases, the Windows names), so their cache needs no eviction; unknown
// names are cached in a bounded LRU. Only reported spellings reach luxon, whose own caches keep one
// entry per zone name they are given.
import { IANAZone } from 'luxon';
import { IANA_ALIAS_MAP, WINDOWS_TO_IANA_MAP } from 'windows-iana';
import { BoundedMap } from '../core/bounded-map.ts';

/** Unknown names remembered (so junk costs one ICU check per name while it stays recent). */
export const UNKNOWN_ZONE_CACHE_SIZE = 1_024;

/** The usual spelling of each zone name, by its lower-case form: ICU's names, then CLDR's aliases. */
const SPELLINGS = new Map<string, string>();
for (const name of ['UTC', ...Intl.supportedValuesOf('timeZone'), ...IANA_ALIAS_MAP.flatMap((z) => z.alias)]) {
  if (!SPELLINGS.has(name.toLowerCase())) SPELLINGS.set(name.toLowerCase(), name);
}

/** Windows zone names (lower case) → the IANA zone of their main territory. */
const WINDOWS = new Map<string, string>();
for (const entry of WINDOWS_TO_IANA_MAP) {
  const key = entry.windowsName.toLowerCase();
  const zone = entry.iana[0];
  if (zone !== undefined && (entry.territory === '001' || !WINDOWS.has(key))) WINDOWS.set(key, zone);
}

const known = new Map<string, string>();
const unknown = new BoundedMap<string, true>(UNKNOWN_ZONE_CACHE_SIZE);

/** The IANA zone a caller's name denotes, or undefined when it is not a usable zone name. */
export function toIanaZone(name: string | undefined | null): string | undefined {
  if (name === undefined || name === null) return undefined;
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 64) return undefined;
  const key = trimmed.toLowerCase();
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  if (unknown.get(key)) return undefined;
  const zone = resolve(trimmed, key);
  if (zone === undefined) unknown.set(key, true);
  else known.set(key, zone);
  return zone;
}

function resolve(trimmed: string, key: string): string | undefined {
  if (/^[A-Za-z]/.test(trimmed) && IANAZone.isValidZone(trimmed)) return spelling(trimmed, key);
  const mapped = WINDOWS.get(key);
  return mapped !== undefined && IANAZone.isValidZone(mapped) ? spelling(mapped, mapped.toLowerCase()) : undefined;
}

/**
 * The spelling to report for a valid zone name: the zone database's (`europe/berlin` →
 * `Europe/Berlin`, `asia/kolkata` → `Asia/Kolkata`; ICU itself reports some zones by their old names,
 * `Asia/Calcutta`), then ICU's when it differs only by letter case, else the name as first given.
 */
function spelling(zone: string, key: string): string {
  if (key === 'utc' || key === 'etc/utc') return 'UTC';
  const listed = SPELLINGS.get(key);
  if (listed !== undefined) return listed;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === key ? resolved : zone;
}

/** Entries in the zone caches (for bounds checks). */
export function zoneCacheSizes(): { known: number; unknown: number; unknownCapacity: number } {
  return { known: known.size, unknown: unknown.size, unknownCapacity: unknown.capacity };
}
