// The conformance suite's own vitest configuration, used by conformance/cli.ts: one worker, files
// one after the other and modules shared between them, so one paced client serves the whole run.
// From the compiled package (dist/) the suite's files are .js.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { MODULE_EXT } from './module-ext.ts';

export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    include: [`conformance/suite/**/*.test.${MODULE_EXT}`],
    setupFiles: [`conformance/suite/setup.${MODULE_EXT}`],
    pool: 'forks',
    fileParallelism: false,
    isolate: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 120_000,
    sequence: { shuffle: false },
  },
});
