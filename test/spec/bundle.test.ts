// The bundler merges fragments and refuses a key defined twice.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleSpec } from '../../scripts/lib/bundle.ts';

function specDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-test-'));
  mkdirSync(join(dir, 'paths'));
  mkdirSync(join(dir, 'components'));
  writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths: {}\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('bundleSpec', () => {
  it('merges paths and components of every fragment, sorted', () => {
    const doc = bundleSpec(
      specDir({
        'paths/b.yaml': 'paths:\n  /b: {}\ncomponents:\n  schemas:\n    B: {type: string}\n',
        'paths/a.yaml': 'paths:\n  /a: {}\ncomponents:\n  schemas:\n    A: {type: string}\n',
      }),
    );
    expect(Object.keys(doc.paths)).toEqual(['/a', '/b']);
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(['A', 'B']);
    expect(Object.keys(doc)[0]).toBe('x-generated');
  });

  it('refuses a schema defined in two fragments', () => {
    const dir = specDir({
      'paths/a.yaml': 'components:\n  schemas:\n    Same: {type: string}\n',
      'paths/b.yaml': 'components:\n  schemas:\n    Same: {type: integer}\n',
    });
    expect(() => bundleSpec(dir)).toThrow(/components\/schemas\/Same is defined in both paths\/a.yaml and paths\/b.yaml/);
  });

  it('refuses a fragment with keys other than paths and components', () => {
    const dir = specDir({ 'paths/a.yaml': 'info: {title: x}\n' });
    expect(() => bundleSpec(dir)).toThrow(/holds only paths and components/);
  });
});
