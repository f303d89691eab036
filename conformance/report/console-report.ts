// The console summary: operations × checks (✓ pass, ✗ fail, ! warning on an inferred part,
// · not applicable), the rule checks, each failure with its request, response, rule and replay
// command, the warnings listed apart, and the verdict.
import { EXCHANGE_CHECKS, TRANSPORT_CHECK } from '../checks/index.ts';
import type { Finding, Tally } from '../record/finding.ts';
import { replayCommand } from './replay-command.ts';
import type { RunReport } from './run-report.ts';

const ABBREVIATIONS: Record<string, string> = {
  'not-server-error': 'NS',
  'status-documented': 'SD',
  'content-type': 'CT',
  'response-schema': 'RS',
  'timezone-header': 'TZ',
  'rate-limit-headers': 'RL',
  'retry-after': 'RA',
  'error-shape': 'ES',
  'error-code': 'EC',
  'expected-outcome': 'EO',
  'timestamp-offset': 'TO',
  'applied-zone': 'AZ',
  'independent-validator': 'IV',
  transport: 'TR',
};

const MATRIX_CHECKS = [TRANSPORT_CHECK.name, ...EXCHANGE_CHECKS.map((c) => c.name)];
const MAX_FAILURE_GROUPS = 25;
const MAX_BODY_LINES = 12;

function cell(tally: Tally | undefined): string {
  if (!tally) return '·';
  if (tally.fail > 0) return '✗';
  if (tally.warn > 0) return '!';
  return tally.pass > 0 ? '✓' : '·';
}

function split(key: string): [string, string] {
  const i = key.indexOf('\u0000');
  return [key.slice(0, i), key.slice(i + 1)];
}

function matrix(report: RunReport): string[] {
  const byOp = new Map<string, Map<string, Tally>>();
  const rules = new Map<string, { tally: Tally; ops: Set<string> }>();
  for (const [key, tally] of Object.entries(report.tallies)) {
    const [op, check] = split(key);
    if (MATRIX_CHECKS.includes(check) && op !== '') {
      const row = byOp.get(op) ?? new Map<string, Tally>();
      row.set(check, tally);
      byOp.set(op, row);
    } else {
      const entry = rules.get(check) ?? { tally: { pass: 0, fail: 0, warn: 0, skip: 0 }, ops: new Set<string>() };
      entry.tally.pass += tally.pass;
      entry.tally.fail += tally.fail;
      entry.tally.warn += tally.warn;
      entry.tally.skip += tally.skip;
      if (op !== '') entry.ops.add(op);
      rules.set(check, entry);
    }
  }
  const lines: string[] = [];
  const width = Math.max(9, ...[...byOp.keys()].map((k) => k.length));
  lines.push(`${'operation'.padEnd(width)}  ${MATRIX_CHECKS.map((c) => ABBREVIATIONS[c] ?? c.slice(0, 2)).join(' ')}   pass  fail  warn`);
  for (const op of [...byOp.keys()].sort()) {
    const row = byOp.get(op) as Map<string, Tally>;
    const totals = [...row.values()].reduce((a, t) => ({ pass: a.pass + t.pass, fail: a.fail + t.fail, warn: a.warn + t.warn }), { pass: 0, fail: 0, warn: 0 });
    const cells = MATRIX_CHECKS.map((c) => ` ${cell(row.get(c))}`).join(' ');
    lines.push(`${op.padEnd(width)} ${cells}  ${String(totals.pass).padStart(5)} ${String(totals.fail).padStart(5)} ${String(totals.warn).padStart(5)}`);
  }
  lines.push('', `legend: ${MATRIX_CHECKS.map((c) => `${ABBREVIATIONS[c]} ${c}`).join(', ')}`);
  if (rules.size > 0) {
    lines.push('', 'rule checks                         pass  fail  warn  n/a  operations');
    for (const [check, { tally, ops }] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`${cell(tally)} ${check.padEnd(32)} ${String(tally.pass).padStart(5)} ${String(tally.fail).padStart(5)} ${String(tally.warn).padStart(5)} ${String(tally.skip).padStart(4)}  ${ops.size}`);
    }
  }
  return lines;
}

function indentBody(text: string): string[] {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    pretty = text;
  }
  const lines = pretty.split('\n');
  const shown = lines.slice(0, MAX_BODY_LINES).map((l) => `      ${l}`);
  if (lines.length > MAX_BODY_LINES) shown.push(`      … (${lines.length - MAX_BODY_LINES} more lines; full text in the JSON report)`);
  return shown;
}

export function describeFinding(report: RunReport, f: Finding, label: string): string[] {
  const lines = [`${label} ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}`, `    rule:     ${f.rule}`, `    problem:  ${f.message}`];
  if (f.exchange) {
    const { request, response, transportError } = f.exchange;
    lines.push(`    request:  ${request.method} ${request.url}`);
    for (const [name, value] of Object.entries(request.headers)) if (name !== 'accept') lines.push(`      ${name}: ${value}`);
    if (request.body !== undefined) lines.push(...indentBody(request.body));
    if (response) {
      const headers = ['content-type', 'x-timezone', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after']
        .map((h) => `${h}: ${response.headers[h] ?? '-'}`)
        .join('; ');
      lines.push(`    response: ${response.status}  ${headers}`);
      if (response.text !== '') lines.push(...indentBody(response.text));
    } else lines.push(`    response: none (${transportError ?? 'no answer'})`);
  }
  if (f.test) lines.push(`    test:     ${f.test}`);
  if (f.replay) lines.push(`    seed:     ${f.replay.seed}  path: ${f.replay.path}${f.replay.commands ? `  commands: ${f.replay.commands}` : ''}`);
  const command = replayCommand(report, f);
  if (command) lines.push(`    replay:   ${command}`);
  return lines;
}

function grouped(findings: Finding[]): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.check}\u0000${f.operationId ?? ''}`;
    const list = groups.get(key) ?? [];
    list.push(f);
    groups.set(key, list);
  }
  return [...groups.values()];
}

export function consoleReport(report: RunReport): string {
  const t = report.target;
  const lines: string[] = [
    '',
    `Conformance run against ${t.baseUrl}${t.mock ? ` (the mock${t.faults.length ? `, faults: ${t.faults.join(', ')}` : ''})` : ''}`,
    `mode ${t.mode}, profile ${t.profile}, parts ${t.parts.join(',')}, seed ${t.seed}; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    ...matrix(report),
  ];
  const failureGroups = grouped(report.failures);
  if (failureGroups.length > 0) {
    lines.push('', `FAILURES (documented parts): ${report.counts.failed} failed check(s) in ${failureGroups.length} group(s)`);
    for (const group of failureGroups.slice(0, MAX_FAILURE_GROUPS)) {
      lines.push('', ...describeFinding(report, group[0] as Finding, `✗ FAIL${group.length > 1 ? ` (${group.length}×)` : ''}`));
    }
    if (failureGroups.length > MAX_FAILURE_GROUPS) lines.push('', `… ${failureGroups.length - MAX_FAILURE_GROUPS} more groups in the JSON report`);
  }
  for (const error of report.suiteErrors) lines.push('', `✗ SUITE ERROR in "${error.test}":`, ...error.message.split('\n').slice(0, 15).map((l) => `    ${l}`));
  const warningGroups = grouped(report.warnings);
  if (warningGroups.length > 0) {
    lines.push('', `WARNINGS (inferred parts, they do not fail the run): ${report.counts.warned} in ${warningGroups.length} group(s)`);
    for (const group of warningGroups.slice(0, MAX_FAILURE_GROUPS)) {
      const f = group[0] as Finding;
      lines.push(`  ! ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}${group.length > 1 ? ` (${group.length}×)` : ''}: ${f.message}`);
    }
    if (warningGroups.length > MAX_FAILURE_GROUPS) lines.push(`  … ${warningGroups.length - MAX_FAILURE_GROUPS} more groups in the JSON report`);
  }
  if (report.notes.length > 0) {
    lines.push('', 'NOT APPLICABLE / NOT SENT');
    for (const note of report.notes) lines.push(`  · ${note.area}: ${note.message}`);
  }
  lines.push(
    '',
    `${report.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${report.counts.failed} failed, ${report.counts.warned} warnings, ${report.counts.passed} passed checks, ${report.suiteErrors.length} suite errors`,
  );
  return lines.join('\n');
}
