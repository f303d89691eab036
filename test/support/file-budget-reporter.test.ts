// The per-file budget reporter (test/support/file-budget-reporter.ts), on made-up timings: the
// slowest files are listed slowest first, a file over its budget (the default or its own) is
// flagged, and only strict mode fails the run. No test here measures time.
import { describe, expect, it } from 'vitest';
import { budgetFor, DEFAULT_BUDGET_MS, evaluateBudgets, FILE_BUDGETS_MS, FileBudgetReporter, formatBudgets } from './file-budget-reporter.ts';

function module(file: string, durationMs: number) {
  // The duration split over the parts vitest measures; the reporter adds them up.
  const part = durationMs / 5;
  return {
    relativeModuleId: file,
    diagnostic: () => ({ environmentSetupDuration: part, prepareDuration: part, collectDuration: part, setupDuration: part, duration: part }) as ReturnType<Parameters<FileBudgetReporter['onTestRunEnd']>[0][number]['diagnostic']>,
  };
}

function run(modules: ReturnType<typeof module>[], strict: boolean, options: { defaultBudgetMs?: number; budgets?: Record<string, number> } = {}) {
  const lines: string[] = [];
  let failed = 0;
  const reporter = new FileBudgetReporter({ ...options, strict, log: (line) => lines.push(line), fail: () => failed++ });
  reporter.onTestRunEnd(modules);
  return { lines, failed };
}

describe('budgets', () => {
  it('gives a file its own budget when listed, else the default', () => {
    expect(budgetFor('test/mock/x.test.ts')).toBe(DEFAULT_BUDGET_MS);
    expect(DEFAULT_BUDGET_MS).toBe(60_000);
    const [listed, budget] = Object.entries(FILE_BUDGETS_MS)[0] ?? [];
    expect(listed).toBeDefined();
    expect(budgetFor(listed as string)).toBe(budget);
    expect(budgetFor('a.test.ts', { defaultBudgetMs: 5, budgets: { 'b.test.ts': 9 } })).toBe(5);
    expect(budgetFor('b.test.ts', { defaultBudgetMs: 5, budgets: { 'b.test.ts': 9 } })).toBe(9);
  });

  it('lists the ten slowest files, slowest first, and every file over budget', () => {
    const timings = Array.from({ length: 14 }, (_, i) => ({ file: `test/f${String(i).padStart(2, '0')}.test.ts`, durationMs: i * 10_000 }));
    const result = evaluateBudgets(timings, { budgets: { 'test/f13.test.ts': 200_000 } });
    expect(result.slowest.map((t) => t.file)).toEqual(['f13', 'f12', 'f11', 'f10', 'f09', 'f08', 'f07', 'f06', 'f05', 'f04'].map((f) => `test/${f}.test.ts`));
    // 60 s is within the default budget; 70 s and more is over, except the file with its own 200 s.
    expect(result.over).toEqual([
      { file: 'test/f12.test.ts', durationMs: 120_000, budgetMs: 60_000 },
      { file: 'test/f11.test.ts', durationMs: 110_000, budgetMs: 60_000 },
      { file: 'test/f10.test.ts', durationMs: 100_000, budgetMs: 60_000 },
      { file: 'test/f09.test.ts', durationMs: 90_000, budgetMs: 60_000 },
      { file: 'test/f08.test.ts', durationMs: 80_000, budgetMs: 60_000 },
      { file: 'test/f07.test.ts', durationMs: 70_000, budgetMs: 60_000 },
    ]);
  });

  it('prints nothing for a run with no files', () => {
    expect(formatBudgets(evaluateBudgets([]), false)).toEqual([]);
  });
});

describe('the reporter', () => {
  const modules = [module('test/quick.test.ts', 1_500), module('test/slow.test.ts', 75_000), module('test/heavy.test.ts', 100_000)];
  const budgets = { 'test/heavy.test.ts': 120_000 };

  it('prints the slowest files with their durations and flags the one over budget, without failing the run', () => {
    const { lines, failed } = run(modules, false, { budgets });
    expect(failed).toBe(0);
    expect(lines[1]).toMatch(/^Slowest test files \(budget 60\.0 s per file/);
    const table = lines.slice(2, 5);
    expect(table.map((l) => l.trim().split(/\s+/)[0])).toEqual(['test/heavy.test.ts', 'test/slow.test.ts', 'test/quick.test.ts']);
    expect(table[0]).toMatch(/100\.0 s$/);
    expect(table[1]).toMatch(/75\.0 s {2}OVER BUDGET$/);
    expect(table[2]).toMatch(/1\.5 s$/);
    expect(lines).toContain('1 test file over budget:');
    expect(lines).toContain('  test/slow.test.ts: 75.0 s (budget 60.0 s)');
    expect(lines.at(-1)).toContain('Reported only');
  });

  it('fails the run in strict mode when a file is over budget', () => {
    const { lines, failed } = run(modules, true, { budgets });
    expect(failed).toBe(1);
    expect(lines.at(-1)).toContain('TEST_FILE_BUDGET_STRICT=1');
  });

  it('passes in strict mode when every file is within its budget', () => {
    const { lines, failed } = run(modules, true, { budgets: { ...budgets, 'test/slow.test.ts': 80_000 } });
    expect(failed).toBe(0);
    expect(lines.at(-1)).toBe('Every test file is within its budget.');
  });

  it('reads strict mode from TEST_FILE_BUDGET_STRICT when not given', () => {
    const saved = process.env.TEST_FILE_BUDGET_STRICT;
    try {
      for (const [value, want] of [['1', 1], ['0', 0], [undefined, 0]] as const) {
        if (value === undefined) delete process.env.TEST_FILE_BUDGET_STRICT;
        else process.env.TEST_FILE_BUDGET_STRICT = value;
        let failed = 0;
        new FileBudgetReporter({ budgets, log: () => {}, fail: () => failed++ }).onTestRunEnd(modules);
        expect(failed, `TEST_FILE_BUDGET_STRICT=${value}`).toBe(want);
      }
    } finally {
      if (saved === undefined) delete process.env.TEST_FILE_BUDGET_STRICT;
      else process.env.TEST_FILE_BUDGET_STRICT = saved;
    }
  });
});
