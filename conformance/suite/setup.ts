// Runs before each suite file: after the file, its findings and tallies go to the run directory,
// where the CLI collects them into the reports, and the live progress is brought up to date.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { recorder } from '../record/recorder.ts';
import { writeProgress } from '../run/progress-file.ts';
import { RUN_DIR_ENV } from '../target/target.ts';

let flushes = 0;

afterAll(() => {
  const dir = process.env[RUN_DIR_ENV];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  flushes++;
  writeFileSync(join(dir, `results-${process.pid}-${Date.now()}-${flushes}.json`), JSON.stringify(recorder.drain()));
  // The live progress sees the file's last requests and checks at once, not at the next tick.
  writeProgress(dir, recorder.activity);
});
