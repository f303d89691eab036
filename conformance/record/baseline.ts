// A baseline of known failures (--baseline FILE, YAML or JSON): each entry names a catalogue rule,
// an operation (or `*`: any, and the rule's checks across operations), why the failure is accepted,
// who owns it and the last day it holds. A failed check every rule of which an unexpired entry
// names for its operation is "known": listed apart with the entry's reason and owner, it does not
// fail the run. An expired entry excuses nothing and the report says it expired; an entry that
// matched no failure of a rule the run reached is "fixed" (remove it); one whose rule the run did
// not reach is "not reached" (kept). `--write-baseline FILE` writes a baseline of a run's failures.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse, stringify } from 'yaml';
import { decides } from '../report/coverage.ts';
import { type RunReport, verdictOf } from '../report/run-report.ts';
import { CATALOGUE, type CatalogueRule, ownsFinding } from '../rules/catalogue.ts';
import type { Finding } from './finding.ts';

export interface BaselineEntry {
  /** A catalogue rule id (rules/catalogue.ts). */
  rule: string;
  /** An operationId, or `*` for any. */
  operationId: string;
  reason: string;
  owner: string;
  /** YYYY-MM-DD: the last day the entry excuses its failures. */
  expires: string;
}

/** `known`: it excused failures; `expired`: it matched failures but no longer excuses them; `fixed`: its rule ran and matched nothing; `not-reached`: its rule did not run. */
export type EntryStatus = 'known' | 'expired' | 'fixed' | 'not-reached';

export interface BaselineEntryOutcome extends BaselineEntry {
  status: EntryStatus;
  expired: boolean;
  /** Operations whose failures of the rule it matched ('' : the rule's checks across operations). */
  matched: string[];
}

export interface BaselineOutcome {
  file: string;
  /** The day the expiry dates were compared with (UTC). */
  today: string;
  entries: BaselineEntryOutcome[];
  /** Failed checks the unexpired entries excuse. */
  knownChecks: number;
}

export interface KnownFinding extends Finding {
  baseline: BaselineEntry;
}

export class BaselineError extends Error {}

export const REASON_PLACEHOLDER = 'TODO: why this failure is accepted (a ticket)';
export const OWNER_PLACEHOLDER = 'TODO: who fixes it';
const DAY_MS = 86_400_000;
const TESTED: CatalogueRule[] = CATALOGUE.filter((r) => !r.untested);

/** Today's date (UTC), as expiry dates are written. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function parseBaseline(text: string, file: string, operations: ReadonlySet<string>): BaselineEntry[] {
  const json = file.endsWith('.json');
  let doc: unknown;
  try {
    doc = json ? JSON.parse(text) : parse(text);
  } catch (error) {
    throw new BaselineError(`--baseline ${file}: not valid ${json ? 'JSON' : 'YAML'}: ${(error as Error).message}`);
  }
  const list = Array.isArray(doc) ? doc : doc && typeof doc === 'object' ? (doc as { known?: unknown }).known : undefined;
  if (!Array.isArray(list)) throw new BaselineError(`--baseline ${file}: expected a list of entries under "known"`);
  const ids = new Set(CATALOGUE.map((r) => r.id));
  return list.map((raw: unknown, i) => {
    const where = `--baseline ${file}: entry ${i + 1}`;
    if (!raw || typeof raw !== 'object') throw new BaselineError(`${where} is not an object`);
    const fields = raw as Record<string, unknown>;
    const field = (name: keyof BaselineEntry): string => {
      const value = fields[name];
      const text = value instanceof Date ? today(value) : typeof value === 'string' ? value.trim() : '';
      if (!text) throw new BaselineError(`${where}: "${name}" is missing (an entry has rule, operationId, reason, owner and expires)`);
      return text;
    };
    const entry: BaselineEntry = { rule: field('rule'), operationId: field('operationId'), reason: field('reason'), owner: field('owner'), expires: field('expires') };
    if (!ids.has(entry.rule)) throw new BaselineError(`${where}: unknown rule "${entry.rule}" (ids as in conformance/rules/catalogue.ts)`);
    if (entry.operationId !== '*' && !operations.has(entry.operationId)) throw new BaselineError(`${where}: unknown operationId "${entry.operationId}" (or "*" for any)`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.expires) || Number.isNaN(Date.parse(entry.expires))) {
      throw new BaselineError(`${where}: expires must be a date YYYY-MM-DD (got "${entry.expires}")`);
    }
    return entry;
  });
}

export function loadBaseline(file: string, operations: ReadonlySet<string>): BaselineEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BaselineError(`--baseline ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseBaseline(text, file, operations);
}

function operationOf(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}

/**
 * The rules the failures under a tally key belong to: every rule its check decides there, except
 * that a rule owning only an aspect of a shared check counts when it owns one of the key's failing findings.
 */
function failingRules(key: string, failures: readonly Finding[]): CatalogueRule[] {
  const check = key.slice(key.indexOf('\u0000') + 1);
  const mine = failures.filter((f) => `${f.operationId ?? ''}\u0000${f.check}` === key);
  return TESTED.filter((r) => decides(r, key) && (!r.aspects?.some((a) => a.check === check) || mine.some((f) => ownsFinding(r, f))));
}

function matches(entry: BaselineEntry, rule: string, operationId: string): boolean {
  return entry.rule === rule && (entry.operationId === '*' || entry.operationId === operationId);
}

/** The report with the baseline applied: known failures apart, the counts, rule verdicts and verdict again. */
export function applyBaseline(report: RunReport, entries: readonly BaselineEntry[], file: string, day: string): RunReport {
  const live = entries.filter((e) => e.expires >= day);
  const excuse = (rule: string, operationId: string) => live.find((e) => matches(e, rule, operationId));
  const excused = new Map<string, BaselineEntry>();
  const matched = new Map<BaselineEntry, Set<string>>();
  const reached = new Set<BaselineEntry>();
  let knownChecks = 0;
  for (const [key, t] of Object.entries(report.tallies)) {
    const operationId = operationOf(key);
    const deciding = TESTED.filter((r) => decides(r, key));
    if (t.pass + t.fail + t.warn + t.inconclusive > 0) for (const e of entries) if (deciding.some((r) => matches(e, r.id, operationId))) reached.add(e);
    if (t.fail === 0) continue;
    const rules = failingRules(key, report.failures);
    if (rules.length === 0) continue;
    const named = entries.filter((e) => rules.some((r) => matches(e, r.id, operationId)));
    for (const e of named) matched.set(e, (matched.get(e) ?? new Set<string>()).add(operationId));
    // Excused only when an unexpired entry names every rule the check decides here.
    const by = rules.map((r) => excuse(r.id, operationId));
    if (by.every((e) => e !== undefined)) {
      excused.set(key, by[0] as BaselineEntry);
      knownChecks += t.fail;
    }
  }
  const rules = report.rules.map((result) => {
    const rule = TESTED.find((r) => r.id === result.id);
    if (result.status !== 'violated' || result.severity !== 'fail' || !rule) return result;
    const failing = [...new Set(Object.entries(report.tallies).filter(([key, t]) => t.fail > 0 && failingRules(key, report.failures).includes(rule)).map(([key]) => operationOf(key)))];
    const by = failing.map((operationId) => excuse(rule.id, operationId));
    const first = by[0];
    if (first === undefined || !by.every((e) => e !== undefined)) return result;
    return { ...result, known: { reason: first.reason, owner: first.owner, expires: first.expires } };
  });
  const known: KnownFinding[] = [];
  const failures: Finding[] = [];
  for (const f of report.failures) {
    const entry = excused.get(`${f.operationId ?? ''}\u0000${f.check}`);
    if (entry) known.push({ ...f, baseline: entry });
    else failures.push(f);
  }
  const counts = { ...report.counts, failed: report.counts.failed - knownChecks };
  const outcomes = entries.map((e): BaselineEntryOutcome => {
    const ops = [...(matched.get(e) ?? [])].sort();
    const expired = e.expires < day;
    const status: EntryStatus = ops.length > 0 ? (expired ? 'expired' : 'known') : reached.has(e) ? 'fixed' : 'not-reached';
    return { ...e, status, expired, matched: ops };
  });
  return {
    ...report,
    failures,
    known,
    counts,
    rules,
    baseline: { file, today: day, entries: outcomes, knownChecks },
    verdict: verdictOf(counts, report.suiteErrors.length, rules),
  };
}

/** Each failing (rule, operation) of a run: its failed checks' tallies, `*` for checks across operations. */
export function failingPairs(report: Pick<RunReport, 'tallies' | 'failures' | 'known'>): Array<{ rule: string; operationId: string }> {
  const failures = [...report.failures, ...(report.known ?? [])];
  const out = new Map<string, { rule: string; operationId: string }>();
  for (const [key, t] of Object.entries(report.tallies)) {
    if (t.fail === 0) continue;
    const operationId = operationOf(key) || '*';
    for (const rule of failingRules(key, failures)) out.set(`${rule.id} ${operationId}`, { rule: rule.id, operationId });
  }
  return [...out.values()].sort((a, b) => a.rule.localeCompare(b.rule) || a.operationId.localeCompare(b.operationId));
}

/** A baseline of the run's failures: an unexpired entry of `previous` for the same pair is kept, the others get placeholders and expire in `days`. */
export function baselineFromReport(report: Pick<RunReport, 'tallies' | 'failures' | 'known'>, day: string, previous: readonly BaselineEntry[] = [], days = 30): BaselineEntry[] {
  const expires = today(new Date(Date.parse(day) + days * DAY_MS));
  return failingPairs(report).map((pair) => {
    const kept = previous.find((e) => e.rule === pair.rule && e.operationId === pair.operationId && e.expires >= day);
    return kept ? { ...kept } : { ...pair, reason: REASON_PLACEHOLDER, owner: OWNER_PLACEHOLDER, expires };
  });
}

/** Writes a baseline: JSON for a `.json` name, else YAML with a header on how to fill it in. */
export function writeBaseline(file: string, entries: readonly BaselineEntry[]): void {
  const text = file.endsWith('.json')
    ? `${JSON.stringify({ known: entries }, null, 2)}\n`
    : `# Known failures of a conformance run: npm run conformance -- --baseline ${basename(file)}\n# Fill in reason and owner; an entry stops excusing its failures after its expires day.\n${stringify({ known: entries })}`;
  writeFileSync(file, text);
}

const ENTRY_TEXT: Record<EntryStatus, string> = {
  known: 'known: excuses its failures',
  expired: 'EXPIRED: no longer excuses its failures (renew it or fix them)',
  fixed: 'fixed: matched no failure of a rule this run reached (remove the entry)',
  'not-reached': 'not reached: this run did not exercise the rule (kept)',
};

/** The known failures and each entry's outcome (`max`: known failures shown). */
export function baselineLines(report: Pick<RunReport, 'baseline' | 'known'>, max = 20): string[] {
  const b = report.baseline;
  if (!b) return [];
  const known = report.known ?? [];
  const lines = ['', `KNOWN FAILURES (baseline ${b.file}; they do not fail the run): ${b.knownChecks} failed check(s), ${known.length} listed`];
  for (const f of known.slice(0, max)) {
    lines.push(`  ~ ${f.baseline.rule} — ${f.operationId ?? '(across operations)'} [${f.check}]: ${f.message.split('\n')[0]}`);
    lines.push(`      reason: ${f.baseline.reason}; owner: ${f.baseline.owner}; expires ${f.baseline.expires}`);
  }
  if (known.length > max) lines.push(`  … ${known.length - max} more in the JSON report`);
  lines.push(`BASELINE ENTRIES (compared on ${b.today})`);
  for (const e of b.entries) {
    lines.push(`  ${e.rule} ${e.operationId} (owner ${e.owner}, expires ${e.expires}): ${ENTRY_TEXT[e.status]}${e.matched.length ? `; matched ${e.matched.map((o) => o || '(across operations)').join(', ')}` : ''}`);
  }
  return lines;
}

/** The HTML report's section: the known failures, then each entry's outcome. */
export function baselineHtml(report: Pick<RunReport, 'baseline' | 'known'>, esc: (text: string) => string): string {
  const b = report.baseline;
  if (!b) return '';
  const known = (report.known ?? []).map(
    (f) =>
      `<tr><td><code>${esc(f.baseline.rule)}</code></td><td>${esc(f.operationId ?? '(across operations)')}</td><td>${esc(f.check)}</td><td>${esc(f.message.split('\n')[0] ?? '')}</td><td>${esc(f.baseline.reason)}</td><td>${esc(f.baseline.owner)}</td><td>${esc(f.baseline.expires)}</td></tr>`,
  );
  const entries = b.entries.map(
    (e) =>
      `<tr><td><code>${esc(e.rule)}</code></td><td>${esc(e.operationId)}</td><td>${esc(ENTRY_TEXT[e.status])}</td><td>${esc(e.reason)}</td><td>${esc(e.owner)}</td><td>${esc(e.expires)}</td></tr>`,
  );
  return [
    `<h2 id="known">Known failures (baseline ${esc(b.file)}, they do not fail the run) (${known.length})</h2>`,
    known.length ? `<table><thead><tr><th>rule</th><th>operation</th><th>check</th><th>finding</th><th>reason</th><th>owner</th><th>expires</th></tr></thead><tbody>${known.join('')}</tbody></table>` : '',
    `<h2 id="baseline">Baseline entries (compared on ${esc(b.today)})</h2>`,
    `<table><thead><tr><th>rule</th><th>operation</th><th>outcome</th><th>reason</th><th>owner</th><th>expires</th></tr></thead><tbody>${entries.join('')}</tbody></table>`,
  ].join('');
}
