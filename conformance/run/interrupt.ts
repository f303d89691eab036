// Stopping a run's suite workers when the run is interrupted: the stop file tells every worker to
// send nothing more, and each worker known from its files in the run directory (progress-<pid>.json,
// ledger-<pid>.jsonl) gets SIGTERM, lets its writes in flight be answered and written to the
// ledger, and exits (record/ledger.ts); one that has not exited after a minute is killed.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LEDGER_PREFIX, STOP_FILE } from '../record/ledger.ts';
import { PROGRESS_PREFIX } from './progress-file.ts';

const EXIT_WAIT_MS = 60_000;

function workerPids(runDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(runDir);
  } catch {
    return [];
  }
  const pids = new Set<number>();
  for (const name of names) {
    const match = new RegExp(`^(?:${PROGRESS_PREFIX}|${LEDGER_PREFIX})(\\d+)\\.json`).exec(name);
    const pid = match ? Number(match[1]) : Number.NaN;
    if (Number.isInteger(pid) && pid !== process.pid) pids.add(pid);
  }
  return [...pids];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function stopWorkers(runDir: string): Promise<void> {
  try {
    writeFileSync(join(runDir, STOP_FILE), '');
  } catch {
    return;
  }
  const pids = workerPids(runDir);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  const end = Date.now() + EXIT_WAIT_MS;
  for (const pid of pids) {
    while (alive(pid)) {
      if (Date.now() > end) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
        break;
      }
      await sleep(50);
    }
  }
}
