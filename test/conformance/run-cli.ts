// Runs `node conformance/cli.ts` as a child process, as CI and QA teams do, and reads the JSON
// report it writes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { latestRunDir } from '../../conformance/report/report-folder.ts';
import type { RunReport } from '../../conformance/report/run-report.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'conformance', 'cli.ts');

export interface CliRun {
  code: number | null;
  output: string;
  report: RunReport | undefined;
  /** The text of every report file the run wrote (JSON, JUnit XML, text). */
  reportFiles: string;
  wallMs: number;
}

/**
 * A safety net for a CLI run that hangs, never a judgement on its speed: generous enough for a run
 * on a loaded 2-core machine (two test runs at once). A test that runs the CLI gives itself
 * CLI_TEST_MS, so the run's own time-out (which prints the CLI's output) fires first.
 */
export const CLI_SAFETY_MS = 420_000;
export const CLI_TEST_MS = CLI_SAFETY_MS + 60_000;

/** Runs the CLI with a fresh report directory (the run's reports read through its `latest` link); `quiet: false` keeps the live progress (on stderr, in `output`). */
export function runCli(args: string[], timeoutMs = CLI_SAFETY_MS, env: NodeJS.ProcessEnv = process.env, { quiet = true }: { quiet?: boolean } = {}): Promise<CliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, '--report-dir', reportDir, ...(quiet ? ['--quiet'] : [])], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the conformance CLI did not finish within ${timeoutMs} ms:\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      // The run's reports are in a folder of its own under the report directory, behind `latest`.
      const runDir = latestRunDir(reportDir);
      let report: RunReport | undefined;
      try {
        report = runDir === undefined ? undefined : (JSON.parse(readFileSync(join(runDir, 'conformance.json'), 'utf8')) as RunReport);
      } catch {
        report = undefined;
      }
      const reportFiles = runDir === undefined ? '' : readdirSync(runDir)
        .map((name) => readFileSync(join(runDir, name), 'utf8'))
        .join('\n');
      rmSync(reportDir, { recursive: true, force: true });
      resolvePromise({ code, output, report, reportFiles, wallMs: Date.now() - started });
    });
  });
}

/** Failing checks of a report, by name, with how often each failed. */
export function failedChecks(report: RunReport): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, tally] of Object.entries(report.tallies)) {
    if (tally.fail === 0) continue;
    const check = key.slice(key.indexOf('\u0000') + 1);
    out[check] = (out[check] ?? 0) + tally.fail;
  }
  return out;
}

/** A run against the mock with `fault` fails, and its report names `check`; returns the report. */
export function expectFailureNaming(run: CliRun, fault: string, check: string): RunReport | undefined {
  const report = run.report;
  expect(report, run.output.slice(-3000)).toBeDefined();
  if (!report) return undefined;
  expect(run.code).toBe(1);
  expect(report.verdict).toBe('fail');
  expect(report.target.faults).toEqual([fault]);
  expect(Object.keys(failedChecks(report))).toContain(check);
  return report;
}
