// The analytics message rows of a workspace in export order (seed: sorted by created_at ascending,
// then message_uuid ascending), kept as a sorted index beside the workspace's rows so that a page
// is found by binary search, whatever the number of rows. Rows are only ever appended (fixtures,
// sends, grows), so the index takes in new rows as they come (a large batch is merged in); another array (a reset, a snapshot) gets
// its own index.
import type { MessageRow } from '../../state/workspace.ts';

/** A row's place in the export order: its instant (ms) and message uuid. */
export interface RowKey {
  t: number;
  m: string;
}

interface Index {
  indexed: number;
  sorted: MessageRow[];
}

const indexes = new WeakMap<MessageRow[], Index>();

export function keyOf(row: MessageRow): RowKey {
  return { t: row.created_at.getTime(), m: row.message_uuid };
}

export function compareKeys(a: RowKey, b: RowKey): number {
  return a.t - b.t || (a.m < b.m ? -1 : a.m > b.m ? 1 : 0);
}

function compareRows(a: MessageRow, b: MessageRow): number {
  return a.created_at.getTime() - b.created_at.getTime() || (a.message_uuid < b.message_uuid ? -1 : a.message_uuid > b.message_uuid ? 1 : 0);
}

/** The first position whose row sorts at or after `key` (`after`: strictly after). */
export function searchRows(sorted: readonly MessageRow[], key: RowKey, after = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareKeys(keyOf(sorted[mid] as MessageRow), key);
    if (c < 0 || (after && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position of a row created at or after `instant`. */
export function searchInstant(sorted: readonly MessageRow[], instant: Date): number {
  return searchRows(sorted, { t: instant.getTime(), m: '' });
}

/** Above this many rows appended since the last read, they are merged in rather than inserted one by one. */
const BULK_APPEND = 64;

function merge(a: readonly MessageRow[], b: readonly MessageRow[]): MessageRow[] {
  const out = new Array<MessageRow>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareRows(a[i] as MessageRow, b[j] as MessageRow) <= 0 ? (a[i++] as MessageRow) : (b[j++] as MessageRow);
  while (i < a.length) out[k++] = a[i++] as MessageRow;
  while (j < b.length) out[k++] = b[j++] as MessageRow;
  return out;
}

/** The rows in export order. */
export function sortedRows(rows: MessageRow[]): readonly MessageRow[] {
  let index = indexes.get(rows);
  if (!index || index.indexed > rows.length) {
    index = { indexed: rows.length, sorted: [...rows].sort(compareRows) };
    indexes.set(rows, index);
    return index.sorted;
  }
  const pending = rows.length - index.indexed;
  if (pending > BULK_APPEND) {
    // Many rows at once (a grow): sort them and merge with the index in one pass, O(n + k log k),
    // instead of k insertions that would each move the rows after them.
    const added = rows.slice(index.indexed).sort(compareRows);
    index.sorted = merge(index.sorted, added);
    index.indexed = rows.length;
    return index.sorted;
  }
  for (; index.indexed < rows.length; index.indexed++) {
    const row = rows[index.indexed] as MessageRow;
    const at = searchRows(index.sorted, keyOf(row), true);
    if (at === index.sorted.length) index.sorted.push(row);
    else index.sorted.splice(at, 0, row);
  }
  return index.sorted;
}
