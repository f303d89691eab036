// StrykerJS configuration for mutation testing mock/ with the conformance suite as the test
// (issue 25). Run it through `npm run mutation` (scripts/mutation.ts), which picks the files to
// mutate (`--files <glob>`) and the narrowed suite command for their folder
// (scripts/mutation-table.ts); `npx stryker run` with this file alone mutates mock/pipeline/ and
// runs the whole suite per mutant (slow).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
  // The command runner: one conformance run per mutant; exit 0 (PASS) = survived. Mutant switching:
  // every mutant is instrumented into the sandbox once, and the runner names the active one in
  // __STRYKER_ACTIVE_MUTANT__, which the mock (a child process of the suite's CLI) inherits.
  testRunner: 'command',
  commandRunner: { command: 'node conformance/cli.ts --seed 1 --report-dir .mutation-suite-reports' },
  // The command runner cannot measure coverage: every mutant runs the (narrowed) command.
  coverageAnalysis: 'off',
  mutate: ['mock/pipeline/**/*.ts', '!mock/**/*.test.ts'],
  // Node 24 runs the instrumented .ts files by stripping their types; the instrumenter keeps them
  // valid TypeScript and puts `// @ts-nocheck` atop them (no type checker runs in the sandbox).
  disableTypeChecks: 'mock/**/*.ts',
  // Only what a conformance run against the mock needs is copied to the sandbox.
  ignorePatterns: ['/dist', '/test', '/examples', '/bench-results', '/.github', '/reports'],
  // The sandbox lives outside the checkout, so no test run, lint or type check of the project sees
  // its copies of the sources.
  tempDirName: join(tmpdir(), 'agent-platform-stryker'),
  cleanTempDir: 'always',
  concurrency: 1,
  // A mutant that hangs the mock makes the run exceed the initial run's time: timed out (killed).
  timeoutFactor: 2,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 10,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80 },
  plugins: [],
};

export default config;
