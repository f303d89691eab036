// Compares coaching agent settings field by field (deep equality of their JSON): what the suite
// wrote or expects against what the service returned.
import { isDeepStrictEqual } from 'node:util';
import { type CoachSettings, type CoachView, SETTING_FIELDS } from './model.ts';

/** The fields of `expected` that `actual` does not carry as expected, described for a finding. */
export function settingDifferences(expected: CoachSettings, actual: CoachView): string[] {
  const out: string[] = [];
  for (const field of SETTING_FIELDS) {
    if (!(field in expected)) continue;
    const want = expected[field] === undefined ? undefined : JSON.parse(JSON.stringify(expected[field]));
    if (!isDeepStrictEqual(want, actual[field])) {
      out.push(`${field}: expected ${JSON.stringify(expected[field])}, got ${JSON.stringify(actual[field])}`);
    }
  }
  return out;
}
