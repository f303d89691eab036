// `npm run conformance`: certifies a deployment (--base-url, --token) or, with no base URL, the
// mock it starts. Runs the suite (vitest, fast-check, undici), prints the summary and writes
// JSON, JUnit XML and text reports, with a verdict per catalogue rule (rules/catalogue.ts). Exit
// code 0 (PASS) only when no rule was violated at the --fail-on label and every rule the mode and
// parts cover was exercised and decided; 1 FAIL; 2 a usage mistake (a plain-HTTP target that is
// not loopback without --allow-http among them); 3 INCOMPLETE (report/run-report.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReport, EXIT_CODES, readRecorded } from './report/run-report.ts';
import { consoleReport } from './report/console-report.ts';
import { writeReports } from './report/write-reports.ts';
import { buildTarget } from './run/build-target.ts';
import { parseOptions, type RunOptions, UsageError, usage } from './run/options.ts';
import { runSuite } from './run/run-suite.ts';
import { RUN_DIR_ENV, TARGET_ENV } from './target/target.ts';

async function main(): Promise<number> {
  let options: RunOptions;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage()}`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    console.log(usage());
    return 0;
  }

  let built: Awaited<ReturnType<typeof buildTarget>>;
  try {
    built = await buildTarget(options);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage()}`);
      return 2;
    }
    throw error;
  }
  const { target, mock } = built;
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
    if (!options.quiet) console.log(`Conformance suite: ${target.baseUrl}, mode ${target.mode}, profile ${target.profile}, fail on ${target.failOn}, seed ${target.seed}`);
    const vitest = await runSuite(target.parts, options.only, options.quiet);
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
      },
    });
    const files = writeReports(report, options.reportDir);
    console.log(consoleReport(report));
    console.log(`\nreports: ${files.json}\n         ${files.junit}\n         ${files.text}`);
    return EXIT_CODES[report.verdict];
  } finally {
    await mock?.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
