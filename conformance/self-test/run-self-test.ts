// The self-test: proof that the suite can fail. For every case (cases/*.ts), the narrowed run
// against the mock with the case's fault must FAIL with the case's rule `violated`; the same
// narrowed run without any fault (a baseline, one per distinct selection) must not violate that
// rule, so the failure is the fault's and not the check's.
import type { RunReport } from '../report/run-report.ts';
import type { FaultCase } from './case.ts';
import type { CaseRun, CaseRunner } from './case-runner.ts';

export type CaseStatus = 'caught' | 'missed' | 'baseline-fails';

export interface CaseResult {
  rule: string;
  fault: string;
  status: CaseStatus;
  /** What the run said: its verdict and the rule's verdict (with the reason when not violated). */
  verdict: RunReport['verdict'];
  ruleVerdict: string;
  detail: string;
  durationMs: number;
}

export interface SelfTestReport {
  cases: CaseResult[];
  caught: number;
  missed: number;
  baselineFails: number;
  durationMs: number;
}

/** The key of a case's selection: cases with the same one share a baseline run. */
export function selectionKey(selection: CaseRun): string {
  return JSON.stringify([selection.parts, selection.only ?? '', selection.failOn ?? '', selection.mode ?? '', selection.profile ?? '']);
}

function selectionOf(c: FaultCase): CaseRun {
  return {
    parts: c.parts,
    ...(c.only !== undefined ? { only: c.only } : {}),
    ...(c.failOn !== undefined ? { failOn: c.failOn } : {}),
    ...(c.mode !== undefined ? { mode: c.mode } : {}),
    ...(c.profile !== undefined ? { profile: c.profile } : {}),
  };
}

function ruleOf(report: RunReport, id: string) {
  return report.rules.find((r) => r.id === id);
}

function describe(report: RunReport, rule: string): string {
  const verdict = ruleOf(report, rule);
  const failing = report.failures.slice(0, 3).map((f) => `${f.check} ${f.operationId}: ${f.message}`);
  const errors = report.suiteErrors.slice(0, 2).map((e) => `${e.test}: ${e.message.split('\n')[0]}`);
  return [verdict?.reason, ...failing, ...errors].filter(Boolean).join('; ').slice(0, 600);
}

/**
 * The key of the baseline run a case shares (baselineGroups): cases with a test pattern share one
 * per threshold, mode and profile; a case without a pattern shares only with cases of the same
 * selection.
 */
export function baselineKey(c: FaultCase): string {
  return c.only === undefined ? selectionKey(selectionOf(c)) : JSON.stringify(['shared', c.failOn ?? '', c.mode ?? '', c.profile ?? '']);
}

/**
 * The baselines: the runs without fault that the cases' rules must hold in. Cases with a test
 * pattern share one run per threshold, mode and profile (their parts joined, their patterns
 * alternated); a case without a pattern gets a run of its own.
 */
function baselineGroups(cases: readonly FaultCase[]): Array<{ selection: CaseRun; cases: FaultCase[] }> {
  const groups = new Map<string, { selection: CaseRun; cases: FaultCase[] }>();
  for (const c of cases) {
    const own = selectionOf(c);
    const key = baselineKey(c);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { selection: own, cases: [c] });
      continue;
    }
    group.cases.push(c);
    const parts = [...new Set([...group.selection.parts, ...c.parts])];
    const only = group.cases.map((g) => `(?:${g.only})`).join('|');
    group.selection = { ...group.selection, parts, only };
  }
  return [...groups.values()];
}

export async function runSelfTest(
  runner: CaseRunner,
  cases: readonly FaultCase[],
  options: { baseline: boolean; onCase?: (result: CaseResult, done: number, total: number) => void },
): Promise<SelfTestReport> {
  const started = Date.now();
  const results: CaseResult[] = [];
  for (const c of cases) {
    const caseStarted = Date.now();
    const report = await runner.run(selectionOf(c), c.fault);
    const verdict = ruleOf(report, c.rule);
    const caught = report.verdict === 'fail' && verdict?.status === 'violated' && verdict.severity === 'fail';
    const result: CaseResult = {
      rule: c.rule,
      fault: c.fault,
      status: caught ? 'caught' : 'missed',
      verdict: report.verdict,
      ruleVerdict: verdict?.status ?? 'not in the catalogue',
      detail: caught ? '' : describe(report, c.rule),
      durationMs: Date.now() - caseStarted,
    };
    results.push(result);
    options.onCase?.(result, results.length, cases.length);
  }
  if (options.baseline) {
    for (const group of baselineGroups(cases)) {
      const baseline = await runner.run(group.selection, undefined);
      for (const c of group.cases) {
        const result = results.find((r) => r.rule === c.rule && r.fault === c.fault);
        if (result?.status !== 'caught') continue;
        if (ruleOf(baseline, c.rule)?.status === 'violated' || baseline.suiteErrors.length > 0) {
          result.status = 'baseline-fails';
          result.detail = `without the fault the same run says: ${describe(baseline, c.rule)}`;
        }
      }
    }
  }
  return {
    cases: results,
    caught: results.filter((r) => r.status === 'caught').length,
    missed: results.filter((r) => r.status === 'missed').length,
    baselineFails: results.filter((r) => r.status === 'baseline-fails').length,
    durationMs: Date.now() - started,
  };
}
