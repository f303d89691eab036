// Zone helpers for the time rules: zones with far-apart offsets, Windows names with the IANA zone
// CLDR maps them to, and zone equivalence (same offsets in January and July).
import { DateTime, IANAZone } from 'luxon';

/** Zones whose offsets differ by hours from each other and from the usual workspace zones. */
export const PROBE_ZONES = ['Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'America/Los_Angeles'] as const;

/** Windows zone names (seed "Time handling" rule 3) and their IANA zones (CLDR windowsZones, territory 001). */
export const WINDOWS_NAMES: ReadonlyArray<[string, string]> = [
  ['Tokyo Standard Time', 'Asia/Tokyo'],
  ['W. Europe Standard Time', 'Europe/Berlin'],
  ['Eastern Standard Time', 'America/New_York'],
  ['India Standard Time', 'Asia/Kolkata'],
];

export const UNKNOWN_ZONES = ['Mars/Olympus_Mons', 'Not a zone', 'Europe/Atlantis'];

export function sameZone(a: string | undefined, b: string): boolean {
  if (a === undefined || !IANAZone.isValidZone(a)) return false;
  if (a === b) return true;
  const year = DateTime.utc().year;
  return [1, 7].every((month) => {
    const at = DateTime.utc(year, month, 15, 12);
    return at.setZone(a).offset === at.setZone(b).offset;
  });
}

/** The first probe zone that is not `avoid` (and not the same as it). */
export function otherZone(...avoid: Array<string | undefined>): string {
  return PROBE_ZONES.find((z) => avoid.every((a) => a === undefined || !sameZone(a, z))) ?? 'Pacific/Kiritimati';
}
