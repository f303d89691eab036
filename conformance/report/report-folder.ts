// Where a run's reports go: a folder of its own under the report directory (the root,
// --report-dir), named after the run's start time and seed (`2026-03-14T10-00-00Z-42`, with
// `-shard-1of2` for one slice of a split run, `-merged` for merged shards, `-2` when the name is
// taken), so no run overwrites another's reports; and a `latest` link to the newest folder: a
// symbolic link, or `latest.txt` naming the folder where the file system refuses one.
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from './run-report.ts';

export const LATEST_LINK = 'latest';
export const LATEST_FILE = 'latest.txt';

export type Symlink = (target: string, path: string, type: 'dir') => void;

/** The folder name of a run's reports: its start time (file-name safe) and seed. */
export function runFolderName(report: Pick<RunReport, 'startedAt' | 'target'>): string {
  const stamp = report.startedAt.replace(/\.\d+(?=Z$)/, '').replace(/:/g, '-');
  const t = report.target;
  const suffix = t.shard ? `-shard-${t.shard.index}of${t.shard.count}` : t.mergedShards !== undefined ? '-merged' : '';
  return `${stamp}-${t.seed}${suffix}`.replace(/[^\w.-]/g, '-');
}

/** Creates `root/name` (or `name-2`, `name-3`, … when taken) and returns its path. */
export function createRunFolder(root: string, name: string): string {
  mkdirSync(root, { recursive: true });
  for (let n = 1; ; n++) {
    const dir = join(root, n === 1 ? name : `${name}-${n}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Points `root/latest` at the folder `name` (replacing the previous link at once); returns the link or latest.txt. */
export function linkLatest(root: string, name: string, symlink: Symlink = symlinkSync): string {
  const link = join(root, LATEST_LINK);
  const temporary = join(root, `.latest-${process.pid}`);
  try {
    rmSync(temporary, { force: true });
    symlink(name, temporary, 'dir');
    renameSync(temporary, link);
    rmSync(join(root, LATEST_FILE), { force: true });
    return link;
  } catch {
    rmSync(temporary, { force: true });
    // A stale link would contradict latest.txt: remove it (only a link, never a folder).
    try {
      if (lstatSync(link).isSymbolicLink()) rmSync(link, { force: true });
    } catch {
      // No link.
    }
    const file = join(root, LATEST_FILE);
    writeFileSync(file, `${name}\n`);
    return file;
  }
}

/** The newest run folder under a report root (through `latest` or `latest.txt`), if any. */
export function latestRunDir(root: string): string | undefined {
  const link = join(root, LATEST_LINK);
  try {
    if (statSync(link).isDirectory()) return link;
  } catch {
    // No link: try latest.txt.
  }
  try {
    const name = readFileSync(join(root, LATEST_FILE), 'utf8').trim();
    if (name !== '' && statSync(join(root, name)).isDirectory()) return join(root, name);
  } catch {
    // Neither.
  }
  return undefined;
}
