// The slow test files, by path from the repository root, with what each takes on a quiet 2-core
// machine (`typicalMs`, from the slowest-files list the per-file budget reporter prints) and, for a
// file allowed more than the default per-file budget (DEFAULT_BUDGET_MS, file-budget-reporter.ts),
// that budget (`budgetMs`) with the reason beside it. Two readers:
// - the per-file budget reporter (file-budget-reporter.ts) takes the budgets;
// - the sequencer (longest-first-sequencer.ts) starts the files longest first by `typicalMs`, so
//   a long file never starts last on the two workers; only the order of the figures matters.
// Keep this short: a file belongs here when it takes long enough to end a run late if started last.

export interface FileTimingEntry {
  /** About how long the file takes on a quiet machine. */
  typicalMs: number;
  /** The file's budget when it is allowed more than the default. */
  budgetMs?: number;
}

export const FILE_TIMINGS: Readonly<Record<string, FileTimingEntry>> = {
  // The self-test, one part each (--shard i/2, conformance/self-test/shard-cases.ts): a conformance
  // run per fault case, plus the baseline runs.
  'test/conformance/self-test-1.test.ts': { typicalMs: 58_000, budgetMs: 150_000 },
  'test/conformance/self-test-2.test.ts': { typicalMs: 50_000, budgetMs: 150_000 },
  // Three conformance runs (whole, and two shards) and a merge.
  'test/conformance/shard.test.ts': { typicalMs: 46_000, budgetMs: 120_000 },
  // The default conformance run (every part, full mode, default profile) against the mock.
  'test/conformance/mock-suite.test.ts': { typicalMs: 36_000, budgetMs: 120_000 },
  // Two conformance runs through Prism's validation proxy (a second process on every exchange).
  'test/conformance/prism-proxy.test.ts': { typicalMs: 30_000, budgetMs: 120_000 },
  // Four conformance CLI runs, one of five parts in full mode.
  'test/conformance/targets.test.ts': { typicalMs: 26_000, budgetMs: 90_000 },
  // `npm pack` (which builds the package), installed in an empty folder, its binaries and an example run there.
  'test/package/pack.test.ts': { typicalMs: 24_000 },
};
