// `--shard i/n` of the self-test (self-test/cli.ts): the i-th of n parts of the cases, so that n
// processes (test/conformance/self-test-*.test.ts) share the work. The split depends only on the
// list of cases: the same list gives the same parts, each in the list's order, and every case is
// in exactly one part.
//
// Cases that share a baseline run (baselineKey, run-self-test.ts) stay in one part, so each part
// runs that baseline once. The parts are balanced by number of cases: the groups are placed
// largest first, each in the part with the fewest cases so far. A group larger than a part's
// share (ceil(cases / n)) is cut into consecutive pieces of at most that share, each filling the
// part with the fewest cases; each piece then has its own baseline run in its part (its parts
// joined, its patterns alternated), which still holds every test the piece's cases run.
import type { FaultCase } from './case.ts';
import { baselineKey } from './run-self-test.ts';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** `i/n` with 1 <= i <= n, or undefined. */
export function parseShard(text: string): Shard | undefined {
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(text);
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index <= count ? { index, count } : undefined;
}

/** The positions in `cases` of the cases in the same baseline group, groups in the order of their first case. */
export function caseGroups(cases: readonly FaultCase[]): number[][] {
  const groups = new Map<string, number[]>();
  cases.forEach((c, i) => {
    const key = baselineKey(c);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()];
}

/** Every part, as positions in `cases` (ascending). */
function splitPositions(cases: readonly FaultCase[], count: number): number[][] {
  const share = Math.ceil(cases.length / count);
  const parts: number[][] = Array.from({ length: count }, () => []);
  const emptiest = (room: (part: number[]) => boolean): number[] => {
    let best: number[] | undefined;
    for (const part of parts) if (room(part) && (!best || part.length < best.length)) best = part;
    if (!best) throw new Error('no part has room'); // unreachable: count * share >= cases
    return best;
  };
  // Largest group first; equal sizes keep the order of their first case (sort is stable).
  const groups = caseGroups(cases).sort((a, b) => b.length - a.length);
  for (const positions of groups) {
    if (positions.length <= share) {
      emptiest(() => true).push(...positions);
      continue;
    }
    for (let from = 0; from < positions.length; ) {
      const part = emptiest((p) => p.length < share);
      const take = Math.min(share - part.length, positions.length - from);
      part.push(...positions.slice(from, from + take));
      from += take;
    }
  }
  for (const part of parts) part.sort((a, b) => a - b);
  return parts;
}

/** The cases of one part, in the order of `cases`. */
export function shardCases<T extends FaultCase>(cases: readonly T[], shard: Shard): T[] {
  if (!Number.isInteger(shard.index) || !Number.isInteger(shard.count) || shard.index < 1 || shard.index > shard.count) {
    throw new Error(`not a shard: ${shard.index}/${shard.count}`);
  }
  const part = splitPositions(cases, shard.count)[shard.index - 1] ?? [];
  return part.map((i) => cases[i] as T);
}
