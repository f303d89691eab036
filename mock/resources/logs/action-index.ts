// The actions feed without a scan: the rows a workspace keeps (action_logs) and its listing tasks,
// each kept in feed order (newest first, then uuid) in an index beside its array, with one sorted
// array per row type, so that a read filtered at most by `type` and `from`/`to` (the common read,
// and the one that must stay fast at 100,000 rows) finds its stats by binary search and its page by
// a binary-searched split of the two sorted sources, O(log n + page size), whatever the rows.
//
// Beside them, per-key buckets (each again in feed order, with one array per type) for the filters
// that pick rows by a fixed field, keyed as filters.ts matches them (`actionKeys`, `taskKeys`):
// `conversation` and `session` (intent rows only), `contact` (intent and task rows, never workflow
// rows; listing tasks by their contact) and `status` of the kept rows (a `success` row is also
// filed under `completed`, which matches both). A read filtered by one of them is a read of that
// bucket, O(log n + page) as above. The status of a listing task is not fixed (taskFeedRow derives
// it from the mock clock), so tasks get no status bucket: a read by status tests the listing tasks
// in its range one by one (a workspace has few of them next to its kept rows). A dimension's buckets
// are built on its first read, from the feed-ordered rows (no sort), then kept up to date.
//
// An index follows its array: rows are only appended (fixtures, snapshot imports and listing edits
// give a new array, which gets its own index) and a row is not changed in place. Appended rows are
// merged in when the index is next read, into every bucket built so far; an array shorter than
// counted, or whose last counted row was replaced, is re-indexed whole.
import type { ListingTaskRecord } from '../listings/records.ts';
import { newestFirst } from './bounds.ts';
import type { ActionLogRecord } from './records.ts';

type Keyed = { uuid: string; created_at: Date };

/** Rows in feed order: every one, and those of each type. */
export interface Bucket<T> {
  all: T[];
  byType: Map<string, T[]>;
}

/** The keys a row is filed under in one dimension (null: none). */
export type KeysOf<T> = (row: T) => string | readonly string[] | null;

/** One source in feed order: its rows by type, and the buckets of each dimension read so far. */
interface Index<T extends Keyed> extends Bucket<T> {
  counted: number;
  tail: T | undefined;
  typeOf: (row: T) => string;
  dimensions: Map<KeysOf<T>, Map<string, Bucket<T>>>;
}

const indexes = new WeakMap<object[], Index<Keyed>>();

/** Merges two runs in feed order; on a tie the first run's row comes first (a stable sort's order). */
function merge<T extends Keyed>(a: readonly T[], b: readonly T[]): T[] {
  if (a.length === 0) return b.slice();
  const out = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = newestFirst(b[j] as T, a[i] as T) < 0 ? (b[j++] as T) : (a[i++] as T);
  while (i < a.length) out[k++] = a[i++] as T;
  while (j < b.length) out[k++] = b[j++] as T;
  return out;
}

function push<T>(groups: Map<string, T[]>, key: string, row: T): void {
  const list = groups.get(key);
  if (list) list.push(row);
  else groups.set(key, [row]);
}

function emptyBucket<T>(): Bucket<T> {
  return { all: [], byType: new Map() };
}

/** The bucket of a key, made empty when the key has none yet. */
function bucketFor<T>(buckets: Map<string, Bucket<T>>, key: string): Bucket<T> {
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = emptyBucket();
    buckets.set(key, bucket);
  }
  return bucket;
}

/** Merges feed-ordered rows into a bucket (every row, and each type's). */
function mergeInto<T extends Keyed>(bucket: Bucket<T>, added: readonly T[], typeOf: (row: T) => string): void {
  bucket.all = merge(bucket.all, added);
  const addedByType = new Map<string, T[]>();
  for (const row of added) push(addedByType, typeOf(row), row);
  for (const [type, list] of addedByType) bucket.byType.set(type, merge(bucket.byType.get(type) ?? [], list));
}

function keysOf<T>(keys: KeysOf<T>, row: T): readonly string[] {
  const found = keys(row);
  return found === null ? [] : typeof found === 'string' ? [found] : found;
}

/** Files feed-ordered rows by key; each key's rows stay in feed order. */
function fileByKey<T>(rows: readonly T[], keys: KeysOf<T>): Map<string, T[]> {
  const byKey = new Map<string, T[]>();
  for (const row of rows) for (const key of keysOf(keys, row)) push(byKey, key, row);
  return byKey;
}

function indexOf<T extends Keyed>(rows: T[], typeOf: (row: T) => string): Index<T> {
  let index = indexes.get(rows) as Index<T> | undefined;
  if (!index || index.counted > rows.length || (index.counted > 0 && rows[index.counted - 1] !== index.tail)) {
    index = { counted: 0, tail: undefined, all: [], byType: new Map(), typeOf, dimensions: new Map() };
    indexes.set(rows, index as unknown as Index<Keyed>);
  }
  if (index.counted < rows.length) {
    // Array.prototype.sort is stable: rows that tie keep the array's order, as the scan's sort does.
    const added = rows.slice(index.counted).sort(newestFirst);
    mergeInto(index, added, typeOf);
    for (const [keys, buckets] of index.dimensions) {
      for (const [key, list] of fileByKey(added, keys)) mergeInto(bucketFor(buckets, key), list, typeOf);
    }
    index.counted = rows.length;
    index.tail = rows[rows.length - 1];
  }
  return index;
}

export function actionIndex(rows: ActionLogRecord[]): Index<ActionLogRecord> {
  return indexOf(rows, (row) => row.type);
}

export function taskIndex(tasks: ListingTaskRecord[]): Index<ListingTaskRecord> {
  return indexOf(tasks, () => 'task');
}

/** The rows of one type in feed order (none: an empty array). */
export function rowsOfType<T>(bucket: Bucket<T>, type: string): readonly T[] {
  return bucket.byType.get(type) ?? [];
}

/** The bucket of rows filed under `key` in a dimension (none: an empty bucket); the dimension is built on first use. */
export function keyed<T extends Keyed>(index: Index<T>, keys: KeysOf<T>, key: string): Bucket<T> {
  let buckets = index.dimensions.get(keys);
  if (!buckets) {
    buckets = new Map();
    for (const row of index.all) {
      for (const key of keysOf(keys, row)) {
        const bucket = bucketFor(buckets, key);
        bucket.all.push(row);
        push(bucket.byType, index.typeOf(row), row);
      }
    }
    index.dimensions.set(keys, buckets);
  }
  return buckets.get(key) ?? emptyBucket();
}

/** Every wanted status a `success` row matches (filters.ts: `completed` matches `success` too). */
const SUCCESS_KEYS = ['success', 'completed'] as const;

/** The kept rows' dimensions, each filing a row under the value its filter (filters.ts) matches it by. */
export const actionKeys = {
  conversation: (row) => (row.type === 'intent' ? row.conversation_uuid : null),
  session: (row) => (row.type === 'intent' ? row.session_uuid : null),
  contact: (row) => (row.type === 'workflow' ? null : row.contact_uuid),
  status: (row) => (row.status === 'success' ? SUCCESS_KEYS : row.status),
} satisfies Record<string, KeysOf<ActionLogRecord>>;

/** The listing tasks' dimension: a task is a `task` row of its contact (task-rows.ts). */
export const taskKeys = {
  contact: (task) => task.contact_uuid,
} satisfies Record<string, KeysOf<ListingTaskRecord>>;

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

/** The rows of a span that pass `keep`, in feed order. */
export function filterSpan<T>(span: Span<T>, keep: (row: T) => boolean): T[] {
  const out: T[] = [];
  for (let i = span.lo; i < span.hi; i++) {
    const row = span.rows[i] as T;
    if (keep(row)) out.push(row);
  }
  return out;
}

/** A bucket of feed-ordered rows, grouped by type. */
export function bucketOf<T>(rows: T[], typeOf: (row: T) => string): Bucket<T> {
  const byType = new Map<string, T[]>();
  for (const row of rows) push(byType, typeOf(row), row);
  return { all: rows, byType };
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
