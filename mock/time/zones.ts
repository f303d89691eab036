// Time zone names: IANA names are checked with the platform's ICU data (through luxon);
// Windows-style names are mapped to IANA names with windows-iana (CLDR's mapping).
// Seed "Time handling" rule 3: an invalid or unknown name is ignored.
import { IANAZone } from 'luxon';
import { findIana } from 'windows-iana';

const cache = new Map<string, string | undefined>();

/** The IANA zone a caller's name denotes, or undefined when it is not a usable zone name. */
export function toIanaZone(name: string | undefined | null): string | undefined {
  if (name === undefined || name === null) return undefined;
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 64) return undefined;
  if (cache.has(trimmed)) return cache.get(trimmed);
  let zone: string | undefined;
  if (/^[A-Za-z]/.test(trimmed) && IANAZone.isValidZone(trimmed)) {
    zone = canonical(trimmed);
  } else {
    const mapped = findIana(trimmed)?.[0];
    if (mapped && IANAZone.isValidZone(mapped)) zone = canonical(mapped);
  }
  if (cache.size > 10_000) cache.clear();
  cache.set(trimmed, zone);
  return zone;
}

/**
 * The spelling to report for a valid zone name: the platform's where it differs only by letter case
 * (`europe/berlin` → `Europe/Berlin`), the caller's otherwise, since ICU reports some zones by their
 * old names (`Asia/Kolkata` → `Asia/Calcutta`).
 */
function canonical(zone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  if (resolved === 'Etc/UTC' || resolved === 'Etc/GMT' || resolved === 'UTC') return zone.toLowerCase() === 'utc' || zone.toLowerCase() === 'etc/utc' ? 'UTC' : zone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}
