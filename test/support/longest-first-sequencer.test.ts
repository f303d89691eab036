// The test-file order (test/support/longest-first-sequencer.ts): the listed files first, longest
// first, the others after them in the default order; groups (vitest's groupOrder and projects)
// keep their order. On made-up lists; no test here measures time.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_TIMINGS } from './file-timings.ts';
import { longestFirst, weightOf } from './longest-first-sequencer.ts';

describe('longestFirst', () => {
  const weights: Record<string, number> = { 'long.test.ts': 90, 'medium.test.ts': 40, 'tie-a.test.ts': 40, 'short.test.ts': 5 };
  const weight = (file: string): number => weights[file] ?? 0;

  it('puts the weighted files first, heaviest first, the others after them in the given order', () => {
    const files = ['x.test.ts', 'short.test.ts', 'y.test.ts', 'tie-a.test.ts', 'medium.test.ts', 'long.test.ts', 'z.test.ts'];
    expect(longestFirst(files, weight)).toEqual(['long.test.ts', 'tie-a.test.ts', 'medium.test.ts', 'short.test.ts', 'x.test.ts', 'y.test.ts', 'z.test.ts']);
    expect(files[0]).toBe('x.test.ts');
  });

  it('keeps the given order when no file is weighted, and an empty list empty', () => {
    expect(longestFirst(['c', 'a', 'b'], () => 0)).toEqual(['c', 'a', 'b']);
    expect(longestFirst([], weight)).toEqual([]);
  });

  it('never moves a file ahead of an earlier group', () => {
    const files = [
      { file: 'x.test.ts', group: '0 a' },
      { file: 'long.test.ts', group: '0 a' },
      { file: 'y.test.ts', group: '1 b' },
      { file: 'medium.test.ts', group: '1 b' },
    ];
    const order = longestFirst(files, (f) => weight(f.file), (f) => f.group).map((f) => f.file);
    expect(order).toEqual(['long.test.ts', 'x.test.ts', 'medium.test.ts', 'y.test.ts']);
  });
});

describe('the timings', () => {
  it('weigh the listed files by their typical duration and the others 0', () => {
    expect(weightOf('test/conformance/shard.test.ts')).toBe(FILE_TIMINGS['test/conformance/shard.test.ts']?.typicalMs);
    expect(weightOf('test/mock/none.test.ts')).toBe(0);
  });

  it('list files that exist, each with a positive duration and a budget over it when it has one', () => {
    for (const [file, t] of Object.entries(FILE_TIMINGS)) {
      expect(existsSync(resolve(import.meta.dirname, '../..', file)), file).toBe(true);
      expect(t.typicalMs, file).toBeGreaterThan(0);
      if (t.budgetMs !== undefined) expect(t.budgetMs, file).toBeGreaterThan(t.typicalMs);
    }
  });
});
