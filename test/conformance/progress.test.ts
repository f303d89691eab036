// The live progress (run/progress-state.ts, run/progress.ts): parts, operations, rules exercised,
// tests, requests, elapsed and an estimate of the time left; a line every few seconds and one at
// the end when stderr is not a terminal, a redrawn line cleared at the end on a terminal, nothing
// with --quiet. A run prints it on stderr and keeps vitest's own reporter quiet.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProgress } from '../../conformance/run/progress-file.ts';
import { ProgressState, formatDuration, progressLine } from '../../conformance/run/progress-state.ts';
import { ProgressReporter } from '../../conformance/run/progress.ts';
import { runCli } from './run-cli.ts';

const OPERATIONS = new Set(['listCalls', 'getFlow']);
const totals = {
  parts: ['operations', 'time'] as const,
  operations: 2,
  perOperationParts: ['operations'] as const,
  expectedTests: { operations: 4, time: 3 },
  ruleIds: ['time.response-zone-header', 'errors.shape', 'auth.missing-token-401'],
};

/** A stream that keeps what is written, as a terminal or not. */
function fakeStream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const stream = { isTTY, columns: 200, text: '', write(chunk: string) { stream.text += chunk; return true; } };
  return stream as unknown as NodeJS.WriteStream & { text: string };
}

describe('progress figures', () => {
  it('count the expected tests of a part until vitest collects it, operations done once all their tests are, and rules by the checks exercised', () => {
    const state = new ProgressState({ ...totals, parts: [...totals.parts], perOperationParts: [...totals.perOperationParts] }, 0);
    expect(state.figures(1000, OPERATIONS)).toMatchObject({ parts: 2, partsDone: 0, operations: 2, operationsDone: 0, tests: 7, testsDone: 0, rules: 3, rulesExercised: 0, remainingMs: undefined });
    state.collect('operations');
    for (const [id, name] of [['a', 'listCalls'], ['b', 'listCalls'], ['c', 'getFlow'], ['d', 'getFlow']]) state.plan(id as string, name as string);
    state.finish('a');
    state.finish('b');
    state.finish('c');
    state.observe(42, ['timezone-header', 'error-shape']);
    const f = state.figures(3000, OPERATIONS);
    expect(f).toMatchObject({ operationsDone: 1, tests: 7, testsDone: 3, requests: 42, rulesExercised: 2, elapsedMs: 3000, remainingMs: 4000 });
    state.finish('d');
    state.finishPart('operations');
    expect(state.figures(4000, OPERATIONS)).toMatchObject({ partsDone: 1, operationsDone: 2, testsDone: 4 });
    expect(progressLine(state.figures(4000, OPERATIONS))).toBe('parts 1/2 · operations 2/2 · rules 2/3 exercised · tests 4/7 · 42 requests · 4s elapsed · ~3s left');
  });

  it('format durations as minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(42_400)).toBe('42s');
    expect(formatDuration(65_000)).toBe('1m05s');
  });
});

describe('the progress display', () => {
  const runDir = mkdtempSync(join(tmpdir(), 'progress-'));

  it("reads the worker's progress file for requests and checks", () => {
    writeProgress(runDir, { requests: 17, checks: new Set(['timezone-header']) });
    writeFileSync(join(runDir, 'progress-999.json.tmp'), '{half');
    const reporter = new ProgressReporter({ totals: { ...totals, parts: [...totals.parts], perOperationParts: [...totals.perOperationParts] }, runDir, operationIds: OPERATIONS, stream: fakeStream(false), quiet: false });
    expect(reporter.line()).toMatch(/^conformance: parts 0\/2 · operations 0\/2 · rules 1\/3 exercised · tests 0\/7 · 17 requests · \d+s elapsed · estimating time left$/);
  });

  it('prints a last line when the stream is a log, clears its line on a terminal, and prints nothing with --quiet', () => {
    const base = { totals: { ...totals, parts: [...totals.parts], perOperationParts: [...totals.perOperationParts] }, runDir, operationIds: OPERATIONS };
    const log = fakeStream(false);
    const logged = new ProgressReporter({ ...base, stream: log, quiet: false });
    logged.onTestRunStart();
    logged.stop();
    expect(log.text).toMatch(/^conformance: parts 0\/2 .* requests .*\n$/);
    const tty = fakeStream(true);
    const drawn = new ProgressReporter({ ...base, stream: tty, quiet: false });
    drawn.onTestRunStart();
    drawn.stop();
    expect(tty.text).toBe('');
    const silent = fakeStream(false);
    const quiet = new ProgressReporter({ ...base, stream: silent, quiet: true });
    quiet.onTestRunStart();
    quiet.stop();
    expect(silent.text).toBe('');
    rmSync(runDir, { recursive: true, force: true });
  });
});

describe('a run', () => {
  it('shows the progress on stderr, none of vitest’s own reporter, and a concise summary naming the rules not verified and the reports', async () => {
    const run = await runCli(['--parts', 'tls,time', '--profile', 'quick', '--seed', '3'], 170_000, process.env, { quiet: false });
    expect(run.report, run.output.slice(-3000)).toBeDefined();
    expect(run.output).toMatch(/^conformance: parts 2\/2 · operations 0\/0 · rules \d+\/\d+ exercised · tests \d+\/\d+ · \d+ requests · \S+ elapsed · /m);
    // vitest's reporters print RUN, Test Files, Duration and ✓ lines: none of them here.
    expect(run.output).not.toMatch(/Test Files|RUN {2}v|Duration {2}/);
    expect(run.output).toMatch(/^(PASS|FAIL|INCOMPLETE): \d+ failed/m);
    expect(run.output).toMatch(/^RULES NOT VERIFIED/m);
    expect(run.output).toMatch(/- auth\.missing-token-401\s+not run .*part auth not selected/);
    expect(run.output).toMatch(/^reports: .*conformance\.json\n\s+.*conformance\.junit\.xml\n\s+.*conformance\.html\n\s+.*conformance\.txt$/m);
    // The full matrix stays in the text report.
    expect(run.output).not.toMatch(/^legend: /m);
    expect(run.reportFiles).toMatch(/^legend: /m);
  }, 180_000);
});
