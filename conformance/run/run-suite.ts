// Runs the suite's vitest files (conformance/suite/<part>.test.ts) in this process with the
// suite's own config and the given reporter in place of vitest's own (the CLI's live progress),
// and returns what vitest saw: each test's outcome and errors outside tests.
import { resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import type { Reporter } from 'vitest/node';
import { MODULE_EXT } from '../module-ext.ts';
import type { SuitePart } from '../target/target.ts';
import { collectResults } from './vitest-results.ts';

export const SUITE_CONFIG = resolve(import.meta.dirname, `../vitest.config.${MODULE_EXT}`);
const ROOT = resolve(import.meta.dirname, '../..');

export interface VitestTestResult {
  fullName: string;
  title: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending';
  failureMessages: string[];
}

export interface VitestResults {
  tests: VitestTestResult[];
  /** Errors outside any test (a suite file that failed to load, an unhandled error). */
  fileErrors: Array<{ file: string; message: string }>;
}

export async function runSuite(parts: SuitePart[], only: string | undefined, reporter: Reporter): Promise<VitestResults> {
  const filters = parts.map((p) => `conformance/suite/${p}.test.${MODULE_EXT}`);
  const vitest = await startVitest('test', filters, {
    config: SUITE_CONFIG,
    root: ROOT,
    watch: false,
    run: true,
    reporters: [reporter],
    passWithNoTests: true,
    ...(only ? { testNamePattern: only } : {}),
  });
  const results = collectResults(vitest);
  await vitest.close();
  return results;
}
