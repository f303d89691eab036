// Writes a run's reports: conformance.json (everything, with the raw tallies a merge of shards
// needs), conformance.junit.xml (CI), conformance.html (one self-contained page) and
// conformance.txt (the full text summary) and conformance.sarif (SARIF 2.1.0, sarif.ts), in a folder of
// the run's own under the report directory, with a `latest` link to it (report-folder.ts;
// reports/ is git-ignored).
import { writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { consoleReport } from './console-report.ts';
import { htmlReport } from './html-report.ts';
import { junitReport } from './junit-report.ts';
import type { RunReport } from './run-report.ts';
import { createRunFolder, linkLatest, runFolderName, type Symlink } from './report-folder.ts';
import { sarifReport } from './sarif.ts';

export interface WrittenReports {
  /** The run's own folder under the report directory (report-folder.ts). */
  dir: string;
  /** The report directory's `latest` link to it (or latest.txt where links fail). */
  latest: string;
  json: string;
  junit: string;
  html: string;
  text: string;
  sarif: string;
}

/** Writes the reports to a new folder of their own under `root`, then points `root/latest` at it. */
export function writeReports(report: RunReport, root: string, symlink?: Symlink): WrittenReports {
  const out = createRunFolder(resolve(root), runFolderName(report));
  const files = {
    json: join(out, 'conformance.json'),
    junit: join(out, 'conformance.junit.xml'),
    html: join(out, 'conformance.html'),
    text: join(out, 'conformance.txt'),
    sarif: join(out, 'conformance.sarif'),
  };
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files.junit, junitReport(report));
  writeFileSync(files.html, htmlReport(report));
  writeFileSync(files.text, `${consoleReport(report)}\n`);
  writeFileSync(files.sarif, `${JSON.stringify(sarifReport(report), null, 2)}\n`);
  return { dir: out, latest: linkLatest(resolve(root), basename(out), symlink), ...files };
}
