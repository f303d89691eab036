// The result of a run, as the reports show it: every finding (failures, warnings and inconclusive
// rules apart, each violation with the label of its part), the tallies per operation and check,
// notes on what did not apply, and errors of the suite itself. The verdict: FAIL when a check
// failed at the run's threshold or the suite broke; else INCOMPLETE when a rule could not be
// decided or a rule the selected mode and parts cover was not exercised; else PASS. Each
// catalogue rule gets its own verdict (rule-verdicts.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Label } from '../../contract/labels.ts';
import type { LedgerReport } from '../record/ledger.ts';
import { emptyTally, type Finding, type Note, type RecordedResults, type Tally } from '../record/finding.ts';
import type { BaselineOutcome, KnownFinding } from '../record/baseline.ts';
import type { VitestResults } from '../run/run-suite.ts';
import type { Coverage } from './coverage.ts';
import type { Shard } from '../run/shard.ts';
import { curlCommand } from './replay-command.ts';
import { type RuleResult, type RuleStatus, ruleCounts, ruleVerdicts } from './rule-verdicts.ts';
import type { Mode, Profile, SuitePart } from '../target/target.ts';

export type Verdict = 'pass' | 'fail' | 'incomplete';

/** The exit code of each verdict (2 is a usage mistake, before any run). */
export const EXIT_CODES: Record<Verdict, number> = { pass: 0, fail: 1, incomplete: 3 };

export interface RunReport {
  startedAt: string;
  durationMs: number;
  target: {
    baseUrl: string;
    mode: Mode;
    profile: Profile;
    parts: SuitePart[];
    seed: number;
    mock: boolean;
    faults: string[];
    failOn: Label;
    only?: string;
    /** The checks applied (--checks / --exclude-checks); absent: every check. */
    checks?: string[];
    /** The slice of a split run this report covers (--shard i/n); absent: the whole run, or merged shards. */
    shard?: Shard;
    /** A report merged from this many shards' reports (report/merge-reports.ts). */
    mergedShards?: number;
    /** --stress: the checks that exceed the target's limits ran against a deployment. */
    stress?: boolean;
  };
  requests: number;
  failures: Finding[];
  warnings: Finding[];
  /** Rules the suite could not decide, each with the reason. */
  inconclusive: Finding[];
  tallies: Record<string, Tally>;
  notes: Note[];
  suiteErrors: Array<{ test: string; message: string }>;
  counts: { failed: number; warned: number; inconclusive: number; passed: number };
  /** One verdict per catalogue rule (rules/catalogue.ts). */
  rules: RuleResult[];
  ruleCounts: Record<RuleStatus, number>;
  verdict: Verdict;
  /** What the run created, changed, deleted and restored, and what it could not undo (record/ledger.ts). */
  ledger?: LedgerReport;
  /** Status codes answered per operation (the raw data of `coverage`). */
  statuses?: Record<string, number[]>;
  /** Per operation the documented status codes seen and the rules exercised, the totals and the --min-coverage gate (coverage.ts). */
  coverage?: Coverage;
  /** Failures a --baseline entry excuses: listed apart, they do not fail the run (record/baseline.ts). */
  known?: KnownFinding[];
  /** Each --baseline entry's outcome: known, expired, fixed or not reached. */
  baseline?: BaselineOutcome;
}

export function readRecorded(runDir: string): RecordedResults {
  const statuses: Record<string, number[]> = {};
  const merged: RecordedResults = { findings: [], tallies: {}, notes: [], requests: 0, failedTests: [], statuses };
  for (const name of readdirSync(runDir).filter((n) => n.startsWith('results-') && n.endsWith('.json')).sort()) {
    const part = JSON.parse(readFileSync(join(runDir, name), 'utf8')) as RecordedResults;
    merged.findings.push(...part.findings);
    merged.requests += part.requests;
    merged.failedTests.push(...part.failedTests);
    for (const [op, seen] of Object.entries(part.statuses ?? {})) statuses[op] = [...new Set([...(statuses[op] ?? []), ...seen])].sort((a, b) => a - b);
    for (const note of part.notes) if (!merged.notes.some((n) => n.area === note.area && n.message === note.message)) merged.notes.push(note);
    for (const [key, tally] of Object.entries(part.tallies)) {
      const into = merged.tallies[key] ?? emptyTally();
      into.pass += tally.pass;
      into.fail += tally.fail;
      into.warn += tally.warn;
      into.inconclusive += tally.inconclusive;
      into.skip += tally.skip;
      merged.tallies[key] = into;
    }
  }
  return merged;
}

/**
 * FAIL when a check failed at the run's threshold (a rule violated at failing severity) or the
 * suite broke; else INCOMPLETE when a rule could not be decided or a rule the selection covers was
 * not exercised; else PASS.
 */
export function verdictOf(counts: RunReport['counts'], suiteErrors: number, rules: readonly Pick<RuleResult, 'status' | 'severity' | 'known'>[] = []): Verdict {
  if (counts.failed > 0 || suiteErrors > 0 || rules.some((r) => r.status === 'violated' && r.severity === 'fail' && !r.known)) return 'fail';
  if (counts.inconclusive > 0 || rules.some((r) => r.status === 'inconclusive' || r.status === 'not-exercised')) return 'incomplete';
  return 'pass';
}

export function buildReport(recorded: RecordedResults, vitest: VitestResults, meta: Pick<RunReport, 'startedAt' | 'durationMs' | 'target'>): RunReport {
  const findings = recorded.findings.map((f) => {
    const curl = curlCommand(f);
    return curl ? { ...f, curl } : f;
  });
  const failures = findings.filter((f) => f.severity === 'fail');
  const warnings = findings.filter((f) => f.severity === 'warn');
  const inconclusive = findings.filter((f) => f.severity === 'inconclusive');
  const explained = new Set(recorded.failedTests);
  const suiteErrors = [
    ...(!vitest.tests.some((t) => t.status === 'passed' || t.status === 'failed') ? [{ test: '(none)', message: 'no suite test ran (does --only match a test name?)' }] : []),
    ...vitest.fileErrors.map((e) => ({ test: e.file, message: e.message })),
    ...vitest.tests
      .filter((t) => t.status === 'failed' && !explained.has(t.title))
      .map((t) => ({ test: t.title, message: t.failureMessages.join('\n').slice(0, 4000) })),
  ];
  const counts = { failed: 0, warned: 0, inconclusive: 0, passed: 0 };
  for (const tally of Object.values(recorded.tallies)) {
    counts.failed += tally.fail;
    counts.warned += tally.warn;
    counts.inconclusive += tally.inconclusive;
    counts.passed += tally.pass;
  }
  const rules = ruleVerdicts(recorded.tallies, findings, recorded.notes, meta.target);
  return {
    ...meta,
    requests: recorded.requests,
    failures,
    warnings,
    inconclusive,
    tallies: recorded.tallies,
    notes: recorded.notes,
    suiteErrors,
    counts,
    rules,
    ruleCounts: ruleCounts(rules),
    verdict: verdictOf(counts, suiteErrors.length, rules),
    ...(recorded.statuses ? { statuses: recorded.statuses } : {}),
  };
}
