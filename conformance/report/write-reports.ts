// Writes a run's reports: conformance.json (everything, with the raw tallies a merge of shards
// needs), conformance.junit.xml (CI), conformance.html (one self-contained page) and
// conformance.txt (the full text summary), under the report directory (reports/ is git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { consoleReport } from './console-report.ts';
import { htmlReport } from './html-report.ts';
import { junitReport } from './junit-report.ts';
import type { RunReport } from './run-report.ts';

export interface WrittenReports {
  json: string;
  junit: string;
  html: string;
  text: string;
}

export function writeReports(report: RunReport, dir: string): WrittenReports {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const files = {
    json: join(out, 'conformance.json'),
    junit: join(out, 'conformance.junit.xml'),
    html: join(out, 'conformance.html'),
    text: join(out, 'conformance.txt'),
  };
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files.junit, junitReport(report));
  writeFileSync(files.html, htmlReport(report));
  writeFileSync(files.text, `${consoleReport(report)}\n`);
  return files;
}
