// The findings of the HTML report, grouped so a failing run stays readable: by the catalogue rule
// a finding belongs to (the first rule whose checks and operations match it, preferring one the
// run did not verify; else the rule text the finding names), then by operation. Of each operation
// the first FINDINGS_SHOWN findings are shown, the next FINDINGS_FOLDED folded in a <details>, the
// rest counted; a section details at most SECTION_DETAILED findings, so the page's size is bounded
// whatever the run found (the JSON report has every finding). The index at the top of the report
// links to each rule's group.
import type { Finding } from '../record/finding.ts';
import { CATALOGUE } from '../rules/catalogue.ts';
import type { RuleResult } from './rule-verdicts.ts';

export const FINDINGS_SHOWN = 3;
export const FINDINGS_FOLDED = 12;
export const SECTION_DETAILED = 150;

export interface OperationGroup {
  operationId: string;
  findings: Finding[];
  /** Findings shown, then folded; the rest are only counted. */
  shown: number;
  folded: number;
}

export interface FindingGroup {
  /** The catalogue rule id, or the rule text of findings no catalogue rule matches. */
  rule: string;
  anchor: string;
  count: number;
  operations: OperationGroup[];
}

function ruleOf(f: Finding, results: ReadonlyMap<string, RuleResult>): string {
  const matching = CATALOGUE.filter((r) => r.checks.includes(f.check) && (!r.operations || r.operations.includes(f.operationId ?? '')));
  const undecided = matching.find((r) => {
    const status = results.get(r.id)?.status;
    return status === 'violated' || status === 'inconclusive';
  });
  return (undecided ?? matching[0])?.id ?? f.rule;
}

/** The findings of one report section by rule, then operation (largest first), with what each shows. */
export function groupFindings(findings: readonly Finding[], rules: readonly RuleResult[], section: string): FindingGroup[] {
  const results = new Map(rules.map((r) => [r.id, r]));
  const byRule = new Map<string, Map<string, Finding[]>>();
  for (const f of findings) {
    const rule = ruleOf(f, results);
    const ops = byRule.get(rule) ?? new Map<string, Finding[]>();
    byRule.set(rule, ops);
    const op = f.operationId ?? '(across operations)';
    ops.set(op, [...(ops.get(op) ?? []), f]);
  }
  const groups = [...byRule].map(([rule, ops], index): FindingGroup => {
    const operations = [...ops]
      .map(([operationId, list]) => ({ operationId, findings: list, shown: 0, folded: 0 }))
      .sort((a, b) => b.findings.length - a.findings.length);
    return { rule, anchor: `${section}-${index + 1}`, count: operations.reduce((n, o) => n + o.findings.length, 0), operations };
  });
  groups.sort((a, b) => b.count - a.count);
  // The first few of every operation before any folded one, within the section's budget.
  let left = SECTION_DETAILED;
  for (const group of groups) {
    for (const op of group.operations) {
      op.shown = Math.min(FINDINGS_SHOWN, op.findings.length, left);
      left -= op.shown;
    }
  }
  for (const group of groups) {
    for (const op of group.operations) {
      op.folded = Math.min(FINDINGS_FOLDED, op.findings.length - op.shown, left);
      left -= op.folded;
    }
  }
  return groups;
}
