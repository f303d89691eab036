// The worker's side of the live progress: every second (and when asked) it writes what the run
// has done so far (requests sent, checks with an outcome) to `progress-<pid>.json` in the run
// directory, which the CLI's progress display reads (progress.ts). Written whole to a temporary
// name and renamed, so a reader never sees half a file.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What one worker has done so far. */
export interface ProgressSnapshot {
  requests: number;
  /** Checks that recorded an outcome other than "does not apply". */
  checks: string[];
}

export const PROGRESS_PREFIX = 'progress-';
const INTERVAL_MS = 1000;

let timer: NodeJS.Timeout | undefined;

/** Writes the snapshot now. */
export function writeProgress(dir: string, activity: { requests: number; checks: ReadonlySet<string> }): void {
  const file = join(dir, `${PROGRESS_PREFIX}${process.pid}.json`);
  const snapshot: ProgressSnapshot = { requests: activity.requests, checks: [...activity.checks] };
  try {
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${file}.tmp`, file);
  } catch {
    // The run directory is gone (the run is ending): progress is best effort.
  }
}

/** Starts writing the snapshot every second, once per worker; the timer never keeps the worker alive. */
export function startProgressFile(dir: string | undefined, activity: { requests: number; checks: ReadonlySet<string> }): void {
  if (dir === undefined || timer !== undefined) return;
  timer = setInterval(() => writeProgress(dir, activity), INTERVAL_MS);
  timer.unref();
}
