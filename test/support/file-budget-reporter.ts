// A per-file time budget for the test run (issue 13), as a vitest reporter beside the default one
// (vitest.config.ts). At the end of a run it prints the slowest test files with their durations
// and flags every file over its budget. Timings never decide a verdict on a loaded machine (CI
// boxes are shared): by default a file over budget is only reported. TEST_FILE_BUDGET_STRICT=1
// (for a check on a quiet machine) fails the run when one is over.
//
// Budgets: DEFAULT_BUDGET_MS per file, except the files given one in FILE_TIMINGS
// (test/support/file-timings.ts), each there with the reason it is allowed more. A file's duration
// is what vitest measured for it: environment setup, preparation, collection (importing it), setup
// files, and its tests and hooks.
import type { Reporter, TestModule } from 'vitest/node';
import { FILE_TIMINGS } from './file-timings.ts';

export const DEFAULT_BUDGET_MS = 60_000;

/** Files allowed more than the default, by path from the repository root (file-timings.ts). */
export const FILE_BUDGETS_MS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(FILE_TIMINGS).flatMap(([file, t]) => (t.budgetMs === undefined ? [] : [[file, t.budgetMs]])),
);

/** How many of the slowest files the summary lists. */
export const SLOWEST_SHOWN = 10;

export interface FileTiming {
  /** Path from the repository root, with forward slashes. */
  file: string;
  durationMs: number;
}

export interface OverBudget extends FileTiming {
  budgetMs: number;
}

export interface BudgetResult {
  slowest: FileTiming[];
  over: OverBudget[];
}

export interface BudgetOptions {
  defaultBudgetMs?: number;
  budgets?: Readonly<Record<string, number>>;
  top?: number;
}

export function budgetFor(file: string, options: BudgetOptions = {}): number {
  return (options.budgets ?? FILE_BUDGETS_MS)[file] ?? options.defaultBudgetMs ?? DEFAULT_BUDGET_MS;
}

/** The slowest files (slowest first; ties by name) and every file over its budget. */
export function evaluateBudgets(timings: readonly FileTiming[], options: BudgetOptions = {}): BudgetResult {
  const sorted = [...timings].sort((a, b) => b.durationMs - a.durationMs || a.file.localeCompare(b.file));
  const over: OverBudget[] = [];
  for (const t of sorted) {
    const budgetMs = budgetFor(t.file, options);
    if (t.durationMs > budgetMs) over.push({ ...t, budgetMs });
  }
  return { slowest: sorted.slice(0, options.top ?? SLOWEST_SHOWN), over };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The lines printed at the end of a run. */
export function formatBudgets(result: BudgetResult, strict: boolean, defaultBudgetMs = DEFAULT_BUDGET_MS): string[] {
  if (result.slowest.length === 0) return [];
  const width = Math.max(...result.slowest.map((t) => t.file.length));
  const overFiles = new Set(result.over.map((o) => o.file));
  const lines = ['', `Slowest test files (budget ${seconds(defaultBudgetMs)} per file unless listed in test/support/file-timings.ts):`];
  for (const t of result.slowest) lines.push(`  ${t.file.padEnd(width)}  ${seconds(t.durationMs).padStart(8)}${overFiles.has(t.file) ? '  OVER BUDGET' : ''}`);
  if (result.over.length === 0) {
    lines.push('Every test file is within its budget.');
    return lines;
  }
  lines.push(`${result.over.length} test file${result.over.length === 1 ? '' : 's'} over budget:`);
  for (const o of result.over) lines.push(`  ${o.file}: ${seconds(o.durationMs)} (budget ${seconds(o.budgetMs)})`);
  lines.push(
    strict
      ? 'TEST_FILE_BUDGET_STRICT=1: the run fails on a file over budget.'
      : 'Reported only: timings on a loaded machine do not decide the verdict (TEST_FILE_BUDGET_STRICT=1 makes this fail the run).',
  );
  return lines;
}

/** A test module's duration as vitest measured it. */
export function moduleDurationMs(module: Pick<TestModule, 'diagnostic'>): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export interface FileBudgetReporterOptions extends BudgetOptions {
  /** Fail the run on a file over budget (default: TEST_FILE_BUDGET_STRICT=1). */
  strict?: boolean;
  /** Where the lines go (default: vitest's logger). */
  log?: (line: string) => void;
  /** Marks the run failed (default: process.exitCode = 1). */
  fail?: () => void;
}

export class FileBudgetReporter implements Reporter {
  private readonly options: FileBudgetReporterOptions;
  private log: (line: string) => void;

  constructor(options: FileBudgetReporterOptions = {}) {
    this.options = options;
    this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  }

  onInit(vitest: Parameters<NonNullable<Reporter['onInit']>>[0]): void {
    if (!this.options.log) this.log = (line) => vitest.logger.log(line);
  }

  onTestRunEnd(testModules: ReadonlyArray<Pick<TestModule, 'relativeModuleId' | 'diagnostic'>>): void {
    const strict = this.options.strict ?? process.env.TEST_FILE_BUDGET_STRICT === '1';
    const timings = testModules.map((m) => ({ file: m.relativeModuleId.replaceAll('\\', '/'), durationMs: moduleDurationMs(m) }));
    const result = evaluateBudgets(timings, this.options);
    for (const line of formatBudgets(result, strict, this.options.defaultBudgetMs)) this.log(line);
    if (strict && result.over.length > 0) (this.options.fail ?? (() => (process.exitCode = 1)))();
  }
}

export default FileBudgetReporter;
