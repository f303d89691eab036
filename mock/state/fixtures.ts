// Fixture sets live in fixtures/<set>/*.json, one workspace state per file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { WorkspaceState } from './workspace.ts';

export const FIXTURES_DIR = resolve(import.meta.dirname, '../../fixtures');

export function loadFixtureSet(name: string, dir = FIXTURES_DIR): WorkspaceState[] {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid fixture set name "${name}"`);
  const folder = join(dir, name);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as WorkspaceState);
}
