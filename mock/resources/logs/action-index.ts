// The actions feed without a scan: the rows a workspace keeps (action_logs) and its listing tasks,
// each kept in feed order (newest first, then uuid) in an index beside its array, with one sorted
// array per row type, so that a read filtered at most by `type` and `from`/`to` (the common read,
// and the one that must stay fast at 100,000 rows) finds its stats by binary search and its page by
// a binary-searched split of the two sorted sources, O(log n + page size), whatever the rows.
// Reads with `status`, `search`, `conversation`, `session` or `contact` filter row by row
// (action-feed.ts), as before.
//
// An index follows its array: rows are only appended (fixtures, snapshot imports and listing edits
// give a new array, which gets its own index). Appended rows are merged in when the index is next
// read; an array shorter than counted, or whose last counted row was replaced, is re-indexed whole.
import type { ListingTaskRecord } from '../listings/records.ts';
import { newestFirst } from './bounds.ts';
import type { ActionLogRecord } from './records.ts';

type Keyed = { uuid: string; created_at: Date };

/** One source in feed order: every row, and the rows of each type. */
interface Index<T extends Keyed> {
  counted: number;
  tail: T | undefined;
  all: T[];
  byType: Map<string, T[]>;
}

const indexes = new WeakMap<object[], Index<Keyed>>();

/** Merges two runs in feed order; on a tie the first run's row comes first (a stable sort's order). */
function merge<T extends Keyed>(a: readonly T[], b: readonly T[]): T[] {
  const out = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = newestFirst(b[j] as T, a[i] as T) < 0 ? (b[j++] as T) : (a[i++] as T);
  while (i < a.length) out[k++] = a[i++] as T;
  while (j < b.length) out[k++] = b[j++] as T;
  return out;
}

function indexOf<T extends Keyed>(rows: T[], typeOf: (row: T) => string): Index<T> {
  let index = indexes.get(rows) as Index<T> | undefined;
  if (!index || index.counted > rows.length || (index.counted > 0 && rows[index.counted - 1] !== index.tail)) {
    index = { counted: 0, tail: undefined, all: [], byType: new Map() };
    indexes.set(rows, index as unknown as Index<Keyed>);
  }
  if (index.counted < rows.length) {
    // Array.prototype.sort is stable: rows that tie keep the array's order, as the scan's sort does.
    const added = rows.slice(index.counted).sort(newestFirst);
    index.all = merge(index.all, added);
    const addedByType = new Map<string, T[]>();
    for (const row of added) {
      const type = typeOf(row);
      const list = addedByType.get(type);
      if (list) list.push(row);
      else addedByType.set(type, [row]);
    }
    for (const [type, list] of addedByType) index.byType.set(type, merge(index.byType.get(type) ?? [], list));
    index.counted = rows.length;
    index.tail = rows[rows.length - 1];
  }
  return index;
}

export function actionIndex(rows: ActionLogRecord[]): Index<ActionLogRecord> {
  return indexOf(rows, (row) => row.type);
}

/** The rows of one type in feed order (none: an empty array). */
export function rowsOfType<T extends Keyed>(index: Index<T>, type: string): readonly T[] {
  return index.byType.get(type) ?? [];
}

export function taskIndex(tasks: ListingTaskRecord[]): Index<ListingTaskRecord> {
  return indexOf(tasks, () => 'task');
}

/** The first position in a feed-ordered array whose row was created at or before `ms` (`strict`: before). */
function firstAtOrBefore(rows: readonly Keyed[], ms: number, strict: boolean): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = (rows[mid] as Keyed).created_at.getTime();
    if (strict ? t >= ms : t > ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A window [lo, hi) of a feed-ordered array. */
export interface Span<T> {
  rows: readonly T[];
  lo: number;
  hi: number;
}

/** The rows created within [from, to] (inclusive; either bound may be absent). */
export function inRangeSpan<T extends Keyed>(rows: readonly T[], from: Date | undefined, to: Date | undefined): Span<T> {
  const lo = to === undefined ? 0 : firstAtOrBefore(rows, to.getTime(), false);
  const hi = from === undefined ? rows.length : firstAtOrBefore(rows, from.getTime(), true);
  return { rows, lo, hi: Math.max(lo, hi) };
}

export function spanSize(span: Span<unknown>): number {
  return span.hi - span.lo;
}

/**
 * Rows `offset` to `offset + count` of the feed-ordered merge of two spans (ties: `a` first), found
 * by a binary search for how many of the first `offset` come from `a`, then a walk of `count`.
 */
export function mergedPage<A extends Keyed, B extends Keyed, R>(a: Span<A>, b: Span<B>, offset: number, count: number, fromA: (row: A) => R, fromB: (row: B) => R): R[] {
  const sizeA = spanSize(a);
  const sizeB = spanSize(b);
  const k = Math.min(offset, sizeA + sizeB);
  let lo = Math.max(0, k - sizeB);
  let hi = Math.min(k, sizeA);
  // The least i (rows from a among the first k) such that a's i-th row does not precede b's (k-i-1)-th.
  while (lo < hi) {
    const i = (lo + hi) >>> 1;
    const j = k - i;
    if (j > 0 && newestFirst(a.rows[a.lo + i] as A, b.rows[b.lo + j - 1] as B) <= 0) lo = i + 1;
    else hi = i;
  }
  let i = a.lo + lo;
  let j = b.lo + (k - lo);
  const out: R[] = [];
  while (out.length < count && (i < a.hi || j < b.hi)) {
    if (j >= b.hi || (i < a.hi && newestFirst(a.rows[i] as A, b.rows[j] as B) <= 0)) out.push(fromA(a.rows[i++] as A));
    else out.push(fromB(b.rows[j++] as B));
  }
  return out;
}
