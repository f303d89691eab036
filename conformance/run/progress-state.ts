// What the live progress shows, apart from how it is shown (progress.ts): the suite parts (test
// files) done of those selected, operations done of those the run covers (an operation is done
// when every test about it has finished, in every per-operation part), catalogue rules exercised
// of those the run decides (a rule is exercised once one of its checks recorded an outcome),
// tests done, requests sent, elapsed time and an estimate of the time left (elapsed time per
// finished test, times the tests left). vitest collects a part's tests when it starts the part,
// so until then the part counts the tests the plan expects of it. A test skipped by --shard is
// neither planned nor done.
import { CATALOGUE } from '../rules/catalogue.ts';
import type { SuitePart } from '../target/target.ts';

export interface ProgressTotals {
  /** Suite parts (one test file each) the run selected. */
  parts: readonly SuitePart[];
  /** Operations the per-operation parts exercise (in this shard). */
  operations: number;
  /** The parts with tests per operation among those selected. */
  perOperationParts: readonly SuitePart[];
  /** Tests each part is expected to register until it is collected. */
  expectedTests: Partial<Record<SuitePart, number>>;
  /** Catalogue rules the run's mode, parts and checks cover (they would not be `not run`). */
  ruleIds: readonly string[];
}

export interface ProgressFigures {
  partsDone: number;
  parts: number;
  operationsDone: number;
  operations: number;
  rulesExercised: number;
  rules: number;
  testsDone: number;
  tests: number;
  requests: number;
  elapsedMs: number;
  /** Undefined until a test has finished. */
  remainingMs: number | undefined;
}

export class ProgressState {
  private readonly totals: ProgressTotals;
  private readonly startedAt: number;
  private readonly planned = new Map<string, string>();
  private readonly finished = new Set<string>();
  private readonly collected = new Set<SuitePart>();
  private readonly partsDone = new Set<SuitePart>();
  private requests = 0;
  private checks = new Set<string>();

  constructor(totals: ProgressTotals, startedAt: number) {
    this.totals = totals;
    this.startedAt = startedAt;
  }

  /** A part vitest has collected: its tests are planned from now on, not the expected count. */
  collect(part: SuitePart): void {
    this.collected.add(part);
  }

  /** A test the run will execute, under its id, keyed by its operation (or its own name). */
  plan(testId: string, key: string): void {
    this.planned.set(testId, key);
  }

  finish(testId: string): void {
    if (this.planned.has(testId)) this.finished.add(testId);
  }

  finishPart(part: SuitePart): void {
    this.partsDone.add(part);
  }

  /** What the suite's worker reported: requests sent and checks with an outcome so far. */
  observe(requests: number, checks: Iterable<string>): void {
    this.requests = Math.max(this.requests, requests);
    this.checks = new Set(checks);
  }

  figures(now: number, operationIds: { has(id: string): boolean }): ProgressFigures {
    const byKey = new Map<string, { all: number; done: number }>();
    for (const [id, key] of this.planned) {
      if (!operationIds.has(key)) continue;
      const entry = byKey.get(key) ?? { all: 0, done: 0 };
      entry.all++;
      if (this.finished.has(id)) entry.done++;
      byKey.set(key, entry);
    }
    // An operation is done only once every part that has tests about it has been collected.
    const allCollected = this.totals.perOperationParts.every((p) => this.collected.has(p));
    const operationsDone = allCollected ? [...byKey.values()].filter((e) => e.done === e.all).length : 0;
    const rules = new Set(this.totals.ruleIds);
    const exercised = CATALOGUE.filter((rule) => rules.has(rule.id) && rule.checks.some((check) => this.checks.has(check))).length;
    const pending = this.totals.parts.filter((p) => !this.collected.has(p)).reduce((sum, p) => sum + (this.totals.expectedTests[p] ?? 0), 0);
    const tests = this.planned.size + pending;
    const elapsedMs = now - this.startedAt;
    const done = this.finished.size;
    return {
      partsDone: this.partsDone.size,
      parts: this.totals.parts.length,
      operationsDone,
      operations: this.totals.operations,
      rulesExercised: exercised,
      rules: rules.size,
      testsDone: done,
      tests,
      requests: this.requests,
      elapsedMs,
      remainingMs: done === 0 ? undefined : Math.round((elapsedMs / done) * (tests - done)),
    };
  }
}

/** `1m05s`, `42s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

/** One line: `parts 2/6 · operations 23/61 · rules 40/63 exercised · tests 140/300 · 5231 requests · 1m12s elapsed · ~2m05s left`. */
export function progressLine(f: ProgressFigures): string {
  return [
    `parts ${f.partsDone}/${f.parts}`,
    `operations ${f.operationsDone}/${f.operations}`,
    `rules ${f.rulesExercised}/${f.rules} exercised`,
    `tests ${f.testsDone}/${f.tests}`,
    `${f.requests} requests`,
    `${formatDuration(f.elapsedMs)} elapsed`,
    f.remainingMs === undefined ? 'estimating time left' : `~${formatDuration(f.remainingMs)} left`,
  ].join(' · ');
}
