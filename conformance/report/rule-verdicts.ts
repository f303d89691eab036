// One verdict per catalogue rule (rules/catalogue.ts), from the tallies of the checks that test
// it: verified (exercised, held), violated (a finding: at failing severity, or a warning below the
// --fail-on label), inconclusive (with the reason), not exercised (the run covered the rule but no
// exchange reached it), not applicable (the checks ran and said why the rule does not apply to
// this target) or not run (left out by the mode, the parts, --only or --checks/--exclude-checks, not
// reached in this shard of a split run, or not testable black-box).
// A finding counts for the rules it belongs to (rules/catalogue.ts, ownsFinding): a check several
// rules share decides each of them only through the findings within that rule's aspect.
import { emptyTally, type Finding, type Note, type Tally } from '../record/finding.ts';
import { CATALOGUE, CHECK_SCOPES, type CatalogueRule, ownsFinding } from '../rules/catalogue.ts';
import { EXCLUDED_REASON, isSelected } from '../run/check-selection.ts';
import { type Shard, shardText } from '../run/shard.ts';
import { MODES, type Mode, type SuitePart } from '../target/target.ts';
import type { Label } from '../../contract/labels.ts';

export type RuleStatus = 'verified' | 'violated' | 'inconclusive' | 'not-exercised' | 'not-applicable' | 'not-run';

export interface RuleResult {
  id: string;
  ref: string;
  label: Label;
  status: RuleStatus;
  /** For a violated rule: whether it fails the run or only warns. */
  severity?: 'fail' | 'warn';
  /** Why the rule is inconclusive, not applicable, not exercised or not run. */
  reason?: string;
  checks: string[];
  tally: Tally;
  /** A violation a baseline entry excuses (record/baseline.ts): it does not fail the run. */
  known?: { reason: string; owner: string; expires: string };
}

export interface RuleSelection {
  mode: Mode;
  parts: readonly SuitePart[];
  /** The --only pattern, when the run was narrowed to some suite tests. */
  only?: string | undefined;
  /** The checks applied (--checks / --exclude-checks); absent: every check. */
  checks?: readonly string[] | undefined;
  /** One shard of a split run: a rule not reached here may be reached in another shard. */
  shard?: Shard | undefined;
  /** The target is a mock (the stress checks run against it). */
  mock?: boolean;
  /** --stress: the stress checks run against a deployment too. */
  stress?: boolean | undefined;
}

function checkOf(key: string): string {
  return key.slice(key.indexOf('\u0000') + 1);
}

function operationOf(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}

/** The checks of a rule that the selected mode and parts run, and why the others do not. */
function selected(rule: CatalogueRule, selection: RuleSelection): { run: string[]; why: string[] } {
  const run: string[] = [];
  const why: string[] = [];
  for (const check of rule.checks) {
    const scope = CHECK_SCOPES[check];
    if (!scope) {
      why.push(`${check}: not a known check`);
      continue;
    }
    if (!isSelected(selection.checks, check)) why.push(EXCLUDED_REASON);
    else if (MODES.indexOf(scope.mode) > MODES.indexOf(selection.mode)) why.push(`needs --mode ${scope.mode}`);
    else if (scope.stress && !selection.mock && !selection.stress) why.push('exceeds the deployment\u2019s limits on purpose: needs --stress');
    else if (!scope.parts.some((p) => selection.parts.includes(p))) why.push(`part ${scope.parts.join(' or ')} not selected`);
    else run.push(check);
  }
  return { run, why: [...new Set(why)] };
}

export function ruleVerdicts(tallies: Record<string, Tally>, findings: Finding[], notes: Note[], selection: RuleSelection): RuleResult[] {
  return CATALOGUE.map((rule): RuleResult => {
    const base = { id: rule.id, ref: rule.ref, label: rule.label, checks: rule.checks };
    const tally = emptyTally();
    // Of a check with an aspect, the tallies count passes and skips; what failed is counted from the findings the rule owns.
    const shared = new Set(rule.aspects?.map((a) => a.check));
    for (const [key, t] of Object.entries(tallies)) {
      if (!rule.checks.includes(checkOf(key))) continue;
      if (rule.operations && !rule.operations.includes(operationOf(key))) continue;
      if (shared.has(checkOf(key))) {
        tally.pass += t.pass;
        tally.skip += t.skip;
        continue;
      }
      tally.pass += t.pass;
      tally.fail += t.fail;
      tally.warn += t.warn;
      tally.inconclusive += t.inconclusive;
      tally.skip += t.skip;
    }
    if (rule.untested) {
      const kind = rule.untested.kind === 'not-black-box' ? 'not testable black-box' : 'no check yet';
      return { ...base, tally, status: 'not-run', reason: `${kind}: ${rule.untested.reason}` };
    }
    for (const f of findings) if (shared.has(f.check) && ownsFinding(rule, f)) tally[f.severity]++;
    const mine = (f: Finding) => ownsFinding(rule, f);
    if (tally.fail > 0) return { ...base, tally, status: 'violated', severity: 'fail', reason: findings.find((f) => mine(f) && f.severity === 'fail')?.message };
    if (tally.inconclusive > 0) {
      const reasons = [...new Set(findings.filter((f) => mine(f) && f.severity === 'inconclusive').map((f) => f.message))];
      return { ...base, tally, status: 'inconclusive', reason: reasons.slice(0, 3).join('; ') || 'the rule could not be decided' };
    }
    if (tally.warn > 0) return { ...base, tally, status: 'violated', severity: 'warn', reason: findings.find((f) => mine(f) && f.severity === 'warn')?.message };
    if (tally.pass > 0) return { ...base, tally, status: 'verified' };
    const { run, why } = selected(rule, selection);
    if (run.length === 0) return { ...base, tally, status: 'not-run', reason: why.join('; ') };
    if (selection.only !== undefined) return { ...base, tally, status: 'not-run', reason: `outside --only ${selection.only}` };
    // Not applicable only when a check said why; a check that merely skipped every exchange was not reached.
    const said = [...new Set(notes.filter((n) => rule.checks.includes(n.area)).map((n) => n.message))];
    if (tally.skip > 0 && said.length > 0) return { ...base, tally, status: 'not-applicable', reason: said.join('; ') };
    if (selection.shard && selection.shard.count > 1) {
      return { ...base, tally, status: 'not-run', reason: `not reached in shard ${shardText(selection.shard)} (merge the shards' reports for its verdict)` };
    }
    return { ...base, tally, status: 'not-exercised', reason: `no exchange reached ${run.join(', ')}` };
  });
}

/** Counts of rules by status. */
export function ruleCounts(rules: RuleResult[]): Record<RuleStatus, number> {
  const out: Record<RuleStatus, number> = { verified: 0, violated: 0, inconclusive: 0, 'not-exercised': 0, 'not-applicable': 0, 'not-run': 0 };
  for (const r of rules) out[r.status]++;
  return out;
}
