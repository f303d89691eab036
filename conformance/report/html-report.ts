// The HTML report: one self-contained file (inline CSS, no script, no external asset) for people
// reading a run in a browser or a CI artifact viewer. A header with the verdict and the target,
// the per-rule table (id, label, verdict, reason, checks with their tallies), then each finding
// (failures, warnings, inconclusive rules) with its request and response excerpts, the curl line
// and the replay command, the suite's own errors and what did not apply. Every text is escaped;
// tokens appear only as the environment variable they come from (the recorder never keeps a
// value), as in every other report.
import type { Finding, Tally } from '../record/finding.ts';
import { describeLabels, labelsBy } from '../record/severity.ts';
import { shardText } from '../run/shard.ts';
import { replayCommand } from './replay-command.ts';
import type { RuleResult } from './rule-verdicts.ts';
import type { RunReport } from './run-report.ts';

/** Findings of each kind shown in full; the rest are counted (the JSON report has them). */
const MAX_FINDINGS = 100;
/** Characters of a request or response body shown. */
const MAX_EXCERPT = 2000;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header,main{max-width:1200px;margin:0 auto;padding:16px 24px}
header{background:#fff;border-bottom:1px solid #d8dde5}
h1{font-size:22px;margin:4px 0 8px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:15px;margin:0 0 6px}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:700}
.pass{background:#1a7f37}.fail{background:#c62828}.incomplete{background:#b26a00}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}dl.meta dt{color:#5a6473}dl.meta dd{margin:0}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #d8dde5;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eef1f5}td.num{text-align:right;font-variant-numeric:tabular-nums}
.s-verified{color:#1a7f37}.s-violated{color:#c62828;font-weight:600}.s-inconclusive,.s-not-exercised{color:#b26a00;font-weight:600}.s-not-applicable,.s-not-run{color:#5a6473}
.finding{background:#fff;border:1px solid #d8dde5;border-left:4px solid #c62828;border-radius:4px;padding:10px 14px;margin:10px 0}
.finding.warn{border-left-color:#b26a00}.finding.inconclusive{border-left-color:#6b7280}
pre{background:#f0f2f5;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;margin:4px 0;font-size:12px}
code{font-size:12px}.muted{color:#5a6473}
`;

function excerpt(text: string): string {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    pretty = text;
  }
  return pretty.length > MAX_EXCERPT ? `${pretty.slice(0, MAX_EXCERPT)}\n… (${pretty.length - MAX_EXCERPT} more characters in the JSON report)` : pretty;
}

function pre(text: string): string {
  return `<pre>${escapeHtml(text)}</pre>`;
}

function verdictBadge(report: RunReport): string {
  return `<span class="verdict ${report.verdict}">${report.verdict.toUpperCase()}</span>`;
}

function header(report: RunReport): string {
  const t = report.target;
  const c = report.counts;
  const r = report.ruleCounts;
  const rows: Array<[string, string]> = [
    ['target', `${t.baseUrl}${t.mock ? ` (the mock${t.faults.length ? `, faults: ${t.faults.join(', ')}` : ''})` : ''}`],
    ['mode / profile', `${t.mode} / ${t.profile}`],
    ['parts', t.parts.join(', ')],
    ['seed', String(t.seed)],
    ['fail on', `${t.failOn} (${describeLabels(labelsBy(t.failOn).failing)} parts fail, the rest warn)`],
    ...(t.only !== undefined ? ([['only', t.only]] as Array<[string, string]>) : []),
    ...(t.checks !== undefined ? ([['checks applied', t.checks.join(', ')]] as Array<[string, string]>) : []),
    ...(t.shard !== undefined ? ([['shard', `${shardText(t.shard)} (one slice of a split run)`]] as Array<[string, string]>) : []),
    ...(t.mergedShards !== undefined ? ([['shards', `merged from ${t.mergedShards} shards`]] as Array<[string, string]>) : []),
    ['started', report.startedAt],
    ['duration', `${(report.durationMs / 1000).toFixed(1)} s, ${report.requests} requests`],
    ['checks', `${c.failed} failed, ${c.warned} warnings, ${c.inconclusive} inconclusive, ${c.passed} passed; ${report.suiteErrors.length} suite errors`],
    [
      'rules',
      `${r.verified} verified, ${r.violated} violated, ${r.inconclusive} inconclusive, ${r['not-exercised']} not exercised, ${r['not-applicable']} not applicable, ${r['not-run']} not run (of ${report.rules.length})`,
    ],
  ];
  return `<header><h1>Conformance report ${verdictBadge(report)}</h1><dl class="meta">${rows
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('')}</dl></header>`;
}

function tallyText(t: Tally): string {
  return `${t.pass} pass, ${t.fail} fail, ${t.warn} warn, ${t.inconclusive} inc., ${t.skip} n/a`;
}

function statusText(rule: RuleResult): string {
  if (rule.status === 'violated') return `violated (${rule.severity === 'fail' ? 'fails the run' : 'warning'})`;
  return rule.status.replace('-', ' ');
}

function rulesTable(rules: readonly RuleResult[]): string {
  const rows = rules.map(
    (rule) =>
      `<tr id="rule-${escapeHtml(rule.id)}"><td><code>${escapeHtml(rule.id)}</code><br><span class="muted">${escapeHtml(rule.ref)}</span></td><td>${escapeHtml(rule.label)}</td><td class="s-${rule.status}">${escapeHtml(statusText(rule))}</td><td>${escapeHtml(rule.reason ?? '')}</td><td>${escapeHtml(rule.checks.join(', ') || '—')}<br><span class="muted">${escapeHtml(tallyText(rule.tally))}</span></td></tr>`,
  );
  return `<h2>Rules (${rules.length})</h2><table><thead><tr><th>rule</th><th>label</th><th>verdict</th><th>reason</th><th>checks</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function findingBlock(report: RunReport, f: Finding): string {
  const parts = [
    `<h3>${escapeHtml(`${f.check}${f.operationId ? ` — ${f.operationId}` : ''}${f.label ? ` (${f.label} part)` : ''}`)}</h3>`,
    `<div><span class="muted">rule:</span> ${escapeHtml(f.rule)}</div>`,
    `<div><span class="muted">${f.severity === 'inconclusive' ? 'reason' : 'problem'}:</span> ${escapeHtml(f.message)}</div>`,
  ];
  if (f.exchange) {
    const { request, response, transportError } = f.exchange;
    const headers = Object.entries(request.headers)
      .filter(([name]) => name !== 'accept')
      .map(([name, value]) => `${name}: ${value}`);
    parts.push(`<div class="muted">request</div>`, pre([`${request.method} ${request.url}`, ...headers, ...(request.body !== undefined ? ['', excerpt(request.body)] : [])].join('\n')));
    if (response) {
      const shown = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`);
      parts.push(`<div class="muted">response</div>`, pre([`${response.status}`, ...shown, ...(response.text !== '' ? ['', excerpt(response.text)] : [])].join('\n')));
    } else parts.push(`<div class="muted">response</div>`, pre(`none (${transportError ?? 'no answer'})`));
  }
  if (f.curl) parts.push(`<div class="muted">curl</div>`, pre(f.curl));
  if (f.test) parts.push(`<div><span class="muted">test:</span> ${escapeHtml(f.test)}</div>`);
  const command = replayCommand(report, f);
  if (command) parts.push(`<div class="muted">replay</div>`, pre(command));
  return `<div class="finding ${f.severity}">${parts.join('')}</div>`;
}

function findingSection(report: RunReport, title: string, findings: Finding[]): string {
  if (findings.length === 0) return '';
  const shown = findings.slice(0, MAX_FINDINGS).map((f) => findingBlock(report, f));
  const more = findings.length > MAX_FINDINGS ? `<p class="muted">${findings.length - MAX_FINDINGS} more in the JSON report.</p>` : '';
  return `<h2>${escapeHtml(title)} (${findings.length})</h2>${shown.join('')}${more}`;
}

export function htmlReport(report: RunReport): string {
  const { failing, warning } = labelsBy(report.target.failOn);
  const sections = [
    header(report),
    '<main>',
    rulesTable(report.rules),
    findingSection(report, `Failures (${describeLabels(failing)} parts)`, report.failures),
    findingSection(report, 'Inconclusive (rules the suite could not decide)', report.inconclusive),
    findingSection(report, `Warnings (${describeLabels(warning)} parts, they do not fail the run)`, report.warnings),
  ];
  if (report.suiteErrors.length > 0) {
    sections.push(`<h2>Suite errors (${report.suiteErrors.length})</h2>`, ...report.suiteErrors.map((e) => `<div class="finding"><h3>${escapeHtml(e.test)}</h3>${pre(e.message)}</div>`));
  }
  if (report.notes.length > 0) {
    sections.push('<h2>Not applicable / not sent</h2><ul>', ...report.notes.map((n) => `<li><code>${escapeHtml(n.area)}</code>: ${escapeHtml(n.message)}</li>`), '</ul>');
  }
  sections.push('</main>');
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`Conformance ${report.verdict.toUpperCase()}: ${report.target.baseUrl}`)}</title><style>${CSS}</style></head><body>${sections.join('\n')}</body></html>\n`;
}
