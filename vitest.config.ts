import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { FileBudgetReporter } from './test/support/file-budget-reporter.ts';
import { LongestFirstSequencer } from './test/support/longest-first-sequencer.ts';

/** The package's own name resolves to its sources in tests (examples/ import it as a user would). */
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Sized for the 2-core CI machines, which are often loaded (issue 13):
// - two forked workers: vitest's default on 2 cores is one (cores - 1), which runs the files one
//   after the other while most of them wait on child processes or sockets;
// - time-outs are a safety net for a hung test, never an assertion: generous, so a loaded machine
//   (two runs at once) never turns slowness into a failure; no test relies on one;
// - no retries: a flaky test fails and is fixed, never passed on a second try;
// - the per-file budget reporter beside the default one (test/support/file-budget-reporter.ts):
//   reports the slowest files and those over budget, and fails the run on them only with
//   TEST_FILE_BUDGET_STRICT=1;
// - the long files start first, longest first (test/support/longest-first-sequencer.ts, with the
//   durations of test/support/file-timings.ts): vitest's default order on a fresh checkout (no
//   results of an earlier run) is by file size, which can start a long file last.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^agent-platform-contract$/, replacement: source('./mock/index.ts') },
      { find: /^agent-platform-contract\/fetch$/, replacement: source('./mock/adapters/fetch.ts') },
      { find: /^agent-platform-contract\/node$/, replacement: source('./mock/node.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'mock/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    retry: 0,
    reporters: ['default', new FileBudgetReporter()],
    sequence: { sequencer: LongestFirstSequencer },
  },
});
