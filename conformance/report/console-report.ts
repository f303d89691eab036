// The console summary: operations × checks (✓ pass, ✗ fail, ! warning, ? inconclusive, · not
// applicable), the rule checks, each failure with the label of its part, its request, response,
// rule and replay command, the warnings listed apart, the rules that could not be decided with
// their reasons, the verdict of every catalogue rule, and the run's verdict (PASS, FAIL or
// INCOMPLETE) naming the rules that fail it or leave it undecided. Each finding with an exchange
// carries a one-line curl (tokens as `$CONFORMANCE_TOKEN`, never their value).
import { baselineLines } from '../record/baseline.ts';
import { coverageLines } from './coverage.ts';
import { SUITE_REQUESTS } from '../checks/independent-validator.ts';
import { ledgerText } from '../record/ledger.ts';
import { EXCHANGE_CHECKS, TRANSPORT_CHECK } from '../checks/index.ts';
import { emptyTally, type Finding, type Tally } from '../record/finding.ts';
import { describeLabels, labelsBy } from '../record/severity.ts';
import { replayCommand } from './replay-command.ts';
import type { RuleResult, RuleStatus } from './rule-verdicts.ts';
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
  if (tally.inconclusive > 0) return '?';
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
      const entry = rules.get(check) ?? { tally: emptyTally(), ops: new Set<string>() };
      entry.tally.pass += tally.pass;
      entry.tally.fail += tally.fail;
      entry.tally.warn += tally.warn;
      entry.tally.inconclusive += tally.inconclusive;
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
    lines.push('', 'rule checks                         pass  fail  warn  inc.  n/a  operations');
    for (const [check, { tally, ops }] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
      const counts = [tally.pass, tally.fail, tally.warn, tally.inconclusive].map((n) => String(n).padStart(5)).join(' ');
      lines.push(`${cell(tally)} ${check.padEnd(32)} ${counts} ${String(tally.skip).padStart(4)}  ${ops.size}`);
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

/** ` (published part)`: the label of the part a finding is about, as headings show it. */
export function partOf(f: Finding): string {
  return f.label ? ` (${f.label} part)` : '';
}

export function describeFinding(report: RunReport, f: Finding, heading: string): string[] {
  const lines = [
    `${heading} ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}${partOf(f)}`,
    `    rule:     ${f.rule}`,
    `    ${f.severity === 'inconclusive' ? 'reason: ' : 'problem:'}  ${f.message}`,
  ];
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
  if (f.curl) lines.push(`    curl:     ${f.curl}`);
  else if (f.exchange === undefined) lines.push('    curl:     (none: the rule judges several exchanges; use the replay command)');
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

function inconclusiveLines(report: RunReport): string[] {
  const groups = grouped(report.inconclusive);
  if (groups.length === 0) return [];
  const lines = ['', `INCONCLUSIVE (rules the suite could not decide, so the run cannot pass): ${report.counts.inconclusive} in ${groups.length} rule(s)`];
  for (const group of groups.slice(0, MAX_FAILURE_GROUPS)) {
    const f = group[0] as Finding;
    const reasons = [...new Set(group.map((g) => g.message))];
    lines.push(`  ? ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? ` (+${reasons.length - 3} more reasons)` : ''}`);
    const curl = group.find((g) => g.curl)?.curl;
    if (curl) lines.push(`      curl: ${curl}`);
  }
  if (groups.length > MAX_FAILURE_GROUPS) lines.push(`  … ${groups.length - MAX_FAILURE_GROUPS} more rules in the JSON report`);
  return lines;
}

/** The run's narrowing beyond mode and parts: the checks applied, the shard, or the shards merged. */
export function scopeText(report: RunReport): string {
  const t = report.target;
  return [
    t.checks ? `, checks ${t.checks.join(',')}` : '',
    t.shard ? `, shard ${t.shard.index}/${t.shard.count}` : '',
    t.mergedShards ? `, merged from ${t.mergedShards} shards` : '',
  ].join('');
}

export function consoleReport(report: RunReport): string {
  const t = report.target;
  const { failing, warning } = labelsBy(t.failOn);
  const lines: string[] = [
    '',
    `Conformance run against ${t.baseUrl}${t.mock ? ` (the mock${t.faults.length ? `, faults: ${t.faults.join(', ')}` : ''})` : ''}`,
    `mode ${t.mode}, profile ${t.profile}, parts ${t.parts.join(',')}, seed ${t.seed}, fail on ${t.failOn} (${describeLabels(failing)} parts fail)${scopeText(report)}; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    ...matrix(report),
  ];
  const failureGroups = grouped(report.failures);
  if (failureGroups.length > 0) {
    lines.push('', `FAILURES (${describeLabels(failing)} parts): ${report.counts.failed} failed check(s) in ${failureGroups.length} group(s)`);
    for (const group of failureGroups.slice(0, MAX_FAILURE_GROUPS)) {
      lines.push('', ...describeFinding(report, group[0] as Finding, `✗ FAIL${group.length > 1 ? ` (${group.length}×)` : ''}`));
    }
    if (failureGroups.length > MAX_FAILURE_GROUPS) lines.push('', `… ${failureGroups.length - MAX_FAILURE_GROUPS} more groups in the JSON report`);
  }
  lines.push(...baselineLines(report));
  for (const error of report.suiteErrors) lines.push('', `✗ SUITE ERROR in "${error.test}":`, ...error.message.split('\n').slice(0, 15).map((l) => `    ${l}`));
  const warningGroups = grouped(report.warnings);
  if (warningGroups.length > 0) {
    lines.push('', `WARNINGS (${describeLabels(warning)} parts, they do not fail the run): ${report.counts.warned} in ${warningGroups.length} group(s)`);
    for (const group of warningGroups.slice(0, MAX_FAILURE_GROUPS)) {
      const f = group[0] as Finding;
      lines.push(`  ! ${f.check}${f.operationId ? ` — ${f.operationId}` : ''}${partOf(f)}${group.length > 1 ? ` (${group.length}×)` : ''}: ${f.message}`);
      if (f.curl) lines.push(`      curl: ${f.curl}`);
    }
    if (warningGroups.length > MAX_FAILURE_GROUPS) lines.push(`  … ${warningGroups.length - MAX_FAILURE_GROUPS} more groups in the JSON report`);
  }
  lines.push(...inconclusiveLines(report));
  const notes = report.notes.filter((n) => n.area !== SUITE_REQUESTS);
  if (notes.length > 0) {
    lines.push('', 'NOT APPLICABLE / NOT SENT');
    for (const note of notes) lines.push(`  · ${note.area}: ${note.message}`);
  }
  const suiteRequests = report.notes.filter((n) => n.area === SUITE_REQUESTS);
  if (suiteRequests.length > 0) {
    lines.push('', 'SUITE REQUESTS (what the independent validator found in the requests the suite sent; not the target\u2019s doing)');
    for (const note of suiteRequests) lines.push(`  · ${note.message}`);
  }
  if (report.ledger) lines.push(...ledgerText(report.ledger));
  lines.push(...ruleLines(report.rules));
  lines.push(...coverageLines(report));
  lines.push('', ...verdictLines(report));
  const blocking = report.rules.filter((rule) => (rule.status === 'violated' && rule.severity === 'fail' && !rule.known) || rule.status === 'inconclusive' || rule.status === 'not-exercised');
  if (blocking.length > 0) lines.push(`${report.verdict === 'fail' ? 'failing' : 'undecided'} rules: ${blocking.map((rule) => `${rule.id} (${statusText(rule)})`).join(', ')}`);
  return lines.join('\n');
}

const STATUS_MARK: Record<RuleStatus, string> = { verified: '✓', violated: '✗', inconclusive: '?', 'not-exercised': '∅', 'not-applicable': '·', 'not-run': '-' };

function statusText(rule: RuleResult): string {
  if (rule.known) return 'violated, known (baseline)';
  return rule.status === 'violated' ? `violated, ${rule.severity === 'fail' ? 'fails the run' : 'warning'}` : rule.status.replace('-', ' ');
}

/** The per-rule verdicts: every catalogue rule with its status and, unless verified, the reason. */
/** The verdict with the counts of checks, and the counts of rule verdicts: the last lines of a report. */
export function verdictLines(report: RunReport): string[] {
  const c = report.counts;
  const r = report.ruleCounts;
  return [
    `${report.verdict.toUpperCase()}: ${c.failed} failed, ${c.warned} warnings, ${c.inconclusive} inconclusive, ${c.passed} passed checks, ${report.suiteErrors.length} suite errors`,
    `rules: ${r.verified} verified, ${r.violated} violated, ${r.inconclusive} inconclusive, ${r['not-exercised']} not exercised, ${r['not-applicable']} not applicable, ${r['not-run']} not run (of ${report.rules.length})`,
  ];
}

export function ruleLines(rules: readonly RuleResult[], title = 'RULES'): string[] {
  if (rules.length === 0) return [];
  const width = Math.max(...rules.map((r) => r.id.length));
  const lines = ['', `${title} (✓ verified, ✗ violated, ? inconclusive, ∅ not exercised, · not applicable, - not run)`];
  for (const rule of rules) {
    const status = statusText(rule);
    lines.push(`  ${STATUS_MARK[rule.status]} ${rule.id.padEnd(width)}  ${status.padEnd(15)} ${rule.label.padEnd(10)} ${rule.ref}${rule.reason ? ` — ${rule.reason}` : ''}`);
  }
  return lines;
}
