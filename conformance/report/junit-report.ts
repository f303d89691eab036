// JUnit XML for CI: one testsuite per check, one testcase per operation (a failure carries the
// label of its part, the rule, the problem and the exchange; a rule the suite could not decide is
// an error with its reason), and the warnings in a testsuite of their own as skipped testcases,
// so they show without failing the build. A first testsuite, `rules`, holds one testcase per
// catalogue rule with its verdict (report/rule-verdicts.ts).
import type { Finding } from '../record/finding.ts';
import { describeLabels, labelsBy } from '../record/severity.ts';
import { describeFinding } from './console-report.ts';
import type { RunReport } from './run-report.ts';

export function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);
}

function firstBy(findings: Finding[]): Map<string, Finding> {
  const out = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.check}\u0000${f.operationId ?? '(all operations)'}`;
    if (!out.has(key)) out.set(key, f);
  }
  return out;
}

export function junitReport(report: RunReport): string {
  const byCheck = new Map<string, Map<string, { fail: number; warn: number; pass: number; inconclusive: number }>>();
  for (const [key, tally] of Object.entries(report.tallies)) {
    const [op, check] = key.split('\u0000') as [string, string];
    if (tally.pass + tally.fail + tally.warn + tally.inconclusive === 0) continue;
    const cases = byCheck.get(check) ?? new Map();
    cases.set(op === '' ? '(all operations)' : op, tally);
    byCheck.set(check, cases);
  }
  const firstFailure = firstBy(report.failures);
  const firstInconclusive = firstBy(report.inconclusive);
  const suites: string[] = [];
  let totalTests = 0;
  let totalFailures = 0;
  let totalErrors = 0;
  for (const [check, cases] of [...byCheck].sort(([a], [b]) => a.localeCompare(b))) {
    const testcases: string[] = [];
    let failures = 0;
    let errors = 0;
    for (const [op, tally] of [...cases].sort(([a], [b]) => a.localeCompare(b))) {
      const name = `${check} ${op}`;
      const open = `    <testcase classname="conformance.${escapeXml(check)}" name="${escapeXml(name)}">`;
      if (tally.fail > 0) {
        failures++;
        const f = firstFailure.get(`${check}\u0000${op}`);
        const text = f ? describeFinding(report, f, 'FAIL').join('\n') : `${tally.fail} failure(s)`;
        const message = f ? `${f.label ? `${f.label} part: ` : ''}${f.message}` : `${tally.fail} failed`;
        testcases.push(`${open}<failure message="${escapeXml(message)}" type="${escapeXml(check)}">${escapeXml(text)}</failure></testcase>`);
      } else if (tally.inconclusive > 0) {
        errors++;
        const f = firstInconclusive.get(`${check}\u0000${op}`);
        const text = f ? describeFinding(report, f, 'INCONCLUSIVE').join('\n') : `${tally.inconclusive} inconclusive`;
        testcases.push(`${open}<error message="${escapeXml(`inconclusive: ${f?.message ?? 'the rule could not be decided'}`)}" type="inconclusive">${escapeXml(text)}</error></testcase>`);
      } else testcases.push(`    <testcase classname="conformance.${escapeXml(check)}" name="${escapeXml(name)}"/>`);
    }
    totalTests += cases.size;
    totalFailures += failures;
    totalErrors += errors;
    suites.push(`  <testsuite name="${escapeXml(check)}" tests="${cases.size}" failures="${failures}" errors="${errors}" skipped="0">\n${testcases.join('\n')}\n  </testsuite>`);
  }
  const warningLabels = describeLabels(labelsBy(report.target.failOn).warning);
  const warnings = report.warnings.map(
    (f, i) =>
      `    <testcase classname="conformance.warnings" name="${escapeXml(`${i + 1} ${f.check} ${f.operationId ?? ''}`)}"><skipped message="${escapeXml(`warning (${f.label ?? 'inferred'} part): ${f.message}`)}"/></testcase>`,
  );
  if (warnings.length > 0) {
    suites.push(`  <testsuite name="warnings (${escapeXml(warningLabels)} parts)" tests="${warnings.length}" failures="0" errors="0" skipped="${warnings.length}">\n${warnings.join('\n')}\n  </testsuite>`);
  }
  const suiteErrors = report.suiteErrors.map(
    (e) => `    <testcase classname="conformance.suite" name="${escapeXml(e.test)}"><error message="suite error">${escapeXml(e.message)}</error></testcase>`,
  );
  if (suiteErrors.length > 0) {
    suites.push(`  <testsuite name="suite errors" tests="${suiteErrors.length}" failures="0" errors="${suiteErrors.length}" skipped="0">\n${suiteErrors.join('\n')}\n  </testsuite>`);
  }
  // One testcase per catalogue rule: violated at failing severity is a failure; inconclusive and
  // not exercised are errors; not applicable and not run are skipped, each with its reason.
  let ruleFailures = 0;
  let ruleErrors = 0;
  let ruleSkipped = 0;
  const ruleCases = report.rules.map((rule) => {
    const open = `    <testcase classname="conformance.rules" name="${escapeXml(`${rule.id} (${rule.label}; ${rule.ref})`)}">`;
    const reason = escapeXml(rule.reason ?? '');
    if (rule.status === 'violated' && rule.severity === 'fail') {
      ruleFailures++;
      return `${open}<failure message="${escapeXml(`violated: ${rule.reason ?? ''}`)}" type="violated"/></testcase>`;
    }
    if (rule.status === 'inconclusive' || rule.status === 'not-exercised') {
      ruleErrors++;
      return `${open}<error message="${escapeXml(`${rule.status.replace('-', ' ')}: `)}${reason}" type="${rule.status}"/></testcase>`;
    }
    if (rule.status === 'not-applicable' || rule.status === 'not-run' || rule.status === 'violated') {
      ruleSkipped++;
      return `${open}<skipped message="${escapeXml(`${rule.status === 'violated' ? 'violated (warning)' : rule.status.replace('-', ' ')}: `)}${reason}"/></testcase>`;
    }
    return `    <testcase classname="conformance.rules" name="${escapeXml(`${rule.id} (${rule.label}; ${rule.ref})`)}"/>`;
  });
  if (ruleCases.length > 0) {
    suites.unshift(`  <testsuite name="rules" tests="${ruleCases.length}" failures="${ruleFailures}" errors="${ruleErrors}" skipped="${ruleSkipped}">\n${ruleCases.join('\n')}\n  </testsuite>`);
  }
  const tests = totalTests + warnings.length + suiteErrors.length + ruleCases.length;
  const errors = totalErrors + suiteErrors.length + ruleErrors;
  totalFailures += ruleFailures;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance" tests="${tests}" failures="${totalFailures}" errors="${errors}" time="${(report.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
