// A Node.js older than the package supports, for the tests that run the package's entry points on
// one: the first `node` on PATH outside node_modules whose version is outside `engines` (the
// machines ship Node 20 at /usr/bin/node; the project runs on its own Node 24).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { isSupportedNode } from '../../bin/node-version.ts';

export interface OldNode {
  path: string;
  version: string;
}

export function findOldNode(): OldNode | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !dir.split(sep).includes('node_modules'));
  for (const dir of [...dirs, '/usr/bin', '/usr/local/bin']) {
    const path = join(dir, 'node');
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
    if (!isSupportedNode(version)) return { path, version };
  }
  return undefined;
}
