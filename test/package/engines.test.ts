// The Node versions the package declares (package.json `engines.node`) are ones every package it
// installs accepts (the engines of each package in the dependency closure, as installed in
// node_modules), and README.md states the same range.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const read = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const pkg = read(join(ROOT, 'package.json'));
const declared = pkg.engines?.node ?? '';

/** A dependency's manifest as Node would find it from `from` (nested node_modules first). */
function manifestOf(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return file;
    if (dir === ROOT || dir === dirname(dir)) return undefined;
  }
}

/** Every installed package of the production dependency closure (optional ones when installed). */
function closure(): Manifest[] {
  const seen = new Map<string, Manifest>();
  const queue = Object.keys(pkg.dependencies ?? {}).map((name) => ({ name, from: ROOT, optional: false }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const file = manifestOf(next.name, next.from);
    if (!file) {
      if (!next.optional) throw new Error(`${next.name} is not installed (run npm ci)`);
      continue;
    }
    if (seen.has(file)) continue;
    const manifest = read(file);
    seen.set(file, manifest);
    const here = dirname(file);
    for (const name of Object.keys(manifest.dependencies ?? {})) queue.push({ name, from: here, optional: false });
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) queue.push({ name, from: here, optional: true });
  }
  return [...seen.values()];
}

describe('engines', () => {
  it('declares a valid Node range from 22 on', () => {
    expect(semver.validRange(declared), declared).not.toBeNull();
    expect(semver.minVersion(declared)?.major).toBe(22);
  });

  it('is a range every installed runtime dependency accepts', () => {
    const packages = closure();
    expect(packages.length).toBeGreaterThan(Object.keys(pkg.dependencies ?? {}).length);
    const refused = packages.filter((m) => m.engines?.node !== undefined && !semver.subset(declared, m.engines.node)).map((m) => `${m.name}@${m.version} wants ${m.engines?.node}`);
    expect(refused).toEqual([]);
  });

  it('is the range README.md states', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`\`engines\`: \`${declared}\``);
    // No other statement of a minimum Node version for the package.
    expect(readme).not.toMatch(/>=\s?24\.18/);
  });
});
