// Compares coaching agent settings field by field: what the suite wrote or expects against what the
// service returned. Scalars and lists compare exactly (a list replaces the stored one whole, in
// order); an object inside them matches when every field the suite wrote is returned as written, so
// the fields a service fills in (a template's `is_custom`, an empty `scenario`) do not count.
import { type CoachSettings, type CoachView, SETTING_FIELDS } from './model.ts';

/** `actual` carries `expected`: equal scalars, lists of the same length matching item by item, objects with every expected field. */
export function carries(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => carries(item, actual[i]));
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => value === undefined || carries(value, (actual as Record<string, unknown>)[key]));
  }
  return Object.is(expected, actual);
}

/** The fields of `expected` that `actual` does not carry as expected, described for a finding. */
export function settingDifferences(expected: CoachSettings, actual: CoachView): string[] {
  const out: string[] = [];
  for (const field of SETTING_FIELDS) {
    if (!(field in expected) || expected[field] === undefined) continue;
    const want = JSON.parse(JSON.stringify(expected[field]));
    if (!carries(want, actual[field])) {
      out.push(`${field}: expected ${JSON.stringify(expected[field])}, got ${JSON.stringify(actual[field])}`);
    }
  }
  return out;
}
