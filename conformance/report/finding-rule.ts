// The catalogue rule a finding is reported under (SARIF results, CI annotations): of the rules
// whose checks include the finding's check, one restricted to the finding's operation first, else
// the first in catalogue order. A finding whose check no rule names is reported under its check.
import type { Finding } from '../record/finding.ts';
import { CATALOGUE, type CatalogueRule } from '../rules/catalogue.ts';

/** The rules a finding's check and operation decide, the ones restricted to its operation first. */
export function rulesOfFinding(finding: Pick<Finding, 'check' | 'operationId'>): CatalogueRule[] {
  const matching = CATALOGUE.filter((r) => r.checks.includes(finding.check) && (!r.operations || r.operations.includes(finding.operationId ?? '')));
  return [...matching.filter((r) => r.operations), ...matching.filter((r) => !r.operations)];
}

/** The id the finding is reported under. */
export function ruleIdOfFinding(finding: Pick<Finding, 'check' | 'operationId'>): string {
  return rulesOfFinding(finding)[0]?.id ?? finding.check;
}
