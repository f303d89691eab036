// The result of a run, as the reports show it: every finding (failures, warnings and inconclusive
// rules apart, each violation with the label of its part), the tallies per operation and check,
// notes on what did not apply, and errors of the suite itself. The verdict: FAIL when a check
// failed at the run's threshold or the suite broke; else INCOMPLETE when a rule could not be
// decided; else PASS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Label } from '../../contract/labels.ts';
import { emptyTally, type Finding, type Note, type RecordedResults, type Tally } from '../record/finding.ts';
import type { VitestResults } from '../run/run-suite.ts';
import type { Mode, Profile, SuitePart } from '../target/target.ts';

export type Verdict = 'pass' | 'fail' | 'incomplete';

/** The exit code of each verdict (2 is a usage mistake, before any run). */
export const EXIT_CODES: Record<Verdict, number> = { pass: 0, fail: 1, incomplete: 3 };

export interface RunReport {
  startedAt: string;
  durationMs: number;
  target: { baseUrl: string; mode: Mode; profile: Profile; parts: SuitePart[]; seed: number; mock: boolean; faults: string[]; failOn: Label };
  requests: number;
  failures: Finding[];
  warnings: Finding[];
  /** Rules the suite could not decide, each with the reason. */
  inconclusive: Finding[];
  tallies: Record<string, Tally>;
  notes: Note[];
  suiteErrors: Array<{ test: string; message: string }>;
  counts: { failed: number; warned: number; inconclusive: number; passed: number };
  verdict: Verdict;
}

export function readRecorded(runDir: string): RecordedResults {
  const merged: RecordedResults = { findings: [], tallies: {}, notes: [], requests: 0, failedTests: [] };
  for (const name of readdirSync(runDir).filter((n) => n.startsWith('results-') && n.endsWith('.json')).sort()) {
    const part = JSON.parse(readFileSync(join(runDir, name), 'utf8')) as RecordedResults;
    merged.findings.push(...part.findings);
    merged.requests += part.requests;
    merged.failedTests.push(...part.failedTests);
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

export function verdictOf(counts: RunReport['counts'], suiteErrors: number): Verdict {
  if (counts.failed > 0 || suiteErrors > 0) return 'fail';
  return counts.inconclusive > 0 ? 'incomplete' : 'pass';
}

export function buildReport(recorded: RecordedResults, vitest: VitestResults, meta: Pick<RunReport, 'startedAt' | 'durationMs' | 'target'>): RunReport {
  const failures = recorded.findings.filter((f) => f.severity === 'fail');
  const warnings = recorded.findings.filter((f) => f.severity === 'warn');
  const inconclusive = recorded.findings.filter((f) => f.severity === 'inconclusive');
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
    verdict: verdictOf(counts, suiteErrors.length),
  };
}
