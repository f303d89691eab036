// `conformance/cli.ts merge <dir-or-files...> [--report-dir DIR] [--quiet]`: reads the JSON
// reports of a split run's shards (a directory stands for its conformance.json, a
// report root for its latest run's), merges them
// (report/merge-reports.ts) and writes the merged reports (JSON, JUnit, HTML, text) like a run.
// Exit code: the merged verdict's (0 PASS, 1 FAIL, 3 INCOMPLETE), 2 for a usage mistake (no
// report, an unreadable one, shards missing or from different runs).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MergeError, mergeReports } from '../report/merge-reports.ts';
import { latestRunDir } from '../report/report-folder.ts';
import type { RunReport } from '../report/run-report.ts';
import { UsageError } from './options.ts';

export interface MergeOptions {
  inputs: string[];
  reportDir: string;
  quiet: boolean;
}

export function mergeUsage(): string {
  return 'Usage: npm run conformance -- merge <shard report dirs or conformance.json files...> [--report-dir DIR] [--quiet]\n\nMerges the reports of --shard 1/n … n/n (same options and seed) into one report with the verdict a single run would give.';
}

export function parseMergeOptions(argv: string[], env: NodeJS.ProcessEnv): MergeOptions {
  let parsed: ReturnType<typeof parseArgs<{ options: { 'report-dir': { type: 'string' }; quiet: { type: 'boolean' } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: { 'report-dir': { type: 'string' }, quiet: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length === 0) throw new UsageError('merge: name the shard reports (directories or conformance.json files)');
  return {
    inputs: parsed.positionals,
    reportDir: parsed.values['report-dir'] ?? env.CONFORMANCE_REPORT_DIR ?? 'reports/conformance',
    quiet: parsed.values.quiet === true,
  };
}

/** A directory stands for the conformance.json in it, or a report root for its latest run's. */
function reportFileOf(input: string): string {
  if (!existsSync(input) || !statSync(input).isDirectory()) return input;
  const direct = join(input, 'conformance.json');
  if (existsSync(direct)) return direct;
  const latest = latestRunDir(input);
  return latest === undefined ? direct : join(latest, 'conformance.json');
}

/** Reads each shard's report; a directory stands for the conformance.json in it (or its latest run's). */
export function readShardReports(inputs: readonly string[]): RunReport[] {
  return inputs.map((input) => {
    const file = reportFileOf(input);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as RunReport;
    } catch (error) {
      throw new UsageError(`merge: cannot read ${file}: ${(error as Error).message}`);
    }
  });
}

export function mergeShardReports(inputs: readonly string[]): RunReport {
  try {
    return mergeReports(readShardReports(inputs));
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(`merge: ${error.message}`);
    throw error;
  }
}
