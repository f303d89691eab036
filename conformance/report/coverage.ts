// Coverage of a run: per operation of the contract, the documented status codes (its responses)
// the run's answers included and the catalogue rules whose checks recorded an outcome on it; and
// the totals: operations exercised / in the contract, documented status codes seen / documented,
// rules verified / in the catalogue for the mode (less those found not applicable to the target).
// `--min-coverage ops=90,status=60,rules=95` gates the run on these percentages: a figure below
// its minimum makes the run FAIL (exit 1), naming the figure.
import type { SuiteOperation } from '../contract/operation.ts';
import type { Tally } from '../record/finding.ts';
import { CATALOGUE, CHECK_SCOPES, type CatalogueRule } from '../rules/catalogue.ts';
import { MODES, type Mode } from '../target/target.ts';
import type { RuleResult } from './rule-verdicts.ts';
import type { RunReport } from './run-report.ts';

export const FIGURES = ['ops', 'status', 'rules'] as const;
export type Figure = (typeof FIGURES)[number];
/** The minimum percentage of each gated figure. */
export type CoverageThresholds = Partial<Record<Figure, number>>;

const FIGURE_NAMES: Record<Figure, string> = { ops: 'operations exercised', status: 'documented status codes seen', rules: 'rules verified' };
const ALIASES: Readonly<Record<string, Figure>> = { ops: 'ops', operations: 'ops', status: 'status', statuses: 'status', rules: 'rules' };

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  /** Status codes the contract documents for it. */
  documented: number[];
  /** Documented status codes answered in the run. */
  seen: number[];
  /** Status codes answered that the contract does not document. */
  undocumented: number[];
  /** Catalogue rules whose checks recorded an outcome (held, violated or undecided) on it. */
  rules: string[];
}

export interface CoverageFigure {
  covered: number;
  total: number;
  /** covered / total in percent, to one decimal (100 when total is 0). */
  percent: number;
}

export interface CoverageGate {
  thresholds: CoverageThresholds;
  /** The figures below their minimum (empty: the gate is met). */
  failed: Array<{ figure: Figure; percent: number; min: number }>;
}

export interface Coverage {
  operations: OperationCoverage[];
  totals: Record<Figure, CoverageFigure>;
  gate?: CoverageGate;
}

/** `ops=90,status=60,rules=95` (any of the three, percentages, `%` optional). */
export function parseMinCoverage(text: string): CoverageThresholds {
  const out: CoverageThresholds = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*%?$/i.exec(part);
    const figure = match ? ALIASES[(match[1] as string).toLowerCase()] : undefined;
    if (!match || figure === undefined) throw new Error(`--min-coverage: "${part}" is not figure=percent (figures: ops, status, rules; e.g. ops=90,status=60,rules=95)`);
    const value = Number(match[2]);
    if (value > 100) throw new Error(`--min-coverage: ${figure} must be a percentage from 0 to 100 (got ${match[2]})`);
    out[figure] = value;
  }
  if (Object.keys(out).length === 0) throw new Error('--min-coverage needs at least one figure=percent (e.g. ops=90,status=60,rules=95)');
  return out;
}

export function thresholdsText(thresholds: CoverageThresholds): string {
  return FIGURES.filter((f) => thresholds[f] !== undefined)
    .map((f) => `${f}=${thresholds[f]}`)
    .join(',');
}

/** Whether the outcomes under a tally key (`operationId\0check`) decide a rule. */
export function decides(rule: CatalogueRule, key: string): boolean {
  const cut = key.indexOf('\u0000');
  const operationId = key.slice(0, cut);
  return rule.checks.includes(key.slice(cut + 1)) && (!rule.operations || rule.operations.includes(operationId));
}

/** Catalogue rules the mode covers: tested, with a check the mode runs. */
export function rulesForMode(mode: Mode): CatalogueRule[] {
  return CATALOGUE.filter(
    (rule) =>
      !rule.untested &&
      rule.checks.some((check) => {
        const scope = CHECK_SCOPES[check];
        return scope !== undefined && MODES.indexOf(scope.mode) <= MODES.indexOf(mode);
      }),
  );
}

function figure(covered: number, total: number): CoverageFigure {
  return { covered, total, percent: total === 0 ? 100 : Math.round((covered / total) * 1000) / 10 };
}

export interface CoverageInput {
  /** Status codes answered per operation. */
  statuses: Record<string, number[]> | undefined;
  tallies: Record<string, Tally>;
  rules: readonly RuleResult[];
  mode: Mode;
}

export function coverageOf(input: CoverageInput, operations: readonly SuiteOperation[]): Coverage {
  const statuses = input.statuses ?? {};
  const rulesBy = new Map<string, Set<string>>();
  for (const [key, t] of Object.entries(input.tallies)) {
    if (t.pass + t.fail + t.warn + t.inconclusive === 0) continue;
    const operationId = key.slice(0, key.indexOf('\u0000'));
    if (!operationId) continue;
    for (const rule of CATALOGUE) {
      if (rule.untested || !decides(rule, key)) continue;
      const set = rulesBy.get(operationId) ?? new Set<string>();
      set.add(rule.id);
      rulesBy.set(operationId, set);
    }
  }
  const perOperation = operations.map((op): OperationCoverage => {
    const documented = [...op.responses.keys()].sort((a, b) => a - b);
    const answered = statuses[op.operationId] ?? [];
    return {
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      documented,
      seen: documented.filter((s) => answered.includes(s)),
      undocumented: answered.filter((s) => !documented.includes(s)),
      rules: [...(rulesBy.get(op.operationId) ?? [])].sort(),
    };
  });
  const inMode = new Set(rulesForMode(input.mode).map((r) => r.id));
  const counted = input.rules.filter((r) => inMode.has(r.id) && r.status !== 'not-applicable');
  const exercised = perOperation.filter((o) => o.seen.length + o.undocumented.length > 0).length;
  const seen = perOperation.reduce((sum, o) => sum + o.seen.length, 0);
  const documented = perOperation.reduce((sum, o) => sum + o.documented.length, 0);
  return {
    operations: perOperation,
    totals: {
      ops: figure(exercised, perOperation.length),
      status: figure(seen, documented),
      rules: figure(counted.filter((r) => r.status === 'verified').length, counted.length),
    },
  };
}

export function coverageGate(coverage: Coverage, thresholds: CoverageThresholds): CoverageGate {
  const failed = FIGURES.flatMap((name) => {
    const min = thresholds[name];
    const percent = coverage.totals[name].percent;
    return min !== undefined && percent < min ? [{ figure: name, percent, min }] : [];
  });
  return { thresholds, failed };
}

/** The report with its coverage and, with thresholds, the gate: a figure below its minimum makes the verdict FAIL. */
export function withCoverage(report: RunReport, operations: readonly SuiteOperation[], thresholds: CoverageThresholds | undefined): RunReport {
  const coverage = coverageOf({ statuses: report.statuses, tallies: report.tallies, rules: report.rules, mode: report.target.mode }, operations);
  if (!thresholds) return { ...report, coverage };
  const gate = coverageGate(coverage, thresholds);
  return { ...report, coverage: { ...coverage, gate }, verdict: gate.failed.length > 0 ? 'fail' : report.verdict };
}

export function coverageTotalsText(coverage: Coverage): string {
  const t = coverage.totals;
  return `operations ${t.ops.covered}/${t.ops.total} exercised (${t.ops.percent}%), documented status codes ${t.status.covered}/${t.status.total} seen (${t.status.percent}%), rules ${t.rules.covered}/${t.rules.total} verified (${t.rules.percent}%)`;
}

export function gateText(gate: CoverageGate): string {
  const set = `coverage gate --min-coverage ${thresholdsText(gate.thresholds)}`;
  if (gate.failed.length === 0) return `${set}: met`;
  return `${set}: FAILED, ${gate.failed.map((f) => `${f.figure} (${FIGURE_NAMES[f.figure]}) ${f.percent}% < ${f.min}%`).join(', ')}`;
}

/** The totals and the gate: the console summary's lines. */
export function coverageSummaryLines(report: Pick<RunReport, 'coverage'>): string[] {
  const c = report.coverage;
  if (!c) return [];
  return ['', `coverage: ${coverageTotalsText(c)}`, ...(c.gate ? [gateText(c.gate)] : [])];
}

/** The text report's section: the totals, the gate, each exercised operation, then those not exercised. */
export function coverageLines(report: Pick<RunReport, 'coverage'>): string[] {
  const c = report.coverage;
  if (!c) return [];
  const lines = ['', 'COVERAGE (per operation: documented status codes seen, rules exercised)', `  ${coverageTotalsText(c)}`];
  if (c.gate) lines.push(`  ${gateText(c.gate)}`);
  const exercised = c.operations.filter((o) => o.seen.length + o.undocumented.length > 0);
  const width = Math.max(0, ...exercised.map((o) => o.operationId.length));
  for (const o of exercised) {
    const missing = o.documented.filter((s) => !o.seen.includes(s));
    lines.push(
      `  ${o.operationId.padEnd(width)}  seen ${o.seen.join(',') || '-'} of ${o.documented.join(',')}${missing.length ? ` (not seen ${missing.join(',')})` : ''}${o.undocumented.length ? `; undocumented ${o.undocumented.join(',')}` : ''}; rules ${o.rules.join(', ') || '-'}`,
    );
  }
  const idle = c.operations.filter((o) => o.seen.length + o.undocumented.length === 0);
  if (idle.length > 0) lines.push(`  not exercised (${idle.length}): ${idle.map((o) => o.operationId).join(', ')}`);
  return lines;
}

/** The HTML report's section: the totals, the gate and a row per operation. */
export function coverageHtml(coverage: Coverage | undefined, esc: (text: string) => string): string {
  if (!coverage) return '';
  const dash = (list: readonly (number | string)[]) => esc(list.join(', ') || '–');
  const rows = coverage.operations.map(
    (o) =>
      `<tr><td><code>${esc(o.operationId)}</code><br><span class="muted">${esc(`${o.method} ${o.path}`)}</span></td><td>${dash(o.seen)}</td><td>${dash(o.documented.filter((s) => !o.seen.includes(s)))}</td><td>${dash(o.undocumented)}</td><td>${dash(o.rules)}</td></tr>`,
  );
  const gate = coverage.gate ? `<p>${esc(gateText(coverage.gate))}</p>` : '';
  return `<h2 id="coverage">Coverage</h2><p>${esc(coverageTotalsText(coverage))}</p>${gate}<table><thead><tr><th>operation</th><th>documented statuses seen</th><th>not seen</th><th>undocumented seen</th><th>rules exercised</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
