// The fixture sets bundled into the core (generated/fixtures-data.ts, from fixtures/<set>/*.json):
// what a mock starts from when it is given no fixtures, in Node and in a browser alike.
// state/fixtures.ts reads a set from a folder instead (the CLI's --fixtures).
import { FIXTURE_SETS } from '../../generated/fixtures-data.ts';
import type { WorkspaceState } from './workspace.ts';

/** The names of the bundled sets. */
export function bundledFixtureSets(): string[] {
  return Object.keys(FIXTURE_SETS);
}

/** A fresh copy of a bundled set's workspaces, in file-name order. */
export function bundledFixtureSet(name: string): WorkspaceState[] {
  const texts = Object.hasOwn(FIXTURE_SETS, name) ? FIXTURE_SETS[name] : undefined;
  if (!texts) throw new Error(`no bundled fixture set "${name}" (bundled: ${bundledFixtureSets().join(', ')})`);
  return texts.map((text) => JSON.parse(text) as WorkspaceState);
}
