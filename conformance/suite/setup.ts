// Runs before each suite file: after the file, its findings and tallies go to the run directory,
// where the CLI collects them into the reports.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { recorder } from '../record/recorder.ts';
import { RUN_DIR_ENV } from '../target/target.ts';

let flushes = 0;

afterAll(() => {
  const dir = process.env[RUN_DIR_ENV];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  flushes++;
  writeFileSync(join(dir, `results-${process.pid}-${Date.now()}-${flushes}.json`), JSON.stringify(recorder.drain()));
});
