// The concise summary the CLI prints at the end of a run (the full text is conformance.txt): the
// target, each failure group in a line with its curl, the rules that could not be decided with
// their reasons, every rule that is not verified (violated, inconclusive, not exercised, not
// applicable, not run) with why, the verdict with the counts, and where the reports are.
import { baselineLines } from '../record/baseline.ts';
import { coverageSummaryLines } from './coverage.ts';
import type { Finding } from '../record/finding.ts';
import { ledgerHeadline } from '../record/ledger.ts';
import { describeLabels, labelsBy } from '../record/severity.ts';
import { partOf, ruleLines, scopeText, verdictLines } from './console-report.ts';
import type { RunReport } from './run-report.ts';
import type { WrittenReports } from './write-reports.ts';

const MAX_GROUPS = 10;

function groups(findings: Finding[]): Finding[][] {
  const out = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.check}\u0000${f.operationId ?? ''}`;
    out.set(key, [...(out.get(key) ?? []), f]);
  }
  return [...out.values()];
}

export function consoleSummary(report: RunReport, files: WrittenReports | undefined): string {
  const t = report.target;
  const lines = [
    '',
    `Conformance run against ${t.baseUrl}${t.mock ? ` (the mock${t.faults.length ? `, faults: ${t.faults.join(', ')}` : ''})` : ''}`,
    `mode ${t.mode}, profile ${t.profile}, parts ${t.parts.join(',')}, seed ${t.seed}, fail on ${t.failOn}${scopeText(report)}; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  const failures = groups(report.failures);
  if (failures.length > 0) {
    lines.push('', `FAILURES (${describeLabels(labelsBy(t.failOn).failing)} parts): ${report.counts.failed} failed check(s) in ${failures.length} group(s)`);
    for (const group of failures.slice(0, MAX_GROUPS)) {
      const f = group[0] as Finding;
      lines.push(`✗ FAIL${group.length > 1 ? ` (${group.length}×)` : ''} ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}${partOf(f)}: ${f.message.split('\n')[0]}`);
      if (f.curl) lines.push(`    curl:     ${f.curl}`);
    }
    if (failures.length > MAX_GROUPS) lines.push(`… ${failures.length - MAX_GROUPS} more groups in the reports`);
  }
  for (const error of report.suiteErrors.slice(0, MAX_GROUPS)) lines.push(`✗ SUITE ERROR in "${error.test}": ${error.message.split('\n')[0]}`);
  const undecided = groups(report.inconclusive);
  if (undecided.length > 0) {
    lines.push('', `INCONCLUSIVE: ${report.counts.inconclusive} in ${undecided.length} rule(s)`);
    for (const group of undecided.slice(0, MAX_GROUPS)) {
      const f = group[0] as Finding;
      const reasons = [...new Set(group.map((g) => g.message))];
      lines.push(`  ? ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}: ${reasons.slice(0, 3).join('; ')}`);
    }
  }
  if (report.warnings.length > 0) lines.push('', `${report.counts.warned} warning(s) in ${groups(report.warnings).length} group(s): see the reports`);
  lines.push(...ruleLines(report.rules.filter((rule) => rule.status !== 'verified'), 'RULES NOT VERIFIED'));
  if (report.ledger) {
    lines.push('', `ledger: ${ledgerHeadline(report.ledger)}`);
    for (const item of report.ledger.left.slice(0, MAX_GROUPS)) lines.push(`  ! not undone: ${item.operationId} ${item.method} ${item.path}${item.id ? ` id ${item.id}` : ''} — ${item.note ?? ''}`);
  }
  lines.push(...baselineLines(report, 5));
  lines.push(...coverageSummaryLines(report));
  lines.push('', ...verdictLines(report));
  if (files) lines.push(`reports: ${files.json}`, `         ${files.junit}`, `         ${files.html}`, `         ${files.text}`, `         ${files.sarif}`);
  return lines.join('\n');
}
