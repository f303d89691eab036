// The order test files start in (vitest.config.ts `sequence.sequencer`): the files of
// FILE_TIMINGS (file-timings.ts) first, longest first, then the others in vitest's own order
// (BaseSequencer: failed and longer first by the results of an earlier run when there is one, else
// larger files first). On the two workers a long file started last ends the run late; started
// first (longest processing time first), it runs while the other worker takes the short files.
// Sharding (`vitest --shard`) is vitest's own.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FILE_TIMINGS, type FileTimingEntry } from './file-timings.ts';

/**
 * `items` (in the default order) with the ones that have a weight first, heaviest first, and the
 * rest after them; equal weights keep the default order. Items of different groups (vitest's
 * `sequence.groupOrder`, then project) never pass one another.
 */
export function longestFirst<T>(items: readonly T[], weightOf: (item: T) => number, groupOf: (item: T) => string = () => ''): T[] {
  const rank = new Map<string, number>();
  for (const item of items) {
    const group = groupOf(item);
    if (!rank.has(group)) rank.set(group, rank.size);
  }
  // Array.prototype.sort is stable: ties keep their default order.
  return [...items].sort((a, b) => (rank.get(groupOf(a)) ?? 0) - (rank.get(groupOf(b)) ?? 0) || weightOf(b) - weightOf(a));
}

/** A file's weight: its typical duration when listed, else 0 (the default order). */
export function weightOf(file: string, timings: Readonly<Record<string, FileTimingEntry>> = FILE_TIMINGS): number {
  return timings[file]?.typicalMs ?? 0;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    return longestFirst(
      sorted,
      (spec) => weightOf(relative(root, spec.moduleId).replaceAll('\\', '/')),
      (spec) => `${spec.project.config.sequence.groupOrder} ${spec.project.name}`,
    );
  }
}
