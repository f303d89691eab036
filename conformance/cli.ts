// `npm run conformance`: certifies a deployment (--base-url, --token) or, with no base URL, the
// mock it starts. Runs the suite (vitest, fast-check, undici) with a live progress line on stderr,
// prints a concise summary and writes JSON, JUnit XML, HTML and text reports, with a verdict per
// catalogue rule (rules/catalogue.ts). Exit code 0 (PASS) only when no rule was violated at the
// --fail-on label and every rule the mode and parts cover was exercised and decided; 1 FAIL; 2 a
// usage mistake (a plain-HTTP target that is not loopback without --allow-http among them); 3
// INCOMPLETE (report/run-report.ts); 4 the target cannot be reached or is not this API (run/preflight.ts,
// checked before the suite runs). `--dry-run` prints the plan and sends nothing; `--shard i/n`
// runs one slice of the run; `merge <reports...>` merges the shards' reports into one. Every write
// is in the run's ledger (record/ledger.ts): what the suite left is deleted at the end, and a run
// stopped by SIGINT or SIGTERM undoes it before it exits (130 or 143), writing the ledger.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSuiteContract } from './contract/load.ts';
import { ledgerProgressLine, ledgerText } from './record/ledger.ts';
import { annotationFormat, githubAnnotations } from './report/annotations.ts';
import { consoleSummary } from './report/console-summary.ts';
import { applyBaseline, type BaselineEntry, BaselineError, baselineFromReport, loadBaseline, today, writeBaseline } from './record/baseline.ts';
import { withCoverage } from './report/coverage.ts';
import { buildReport, EXIT_CODES, readRecorded } from './report/run-report.ts';
import { writeReports } from './report/write-reports.ts';
import { buildTarget } from './run/build-target.ts';
import { dryRunText } from './run/dry-run.ts';
import { stopWorkers } from './run/interrupt.ts';
import { mergeShardReports, mergeUsage, parseMergeOptions } from './run/merge-command.ts';
import { parseOptions, type RunOptions, UsageError, usage } from './run/options.ts';
import { checkMockControl, checkTarget, PREFLIGHT_EXIT_CODE, PreflightError } from './run/preflight.ts';
import { PER_OPERATION_PARTS, runPlan } from './run/plan.ts';
import { ProgressReporter } from './run/progress.ts';
import { runSuite } from './run/run-suite.ts';
import { settleLedger } from './run/undo.ts';
import { RUN_DIR_ENV, TARGET_ENV } from './target/target.ts';

/** `merge <reports...>`: the merged report of a split run's shards. */
function merge(argv: string[]): number {
  const options = parseMergeOptions(argv, process.env);
  const report = mergeShardReports(options.inputs);
  const files = writeReports(report, options.reportDir);
  console.log(consoleSummary(report, files));
  if (annotationFormat(undefined, process.env) === 'github') for (const line of githubAnnotations(report)) console.log(line);
  return EXIT_CODES[report.verdict];
}

/** `--dry-run`: what the run would do, against which target; nothing is started or sent. */
async function dryRun(options: RunOptions): Promise<number> {
  let target = 'the mock, started by the run (its tenant URL is known once it starts; none is started now)';
  if (options.baseUrl !== undefined) {
    // The same usage checks as a run (costs, plain HTTP); a mock's control API is not asked, and
    // no token is needed since nothing is sent (a placeholder stands in; it is never printed).
    if (!options.mockControl) await buildTarget({ ...options, token: options.token ?? 'dry-run-sends-nothing' });
    target = `${options.baseUrl}${options.mockControl ? ` (a mock behind it, control ${options.mockControl}, not asked now)` : ''}`;
  }
  const mode = options.mode ?? (options.baseUrl === undefined ? 'full' : 'readonly');
  const isMock = options.baseUrl === undefined || options.mockControl !== undefined;
  const plan = runPlan(loadSuiteContract(), { ...options, mode, isMock, stress: options.stress || isMock });
  console.log(dryRunText(plan, target, loadSuiteContract()));
  if (options.baseUrl !== undefined && options.token === undefined && !options.mockControl) {
    console.log('token: none given; a dry run needs none, a run needs --token or CONFORMANCE_TOKEN');
  }
  return 0;
}

async function run(options: RunOptions): Promise<number> {
  // A baseline that does not parse, or names an unknown rule or operation, is a usage mistake before anything is sent.
  let baseline: BaselineEntry[] | undefined;
  try {
    baseline = options.baseline === undefined ? undefined : loadBaseline(options.baseline, new Set(loadSuiteContract().operations.map((o) => o.operationId)));
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(error.message);
    throw error;
  }
  // An unreachable target, or one that is not this API, stops here with one message (preflight.ts).
  if (options.mockControl) await checkMockControl(options.mockControl);
  const { target, mock } = await buildTarget(options);
  if (mock === undefined) await checkTarget(target, loadSuiteContract());
  const runDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const started = Date.now();
  const contract = loadSuiteContract();
  const meta = () => ({
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
  let progress: ProgressReporter | undefined;
  let ledgerWatch: NodeJS.Timeout | undefined;
  let stopping = false;
  // A run stopped by SIGINT or SIGTERM stops its workers once their writes in flight are answered,
  // undoes what the ledger shows outstanding, writes the reports with the ledger, prints what is
  // left and stops the mock it started. vitest's own handler exits the process a moment after the
  // signal, so process.exit waits until the undo is done.
  const exit = process.exit.bind(process);
  const interrupted = async (signal: NodeJS.Signals): Promise<void> => {
    clearInterval(ledgerWatch);
    progress?.stop();
    console.error(`\n${signal}: stopping the suite, then undoing what it created`);
    await stopWorkers(runDir);
    const ledgerReport = await settleLedger(runDir, target, contract, signal);
    const report = buildReport(readRecorded(runDir), { tests: [], fileErrors: [{ file: '(run)', message: `interrupted by ${signal} before the suite ended` }] }, meta());
    report.ledger = ledgerReport;
    const files = writeReports(report, options.reportDir);
    console.log(ledgerText(ledgerReport).join('\n'));
    console.log(`reports: ${files.json}`);
    await mock?.stop();
    rmSync(runDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.exit = ((code?: number) => {
      if (code !== undefined) process.exitCode = code;
    }) as typeof process.exit;
    interrupted(signal)
      .catch((error: unknown) => console.error(error))
      .finally(() => exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const never = new Promise<never>(() => {});
  try {
    writeFileSync(join(runDir, 'target.json'), JSON.stringify(target));
    process.env[TARGET_ENV] = join(runDir, 'target.json');
    process.env[RUN_DIR_ENV] = runDir;
    if (!options.quiet) {
      const shard = target.shard ? `, shard ${target.shard.index}/${target.shard.count}` : '';
      console.error(`Conformance suite: ${target.baseUrl}, mode ${target.mode}, profile ${target.profile}, fail on ${target.failOn}, seed ${target.seed}${shard}`);
      // The ledger's running count of writes, printed when it changes.
      let shown = '';
      ledgerWatch = setInterval(() => {
        const line = ledgerProgressLine(runDir);
        if (line === undefined || line === shown || stopping) return;
        shown = line;
        process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}${line}\n`);
      }, 1000);
      ledgerWatch.unref();
    }
    const plan = runPlan(contract, target);
    progress = new ProgressReporter({
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
    } catch (error) {
      if (stopping) return await never;
      throw error;
    } finally {
      clearInterval(ledgerWatch);
      progress.stop();
    }
    if (stopping) return await never;
    // What the suite created and did not delete again is deleted now; the ledger says what is left.
    const ledgerReport = await settleLedger(runDir, target, contract);
    if (stopping) return await never;
    let report = buildReport(readRecorded(runDir), vitest, meta());
    report.ledger = ledgerReport;
    const day = today();
    // Known failures (--baseline), then coverage and the --min-coverage gate.
    if (options.baseline !== undefined && baseline) report = applyBaseline(report, baseline, options.baseline, day);
    report = withCoverage(report, contract.operations, options.minCoverage);
    const files = writeReports(report, options.reportDir);
    console.log(consoleSummary(report, files));
    if (options.writeBaseline !== undefined) {
      const entries = baselineFromReport(report, day, baseline);
      writeBaseline(options.writeBaseline, entries);
      console.log(`baseline of this run's ${entries.length} failing rule/operation pair(s) written to ${options.writeBaseline}: fill in reason and owner`);
    }
    if (options.annotations === 'github') for (const line of githubAnnotations(report)) console.log(line);
    return EXIT_CODES[report.verdict];
  } finally {
    if (!stopping) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await mock?.stop();
      rmSync(runDir, { recursive: true, force: true });
    }
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
    if (error instanceof PreflightError) {
      console.error(`Target check failed, nothing was tested: ${error.message}`);
      return PREFLIGHT_EXIT_CODE;
    }
    throw error;
  }
}

process.exitCode = await main();
