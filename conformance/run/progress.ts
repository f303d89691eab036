// The live progress of a run, on stderr: a vitest reporter in the CLI's process that takes the
// suite's tests as vitest collects them and their results as they finish, and reads the worker's
// progress file (progress-file.ts) for the requests sent and the checks exercised. On a terminal
// one line is redrawn twice a second and cleared at the end; otherwise (CI logs) a line is
// printed every few seconds and once at the end. It replaces vitest's own reporters, so the run prints nothing else
// until the summary; with --quiet it prints one line a minute (a heartbeat: a CI log shows the run
// is alive) and nothing at the end.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { PROGRESS_PREFIX, type ProgressSnapshot } from './progress-file.ts';
import { ProgressState, type ProgressTotals, progressLine } from './progress-state.ts';
import { testOperation } from './shard.ts';
import { PARTS, type SuitePart } from '../target/target.ts';

/** The part a suite file is (conformance/suite/<part>.test.ts, or .js when built). */
function partOf(moduleId: string): SuitePart | undefined {
  const name = /\/([^/]+)\.test\.[cm]?[jt]s$/.exec(moduleId)?.[1];
  return PARTS.find((p) => p === name);
}

const TTY_INTERVAL_MS = 500;
const LOG_INTERVAL_MS = 5000;
/** With --quiet: a progress line this often. */
export const QUIET_HEARTBEAT_MS = 60_000;

export interface ProgressOptions {
  totals: ProgressTotals;
  runDir: string;
  operationIds: { has(id: string): boolean };
  /** Where the line goes (stderr); `isTTY` picks the redrawn line or the periodic log line. */
  stream: NodeJS.WriteStream;
  /** --quiet: no live line, only a heartbeat line every `heartbeatMs`. */
  quiet: boolean;
  /** The heartbeat's interval with --quiet (default QUIET_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

export class ProgressReporter implements Reporter {
  private readonly state: ProgressState;
  private timer: NodeJS.Timeout | undefined;
  private shown = false;

  private readonly options: ProgressOptions;

  constructor(options: ProgressOptions) {
    this.options = options;
    this.state = new ProgressState(options.totals, Date.now());
  }

  onTestRunStart(): void {
    if (this.options.quiet) {
      this.timer = setInterval(() => this.options.stream.write(`${this.line()}\n`), this.options.heartbeatMs ?? QUIET_HEARTBEAT_MS);
      this.timer.unref();
      return;
    }
    const interval = this.options.stream.isTTY ? TTY_INTERVAL_MS : LOG_INTERVAL_MS;
    this.timer = setInterval(() => this.draw(), interval);
    this.timer.unref();
  }

  onTestModuleCollected(module: TestModule): void {
    const part = partOf(module.moduleId);
    if (part) this.state.collect(part);
    for (const test of module.children.allTests()) {
      if (test.options.mode === 'skip' || test.options.mode === 'todo') continue;
      this.state.plan(test.id, testOperation(test.name, this.options.operationIds) ?? test.name);
    }
  }

  onTestCaseResult(test: TestCase): void {
    this.state.finish(test.id);
  }

  onTestModuleEnd(module: TestModule): void {
    const part = partOf(module.moduleId);
    if (part) this.state.finishPart(part);
  }

  onTestRunEnd(): void {
    this.stop();
  }

  /** Stops the display: clears a redrawn line, or (a log) prints the last figures once. */
  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.options.quiet) return;
    if (this.options.stream.isTTY) {
      if (this.shown) this.options.stream.write('\r\u001b[2K');
    } else this.options.stream.write(`${this.line()}\n`);
    this.shown = false;
  }

  /** The current line (also what the display prints). */
  line(now = Date.now()): string {
    this.readWorkers();
    return `conformance: ${progressLine(this.state.figures(now, this.options.operationIds))}`;
  }

  private draw(): void {
    const text = this.line();
    if (this.options.stream.isTTY) {
      const width = this.options.stream.columns || 160;
      this.options.stream.write(`\r\u001b[2K${text.slice(0, Math.max(20, width - 1))}`);
    } else this.options.stream.write(`${text}\n`);
    this.shown = true;
  }

  private readWorkers(): void {
    let requests = 0;
    const checks = new Set<string>();
    let names: string[];
    try {
      names = readdirSync(this.options.runDir).filter((n) => n.startsWith(PROGRESS_PREFIX) && n.endsWith('.json'));
    } catch {
      return;
    }
    for (const name of names) {
      try {
        const snapshot = JSON.parse(readFileSync(join(this.options.runDir, name), 'utf8')) as ProgressSnapshot;
        requests += snapshot.requests;
        for (const check of snapshot.checks) checks.add(check);
      } catch {
        // A file being replaced: the next tick reads it.
      }
    }
    this.state.observe(requests, checks);
  }
}
