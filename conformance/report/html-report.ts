// The HTML report: one self-contained file (inline CSS, no script, no external asset) for people
// reading a run in a browser or a CI artifact viewer. A header with the verdict and the target,
// an index of the rules with findings (links to their groups), the per-rule table (id, label,
// verdict, reason, checks with their tallies), then the findings (failures, inconclusive rules,
// warnings) by rule and operation, the first few shown and the next folded (html-findings.ts),
// each with its request and response excerpts, the curl line and the replay command, the suite's
// own errors and what did not apply. It fits the page's width: long lines wrap, tables scroll in
// their container. Every text is escaped;
// tokens appear only as the environment variable they come from (the recorder never keeps a
// value), as in every other report.
import { baselineHtml } from '../record/baseline.ts';
import { coverageHtml } from './coverage.ts';
import { SUITE_REQUESTS } from '../checks/independent-validator.ts';
import type { Finding, Tally } from '../record/finding.ts';
import { type LedgerItem, type LedgerReport, ledgerHeadline } from '../record/ledger.ts';
import { describeLabels, labelsBy } from '../record/severity.ts';
import { shardText } from '../run/shard.ts';
import { replayCommand } from './replay-command.ts';
import { FINDINGS_SHOWN, type FindingGroup, groupFindings } from './html-findings.ts';
import type { RuleResult } from './rule-verdicts.ts';
import type { RunReport } from './run-report.ts';

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
pre{background:#f0f2f5;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;font-size:12px}
code{font-size:12px}.muted{color:#5a6473}
h3,h4,h5,td,dd,li,div{overflow-wrap:anywhere}h4{font-size:14px;margin:14px 0 4px}h5{font-size:14px;margin:0 0 6px}
.scroll{overflow-x:auto;max-width:100%}
nav.index{background:#fff;border:1px solid #d8dde5;border-radius:4px;padding:4px 16px 8px;margin-top:16px}nav.index h2{margin-top:12px}
details{margin:6px 0 10px}summary{cursor:pointer;color:#1f4fa3}
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
  if (rule.known) return 'violated (known: baseline)';
  if (rule.status === 'violated') return `violated (${rule.severity === 'fail' ? 'fails the run' : 'warning'})`;
  return rule.status.replace('-', ' ');
}

function rulesTable(rules: readonly RuleResult[]): string {
  const rows = rules.map(
    (rule) =>
      `<tr id="rule-${escapeHtml(rule.id)}"><td><code>${escapeHtml(rule.id)}</code><br><span class="muted">${escapeHtml(rule.ref)}</span></td><td>${escapeHtml(rule.label)}</td><td class="s-${rule.status}">${escapeHtml(statusText(rule))}</td><td>${escapeHtml(rule.reason ?? '')}</td><td>${escapeHtml(rule.checks.join(', ') || '—')}<br><span class="muted">${escapeHtml(tallyText(rule.tally))}</span></td></tr>`,
  );
  return `<h2 id="rules">Rules (${rules.length})</h2><table><thead><tr><th>rule</th><th>label</th><th>verdict</th><th>reason</th><th>checks</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function findingBlock(report: RunReport, f: Finding): string {
  const parts = [
    `<h5>${escapeHtml(`${f.check}${f.operationId ? ` — ${f.operationId}` : ''}${f.label ? ` (${f.label} part)` : ''}`)}</h5>`,
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One section's findings by rule, then operation: the first few shown, the next folded, the rest counted. */
function findingSection(report: RunReport, title: string, id: string, groups: FindingGroup[]): string {
  if (groups.length === 0) return '';
  const total = groups.reduce((n, g) => n + g.count, 0);
  const blocks = groups.map((group) => {
    const ops = group.operations.map((op) => {
      const shown = op.findings.slice(0, op.shown).map((f) => findingBlock(report, f));
      const folded = op.findings.slice(op.shown, op.shown + op.folded).map((f) => findingBlock(report, f));
      const rest = op.findings.length - op.shown - op.folded;
      return [
        `<h4>${escapeHtml(op.operationId)} <span class="muted">(${plural(op.findings.length, 'finding')})</span></h4>`,
        ...shown,
        folded.length > 0 ? `<details><summary>${plural(folded.length, 'more finding')} of ${escapeHtml(op.operationId)}</summary>${folded.join('')}</details>` : '',
        rest > 0 ? `<p class="muted">${plural(rest, 'more finding')} of ${escapeHtml(op.operationId)} in conformance.json.</p>` : '',
      ].join('');
    });
    return `<section id="${group.anchor}"><h3><code>${escapeHtml(group.rule)}</code> <span class="muted">${plural(group.count, 'finding')} in ${plural(group.operations.length, 'operation')}</span> <a href="#index">index</a></h3>${ops.join('')}</section>`;
  });
  return `<h2 id="${id}">${escapeHtml(title)} (${total})</h2><p class="muted">By rule, then operation: the first ${FINDINGS_SHOWN} findings of each operation shown, the next folded; every finding is in conformance.json.</p>${blocks.join('')}`;
}

/** The index at the top: each rule with findings, linking to its group. */
function findingIndex(sections: Array<{ title: string; groups: FindingGroup[] }>): string {
  const lists = sections
    .filter((s) => s.groups.length > 0)
    .map(
      (s) =>
        `<h3>${escapeHtml(s.title)} (${s.groups.length})</h3><ul>${s.groups
          .map((g) => `<li><a href="#${g.anchor}"><code>${escapeHtml(g.rule)}</code></a> — ${plural(g.count, 'finding')} in ${plural(g.operations.length, 'operation')}</li>`)
          .join('')}</ul>`,
    );
  const failing = sections[0]?.groups.length ?? 0;
  return `<nav class="index" id="index"><h2>Index</h2>${failing === 0 ? '<p>No failing rule.</p>' : ''}${lists.join('')}<p><a href="#rules">Every rule's verdict</a></p></nav>`;
}

const MAX_LEDGER_ITEMS = 200;

/** The run's ledger: what it created, changed, deleted and restored, what it could not undo first. */
function ledgerSection(ledger: LedgerReport | undefined): string {
  if (!ledger) return '';
  const list = (title: string, items: LedgerItem[]): string => {
    if (items.length === 0) return '';
    const rows = items
      .slice(0, MAX_LEDGER_ITEMS)
      .map((i) => `<li><code>${escapeHtml(`${i.method} ${i.path}`)}</code> ${escapeHtml(i.operationId)}${i.id ? ` id <code>${escapeHtml(i.id)}</code>` : ''}${i.by === 'undo' ? ' [undo]' : ''}${i.note ? ` — ${escapeHtml(i.note)}` : ''}</li>`);
    const more = items.length > MAX_LEDGER_ITEMS ? `<p class="muted">${items.length - MAX_LEDGER_ITEMS} more in the JSON report.</p>` : '';
    return `<h3>${escapeHtml(title)} (${items.length})</h3><ul>${rows.join('')}</ul>${more}`;
  };
  const heading = `Ledger${ledger.interrupted ? ` (the run was interrupted by ${ledger.interrupted})` : ''}`;
  return `<h2 id="ledger">${escapeHtml(heading)}</h2><p>${escapeHtml(ledgerHeadline(ledger))}</p>${list('Not undone', ledger.left)}${list('Created', ledger.created)}${list('Changed', ledger.changed)}${list('Deleted', ledger.deleted)}${list('Restored', ledger.restored)}`;
}

export function htmlReport(report: RunReport): string {
  const { failing, warning } = labelsBy(report.target.failOn);
  const grouped = [
    { id: 'failures', index: 'Failing rules', title: `Failures (${describeLabels(failing)} parts)`, groups: groupFindings(report.failures, report.rules, 'failures') },
    { id: 'inconclusive', index: 'Inconclusive rules', title: 'Inconclusive (rules the suite could not decide)', groups: groupFindings(report.inconclusive, report.rules, 'inconclusive') },
    { id: 'warnings', index: 'Rules with warnings', title: `Warnings (${describeLabels(warning)} parts, they do not fail the run)`, groups: groupFindings(report.warnings, report.rules, 'warnings') },
  ];
  const sections = [
    header(report),
    '<main>',
    findingIndex(grouped.map((g) => ({ title: g.index, groups: g.groups }))),
    rulesTable(report.rules),
    ...grouped.map((g) => findingSection(report, g.title, g.id, g.groups)),
    baselineHtml(report, escapeHtml),
    coverageHtml(report.coverage, escapeHtml),
  ];
  if (report.suiteErrors.length > 0) {
    sections.push(`<h2>Suite errors (${report.suiteErrors.length})</h2>`, ...report.suiteErrors.map((e) => `<div class="finding"><h3>${escapeHtml(e.test)}</h3>${pre(e.message)}</div>`));
  }
  const notes = report.notes.filter((n) => n.area !== SUITE_REQUESTS);
  if (notes.length > 0) {
    sections.push('<h2>Not applicable / not sent</h2><ul>', ...notes.map((n) => `<li><code>${escapeHtml(n.area)}</code>: ${escapeHtml(n.message)}</li>`), '</ul>');
  }
  const suiteRequests = report.notes.filter((n) => n.area === SUITE_REQUESTS);
  if (suiteRequests.length > 0) {
    sections.push('<h2 id="suite-requests">Suite requests (what the independent validator found in the requests the suite sent; not the target\u2019s doing)</h2><ul>', ...suiteRequests.map((n) => `<li>${escapeHtml(n.message)}</li>`), '</ul>');
  }
  sections.push(ledgerSection(report.ledger));
  sections.push('</main>');
  // Every table (the rules', and those other sections add) scrolls in its own container, so the page fits its width.
  const body = sections.join('\n').replace(/<table>/g, '<div class="scroll"><table>').replace(/<\/table>/g, '</table></div>');
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`Conformance ${report.verdict.toUpperCase()}: ${report.target.baseUrl}`)}</title><style>${CSS}</style></head><body>${body}</body></html>\n`;
}
