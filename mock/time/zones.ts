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

/** The platform's canonical spelling of a valid zone name (`europe/berlin` → `Europe/Berlin`). */
function canonical(zone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved === 'Etc/UTC' || resolved === 'Etc/GMT' ? 'UTC' : resolved;
}
