// `--shard i/n` of the self-test (conformance/self-test/shard-cases.ts): every case in exactly one
// part, the cases that share a baseline run kept together, the parts balanced and the same on
// every call; a --shard that is not one is a usage mistake; and the self-test's test files
// (test/conformance/self-test-<i>.test.ts, one per part) together run every case of the catalogue.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultCase } from '../../conformance/self-test/case.ts';
import { FAULT_CASES } from '../../conformance/self-test/cases/index.ts';
import { baselineKey } from '../../conformance/self-test/run-self-test.ts';
import { caseGroups, parseShard, shardCases } from '../../conformance/self-test/shard-cases.ts';
import { SELF_TEST_SHARDS } from './self-test-run.ts';

const id = (c: FaultCase): string => `${c.rule} ${c.fault}`;

function parts<T extends FaultCase>(cases: readonly T[], count: number): T[][] {
  return Array.from({ length: count }, (_, i) => shardCases(cases, { index: i + 1, count }));
}

/** Made-up cases: `shared` cases with a pattern (one baseline group) and `own` without (a group each). */
function madeUp(shared: number, own: number): FaultCase[] {
  const withPattern = Array.from({ length: shared }, (_, i): FaultCase => ({ rule: `r.shared${i}`, fault: `f-shared${i}`, parts: ['stateful'], only: `test ${i}` }));
  const without = Array.from({ length: own }, (_, i): FaultCase => ({ rule: `r.own${i}`, fault: `f-own${i}`, parts: i % 2 === 0 ? ['operations'] : ['operations', 'negative'], mode: 'full' }));
  return [...withPattern, ...without];
}

function expectSplit(cases: readonly FaultCase[], count: number): FaultCase[][] {
  const split = parts(cases, count);
  // Every case in exactly one part, each part in the catalogue's order.
  expect(split.flat().map(id).sort()).toEqual(cases.map(id).sort());
  for (const part of split) expect(part.map(id)).toEqual(cases.filter((c) => part.includes(c)).map(id));
  // Balanced: no part over its share; groups within their share kept whole.
  const share = Math.ceil(cases.length / count);
  for (const group of caseGroups(cases)) {
    const holding = split.filter((part) => group.some((i) => part.includes(cases[i] as FaultCase)));
    if (group.length <= share) expect(holding).toHaveLength(1);
    else expect(holding.length).toBe(Math.ceil(group.length / share));
  }
  // The same on every call.
  expect(parts(cases, count).map((p) => p.map(id))).toEqual(split.map((p) => p.map(id)));
  return split;
}

describe('parseShard', () => {
  it('reads i/n with 1 <= i <= n', () => {
    expect(parseShard('1/2')).toEqual({ index: 1, count: 2 });
    expect(parseShard('2/2')).toEqual({ index: 2, count: 2 });
    expect(parseShard('3/10')).toEqual({ index: 3, count: 10 });
    for (const bad of ['', '1', '0/2', '3/2', '1/0', '-1/2', '1/2/3', '1.5/2', ' 1/2', '01/2', 'a/b']) expect(parseShard(bad), bad).toBeUndefined();
  });
});

describe('shardCases', () => {
  it('splits the catalogue in SELF_TEST_SHARDS balanced parts that together hold every case once', () => {
    const split = expectSplit(FAULT_CASES, SELF_TEST_SHARDS);
    const sizes = split.map((p) => p.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(new Set(FAULT_CASES.map(id)).size).toBe(FAULT_CASES.length);
  });

  it('keeps each baseline group of the catalogue in one part unless it is larger than a part', () => {
    const share = Math.ceil(FAULT_CASES.length / SELF_TEST_SHARDS);
    const split = parts(FAULT_CASES, SELF_TEST_SHARDS);
    for (const group of caseGroups(FAULT_CASES)) {
      const keys = new Set(group.map((i) => baselineKey(FAULT_CASES[i] as FaultCase)));
      expect(keys.size).toBe(1);
      const holding = split.filter((part) => group.some((i) => part.includes(FAULT_CASES[i] as FaultCase))).length;
      expect(holding).toBe(group.length <= share ? 1 : Math.ceil(group.length / share));
    }
  });

  it('splits made-up catalogues the same way', () => {
    for (const [shared, own, count] of [
      [0, 0, 2],
      [1, 0, 2],
      [0, 5, 2],
      [10, 3, 2],
      [3, 10, 3],
      [40, 7, 4],
      [7, 0, 7],
      [5, 2, 9],
    ] as const) {
      expectSplit(madeUp(shared, own), count);
    }
  });

  it('keeps cases of one selection together, as they share one baseline run', () => {
    // Four cases without a pattern on the same selection: one group, whole in one part of two.
    const same = Array.from({ length: 4 }, (_, i): FaultCase => ({ rule: `r.same${i}`, fault: `f-same${i}`, parts: ['operations'] }));
    const cases = [...madeUp(0, 4), ...same];
    const split = expectSplit(cases, 2);
    expect(split.filter((part) => part.some((c) => same.includes(c)))).toHaveLength(1);
    expect(split.map((p) => p.length)).toEqual([4, 4]);
  });

  it('is the whole list for 1/1, and refuses a part that does not exist', () => {
    expect(shardCases(FAULT_CASES, { index: 1, count: 1 })).toEqual([...FAULT_CASES]);
    expect(() => shardCases(FAULT_CASES, { index: 3, count: 2 })).toThrow(/not a shard/);
    expect(() => shardCases(FAULT_CASES, { index: 0, count: 2 })).toThrow(/not a shard/);
  });
});

describe('the self-test CLI', () => {
  it('exits 2 with its usage on a --shard that is not i/n with 1 <= i <= n', () => {
    const cli = join(resolve(import.meta.dirname, '../..'), 'conformance/self-test/cli.ts');
    for (const bad of ['3/2', 'half']) {
      const run = spawnSync(process.execPath, [cli, '--shard', bad, '--list'], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toContain(`--shard: expected i/n with 1 <= i <= n, got '${bad}'`);
      expect(run.stderr).toContain('Usage: npm run conformance:self-test');
    }
    const list = spawnSync(process.execPath, [cli, '--shard', '2/2', '--list'], { encoding: 'utf8', timeout: 60_000 });
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout.trim().split('\n')).toHaveLength(shardCases(FAULT_CASES, { index: 2, count: 2 }).length);
  });
});

describe('the self-test files', () => {
  it('are one per part, test/conformance/self-test-<i>.test.ts for i in 1..SELF_TEST_SHARDS', () => {
    const files = readdirSync(import.meta.dirname).filter((f) => /^self-test.*\.test\.ts$/.test(f) && f !== 'self-test-shards.test.ts');
    expect(files.sort()).toEqual(Array.from({ length: SELF_TEST_SHARDS }, (_, i) => `self-test-${i + 1}.test.ts`));
  });
});
