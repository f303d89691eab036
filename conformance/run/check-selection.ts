// Which checks a run applies (`--checks a,b` keeps only these, `--exclude-checks a,b` leaves these
// out), by the names checks record their outcomes under. Names are validated against the
// catalogue's CHECK_SCOPES. An unselected check is not applied (its outcomes are never recorded)
// and the rules it alone decides are reported `not run` with EXCLUDED_REASON.
import { CHECK_SCOPES } from '../rules/catalogue.ts';

/** The reason a rule whose every check is unselected is not run. */
export const EXCLUDED_REASON = 'excluded by --checks/--exclude-checks';

/** Every check name a run can select, in catalogue order. */
export function knownChecks(): string[] {
  return Object.keys(CHECK_SCOPES);
}

/** Splits a comma list into trimmed, non-empty names. */
export function checkList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * The checks a run applies, or undefined when neither list narrows it (every check). Throws an
 * Error naming the flag and the unknown name; the caller turns it into a usage mistake.
 */
export function selectChecks(include: string[] | undefined, exclude: string[] | undefined): string[] | undefined {
  if (include === undefined && exclude === undefined) return undefined;
  const known = knownChecks();
  for (const [flag, names] of [
    ['--checks', include],
    ['--exclude-checks', exclude],
  ] as const) {
    const unknown = names?.find((name) => !known.includes(name));
    if (unknown !== undefined) throw new Error(`${flag}: unknown check "${unknown}" (known: ${known.join(', ')})`);
  }
  if (include !== undefined && include.length === 0) throw new Error('--checks: name at least one check');
  const kept = known.filter((name) => (include === undefined || include.includes(name)) && !(exclude ?? []).includes(name));
  if (kept.length === 0) throw new Error('--checks/--exclude-checks leave no check to apply');
  return kept;
}

/** Whether a check is applied under a selection (undefined: every check is). */
export function isSelected(selection: readonly string[] | undefined, check: string): boolean {
  return selection === undefined || selection.includes(check);
}
