// JUnit XML for CI: one testsuite per check, one testcase per operation (failures carry the
// rule, the problem and the exchange), and the warnings on inferred parts in a testsuite of their
// own as skipped testcases, so they show without failing the build.
import type { Finding } from '../record/finding.ts';
import { describeFinding } from './console-report.ts';
import type { RunReport } from './run-report.ts';

export function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);
}

export function junitReport(report: RunReport): string {
  const byCheck = new Map<string, Map<string, { fail: number; warn: number; pass: number }>>();
  for (const [key, tally] of Object.entries(report.tallies)) {
    const [op, check] = key.split('\u0000') as [string, string];
    if (tally.pass + tally.fail + tally.warn === 0) continue;
    const cases = byCheck.get(check) ?? new Map();
    cases.set(op === '' ? '(all operations)' : op, tally);
    byCheck.set(check, cases);
  }
  const firstFailure = new Map<string, Finding>();
  for (const f of report.failures) {
    const key = `${f.check}\u0000${f.operationId ?? '(all operations)'}`;
    if (!firstFailure.has(key)) firstFailure.set(key, f);
  }
  const suites: string[] = [];
  let totalTests = 0;
  let totalFailures = 0;
  for (const [check, cases] of [...byCheck].sort(([a], [b]) => a.localeCompare(b))) {
    const testcases: string[] = [];
    let failures = 0;
    for (const [op, tally] of [...cases].sort(([a], [b]) => a.localeCompare(b))) {
      const name = `${check} ${op}`;
      if (tally.fail > 0) {
        failures++;
        const f = firstFailure.get(`${check}\u0000${op}`);
        const text = f ? describeFinding(report, f, 'FAIL').join('\n') : `${tally.fail} failure(s)`;
        testcases.push(
          `    <testcase classname="conformance.${escapeXml(check)}" name="${escapeXml(name)}"><failure message="${escapeXml(f?.message ?? `${tally.fail} failed`)}" type="${escapeXml(check)}">${escapeXml(text)}</failure></testcase>`,
        );
      } else testcases.push(`    <testcase classname="conformance.${escapeXml(check)}" name="${escapeXml(name)}"/>`);
    }
    totalTests += cases.size;
    totalFailures += failures;
    suites.push(`  <testsuite name="${escapeXml(check)}" tests="${cases.size}" failures="${failures}" errors="0" skipped="0">\n${testcases.join('\n')}\n  </testsuite>`);
  }
  const warnings = report.warnings.map(
    (f, i) =>
      `    <testcase classname="conformance.warnings" name="${escapeXml(`${i + 1} ${f.check} ${f.operationId ?? ''}`)}"><skipped message="${escapeXml(`warning (inferred part): ${f.message}`)}"/></testcase>`,
  );
  if (warnings.length > 0) {
    suites.push(`  <testsuite name="warnings (inferred parts)" tests="${warnings.length}" failures="0" errors="0" skipped="${warnings.length}">\n${warnings.join('\n')}\n  </testsuite>`);
  }
  const errors = report.suiteErrors.map(
    (e) => `    <testcase classname="conformance.suite" name="${escapeXml(e.test)}"><error message="suite error">${escapeXml(e.message)}</error></testcase>`,
  );
  if (errors.length > 0) suites.push(`  <testsuite name="suite errors" tests="${errors.length}" failures="0" errors="${errors.length}" skipped="0">\n${errors.join('\n')}\n  </testsuite>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance" tests="${totalTests + warnings.length + errors.length}" failures="${totalFailures}" errors="${errors.length}" time="${(report.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
