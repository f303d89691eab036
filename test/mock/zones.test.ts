// Zone names (seed "Time handling" rule 3): IANA names as given, Windows names mapped, unknown ignored.
import { describe, expect, it } from 'vitest';
import { toIanaZone } from '../../mock/time/zones.ts';

describe('toIanaZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['Asia/Kathmandu', 'Asia/Kathmandu'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['W. Europe Standard Time', 'Europe/Berlin'],
    ['Pacific Standard Time', 'America/Los_Angeles'],
    ['Tokyo Standard Time', 'Asia/Tokyo'],
  ])('%s → %s', (name, want) => {
    expect(toIanaZone(name)).toBe(want);
  });

  it.each(['Nowhere/Else', '+02:00', '', '   ', 'Europe/Berlin; DROP TABLE', 'x'.repeat(100)])('ignores %j', (name) => {
    expect(toIanaZone(name)).toBeUndefined();
  });
});
