// `npm run conformance`: certifies a deployment (--base-url, --token) or, with no base URL, the
// mock it starts. Runs the suite (vitest, fast-check, undici) with a live progress line on stderr,
// prints a concise summary and writes JSON, JUnit XML, HTML and text reports, with a verdict per
// catalogue rule (rules/catalogue.ts). Exit code 0 (PASS) only when no rule was violated at the
// --fail-on label and every rule the mode and parts cover was exercised and decided; 1 FAIL; 2 a
// usage mistake (a plain-HTTP target that is not loopback without --allow-http among them); 3
// INCOMPLETE (report/run-report.ts). `--dry-run` prints the plan and sends nothing; `--shard i/n`
// runs one slice of the run; `merge <reports...>` merges the shards' reports into one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSuiteContract } from './contract/load.ts';
import { consoleSummary } from './report/console-summary.ts';
import { buildReport, EXIT_CODES, readRecorded } from './report/run-report.ts';
import { writeReports } from './report/write-reports.ts';
import { buildTarget } from './run/build-target.ts';
import { dryRunText } from './run/dry-run.ts';
import { mergeShardReports, mergeUsage, parseMergeOptions } from './run/merge-command.ts';
import { parseOptions, type RunOptions, UsageError, usage } from './run/options.ts';
import { PER_OPERATION_PARTS, runPlan } from './run/plan.ts';
import { ProgressReporter } from './run/progress.ts';
import { runSuite } from './run/run-suite.ts';
import { RUN_DIR_ENV, TARGET_ENV } from './target/target.ts';

/** `merge <reports...>`: the merged report of a split run's shards. */
function merge(argv: string[]): number {
  const options = parseMergeOptions(argv, process.env);
  const report = mergeShardReports(options.inputs);
  const files = writeReports(report, options.reportDir);
  console.log(consoleSummary(report, files));
  return EXIT_CODES[report.verdict];
}

/** `--dry-run`: what the run would do, against which target; nothing is started or sent. */
async function dryRun(options: RunOptions): Promise<number> {
  let target = 'the mock, started by the run (its tenant URL is known once it starts; none is started now)';
  if (options.baseUrl !== undefined) {
    // The same usage checks as a run (token, costs, plain HTTP); a mock's control API is not asked.
    if (!options.mockControl) await buildTarget(options);
    target = `${options.baseUrl}${options.mockControl ? ` (a mock behind it, control ${options.mockControl}, not asked now)` : ''}`;
  }
  const mode = options.mode ?? (options.baseUrl === undefined ? 'full' : 'readonly');
  const isMock = options.baseUrl === undefined || options.mockControl !== undefined;
  const plan = runPlan(loadSuiteContract(), { ...options, mode, isMock, stress: options.stress || isMock });
  console.log(dryRunText(plan, target));
  return 0;
}

async function run(options: RunOptions): Promise<number> {
  const { target, mock } = await buildTarget(options);
  // A run stopped by a signal still stops the mock it started.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void mock?.stop().finally(() => process.exit(130));
    });
  }
  const runDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const started = Date.now();
  try {
    writeFileSync(join(runDir, 'target.json'), JSON.stringify(target));
    process.env[TARGET_ENV] = join(runDir, 'target.json');
    process.env[RUN_DIR_ENV] = runDir;
    if (!options.quiet) {
      const shard = target.shard ? `, shard ${target.shard.index}/${target.shard.count}` : '';
      console.error(`Conformance suite: ${target.baseUrl}, mode ${target.mode}, profile ${target.profile}, fail on ${target.failOn}, seed ${target.seed}${shard}`);
    }
    const contract = loadSuiteContract();
    const plan = runPlan(contract, target);
    const progress = new ProgressReporter({
      totals: {
        parts: target.parts,
        operations: plan.operations.length,
        perOperationParts: PER_OPERATION_PARTS.filter((p) => target.parts.includes(p)),
        expectedTests: plan.expectedTests,
        ruleIds: plan.rulesRun.map((r) => r.id),
      },
      runDir,
      operationIds: contract.byId,
      stream: process.stderr,
      quiet: options.quiet,
    });
    let vitest: Awaited<ReturnType<typeof runSuite>>;
    try {
      vitest = await runSuite(target.parts, options.only, progress);
    } finally {
      progress.stop();
    }
    const report = buildReport(readRecorded(runDir), vitest, {
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      target: {
        baseUrl: target.baseUrl,
        mode: target.mode,
        profile: target.profile,
        parts: target.parts,
        seed: target.seed,
        mock: target.isMock && mock !== undefined,
        faults: options.faults,
        failOn: target.failOn,
        ...(options.only !== undefined ? { only: options.only } : {}),
        ...(target.checks ? { checks: target.checks } : {}),
        ...(target.shard ? { shard: target.shard } : {}),
        ...(target.stress ? { stress: true } : {}),
      },
    });
    const files = writeReports(report, options.reportDir);
    console.log(consoleSummary(report, files));
    return EXIT_CODES[report.verdict];
  } finally {
    await mock?.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const merging = argv[0] === 'merge';
  try {
    if (merging) return merge(argv.slice(1));
    const options = parseOptions(argv, process.env);
    if (options.help) {
      console.log(usage());
      return 0;
    }
    return options.dryRun ? await dryRun(options) : await run(options);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${merging ? mergeUsage() : usage()}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main();
