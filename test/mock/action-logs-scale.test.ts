// The actions feed at scale (mock/resources/logs/action-index.ts): every read is answered from
// sorted indexes instead of a scan, by type and created_at and, per key, by conversation, session,
// contact and status (other filters tested over the most selective bucket). It must give exactly
// the scan's answer (stats, pagination, items and their order, ties on created_at included) for
// every type, range, filter combination and page, as rows are appended, arrays replaced and rows
// removed behind the index's back: fixed cases, then fast-check properties over random rows, tasks
// on the mock clock and random filter combinations.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexedFeed, scannedFeed } from '../../mock/resources/logs/action-feed.ts';
import type { ActionFilters } from '../../mock/resources/logs/filters.ts';
import type { ListingTaskRecord } from '../../mock/resources/listings/records.ts';
import type { ActionLogRecord } from '../../mock/resources/logs/records.ts';
import type { WorkspaceState } from '../../mock/state/workspace.ts';
import { actionRows } from '../../scripts/bench/action-rows.ts';

const T0 = Date.parse('2026-11-16T09:00:00Z');
const HOUR = 3_600_000;

function tasks(count: number, seed: number): ListingTaskRecord[] {
  return Array.from({ length: count }, (_, i) => {
    // Every third task shares its instant with a kept row or another task.
    const at = new Date(T0 - ((i * 7919 + seed) % 48) * HOUR - (i % 3 === 0 ? 0 : i * 1000));
    return {
      uuid: `00000000-0000-4000-8000-${String(seed * 100_000 + i).padStart(12, '0')}`,
      listing_uuid: 'l',
      campaign_uuid: 'c',
      contact_uuid: 'k',
      channel: i % 2 === 0 ? 'call' : 'sms',
      address: i % 5 === 0 ? null : '+4915112345678',
      name: `Task ${i}`,
      description: 'Call the contact',
      start_at: new Date(T0 + (i - count / 2) * 60_000),
      cancelled_at: null,
      created_at: at,
    };
  });
}

function world(kept: number, taskCount: number, seed: number): WorkspaceState {
  const rows = actionRows(kept, seed, new Date(T0 - 48 * HOUR), new Date(T0));
  // Some kept rows tie exactly with tasks (same instant).
  const listing = tasks(taskCount, seed);
  for (let i = 0; i < Math.min(rows.length, listing.length); i += 4) (rows[i] as { created_at: Date }).created_at = (listing[i] as ListingTaskRecord).created_at;
  return { action_logs: rows, listing_tasks: listing } as unknown as WorkspaceState;
}

const TYPES = [undefined, 'all', 'task', 'workflow', 'intent'] as const;
const RANGES: Array<[number | undefined, number | undefined]> = [
  [undefined, undefined],
  [T0 - 24 * HOUR, undefined],
  [undefined, T0 - 24 * HOUR],
  [T0 - 30 * HOUR, T0 - 10 * HOUR],
  [T0 + HOUR, undefined],
];

function expectSameAnswers(ws: WorkspaceState): void {
  const now = T0;
  for (const type of TYPES) {
    for (const [from, to] of RANGES) {
      const filters: ActionFilters = { type, from: from === undefined ? undefined : new Date(from), to: to === undefined ? undefined : new Date(to) };
      for (const [page, perPage] of [[1, 15], [2, 15], [3, 7], [1, 100], [40, 25], [1000, 10]] as const) {
        const indexed = indexedFeed(ws, filters, page, perPage, now);
        const scanned = scannedFeed(ws, filters, page, perPage, now);
        expect(indexed, `type ${type} from ${from} to ${to} page ${page}/${perPage}`).toEqual(scanned);
      }
    }
  }
}

describe('the actions feed index', () => {
  it('answers as the scan does, for every type, range and page', () => {
    expectSameAnswers(world(600, 300, 1));
    expectSameAnswers(world(0, 50, 2));
    expectSameAnswers(world(80, 0, 3));
  });

  it('follows rows appended, arrays replaced and rows removed', () => {
    const ws = world(300, 100, 4);
    expectSameAnswers(ws);
    ws.action_logs.push(...actionRows(5, 9, new Date(T0 - 48 * HOUR), new Date(T0)));
    ws.listing_tasks.push(...tasks(3, 9));
    expectSameAnswers(ws);
    ws.action_logs.push(...actionRows(500, 10, new Date(T0 - 48 * HOUR), new Date(T0)));
    expectSameAnswers(ws);
    ws.listing_tasks = ws.listing_tasks.map((t, i) => (i % 2 === 0 ? { ...t, cancelled_at: new Date(T0 - HOUR) } : t));
    expectSameAnswers(ws);
    ws.action_logs.splice(ws.action_logs.length - 1, 1);
    expectSameAnswers(ws);
    ws.action_logs.splice(10, 5);
    ws.action_logs.push(...actionRows(1, 11, new Date(T0 - 48 * HOUR), new Date(T0)));
    expectSameAnswers(ws);
  });
});

// Random worlds: few instants (many ties), few keys (buckets of several rows, keys a filter names
// but no row carries), statuses of both sources, tasks on either side of the clock.
const INSTANTS = Array.from({ length: 12 }, (_, i) => T0 - i * 5 * HOUR);
const CONTACTS = ['k1', 'k2', 'k3', 'k4'];
const CONVERSATIONS = ['c1', 'c2', 'c3'];
const SESSIONS = ['s1', 's2', 's3'];
const ROW_STATUSES = ['success', 'completed', 'failed', 'running', 'pending'];
const WANTED_STATUSES = [...ROW_STATUSES, 'in_progress', 'cancelled'];
const ROW_NAMES = ['book_appointment', 'transfer_call', 'New lead to CRM', 'Nightly export'];
const NEEDLES = ['book', 'CALL', 'export', 'lead to', 'contact', 'zzz'];

const instant = fc.constantFrom(...INSTANTS).map((ms) => new Date(ms));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const keptRow = fc
  .record({
    n: fc.nat(),
    type: fc.constantFrom('workflow', 'intent', 'task'),
    name: fc.constantFrom(...ROW_NAMES),
    status: fc.constantFrom(...ROW_STATUSES),
    created_at: instant,
    contact_uuid: maybe(fc.constantFrom(...CONTACTS)),
    conversation_uuid: maybe(fc.constantFrom(...CONVERSATIONS)),
    session_uuid: maybe(fc.constantFrom(...SESSIONS)),
  })
  .map(
    ({ n, ...fields }): ActionLogRecord => ({
      uuid: `00000000-0000-4000-a000-${String(n % 1_000_000).padStart(12, '0')}`,
      description: 'A random row',
      channel: null,
      channel_id: null,
      duration_ms: 100,
      agent_uuid: null,
      customer_number: null,
      campaign_uuid: null,
      started_at: null,
      completed_at: null,
      request: null,
      response: null,
      error: null,
      steps: null,
      ...fields,
    }),
  );

const listingTask = fc
  .record({
    n: fc.nat(),
    contact_uuid: fc.constantFrom(...CONTACTS),
    channel: fc.constantFrom('call' as const, 'sms' as const),
    address: maybe(fc.constant('+4915112345678')),
    description: fc.constantFrom('Call the contact', 'Send the book offer'),
    start: fc.integer({ min: -3 * 60, max: 3 * 60 }),
    cancelled: maybe(fc.integer({ min: -60, max: 60 })),
    created_at: instant,
  })
  .map(
    ({ n, start, cancelled, ...fields }): ListingTaskRecord => ({
      uuid: `00000000-0000-4000-b000-${String(n % 1_000_000).padStart(12, '0')}`,
      listing_uuid: 'l',
      campaign_uuid: 'c',
      name: `Task ${n % 7}`,
      start_at: new Date(T0 + start * 60_000),
      cancelled_at: cancelled === null ? null : new Date(T0 + cancelled * 60_000),
      ...fields,
    }),
  );

/** A filter set in about one read of four, so that reads by one filter, by two and by none are all common. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

const filtersArb = fc.record({
  type: sometimes(fc.constantFrom('all' as const, 'task' as const, 'workflow' as const, 'intent' as const)),
  status: sometimes(fc.constantFrom(...WANTED_STATUSES)),
  search: sometimes(fc.constantFrom(...NEEDLES)),
  conversation: sometimes(fc.constantFrom(...CONVERSATIONS, 'c-unknown')),
  session: sometimes(fc.constantFrom(...SESSIONS, 's-unknown')),
  contact: sometimes(fc.constantFrom(...CONTACTS, 'k-unknown')),
  from: sometimes(instant),
  to: sometimes(instant),
});

const paging = fc.record({ page: fc.integer({ min: 1, max: 6 }), perPage: fc.integer({ min: 1, max: 30 }) });

function expectSame(ws: WorkspaceState, f: ActionFilters, page: number, perPage: number): void {
  expect(indexedFeed(ws, f, page, perPage, T0)).toEqual(scannedFeed(ws, f, page, perPage, T0));
}

/** Within a property: a plain comparison (shrinking stays fast), the filters named on a mismatch. */
function same(ws: WorkspaceState, f: ActionFilters, page: number, perPage: number): void {
  const indexed = indexedFeed(ws, f, page, perPage, T0);
  const scanned = scannedFeed(ws, f, page, perPage, T0);
  if (!isDeepStrictEqual(indexed, scanned)) throw new Error(`indexed and scanned answers differ for ${JSON.stringify({ ...f, page, perPage })}`);
}

describe('the actions feed index, filtered', () => {
  it('answers every filter combination as the scan does', () => {
    fc.assert(
      fc.property(fc.array(keptRow, { maxLength: 80 }), fc.array(listingTask, { maxLength: 25 }), fc.array(fc.tuple(filtersArb, paging), { minLength: 1, maxLength: 8 }), (rows, listing, reads) => {
        const ws = { action_logs: rows, listing_tasks: listing } as unknown as WorkspaceState;
        for (const [f, { page, perPage }] of reads) same(ws, f, page, perPage);
      }),
      { numRuns: 300 },
    );
  });

  it('follows rows appended after a filtered read, and arrays replaced', () => {
    fc.assert(
      fc.property(
        fc.array(keptRow, { maxLength: 60 }),
        fc.array(keptRow, { minLength: 1, maxLength: 30 }),
        fc.array(listingTask, { maxLength: 15 }),
        fc.array(listingTask, { maxLength: 10 }),
        filtersArb,
        filtersArb,
        paging,
        (first, more, listing, moreTasks, before, after, { page, perPage }) => {
          // Copies: the generated arrays are fast-check's to shrink, not to grow.
          const ws = { action_logs: [...first], listing_tasks: [...listing] } as unknown as WorkspaceState;
          // The first reads build the dimensions the filters name; the appended rows must reach them.
          same(ws, before, page, perPage);
          same(ws, after, 1, 10);
          ws.action_logs.push(...more);
          ws.listing_tasks.push(...moreTasks);
          same(ws, before, page, perPage);
          same(ws, after, page, perPage);
          ws.action_logs = ws.action_logs.filter((_, i) => i % 3 !== 0);
          ws.action_logs.splice(0, 1);
          same(ws, after, 1, 30);
          same(ws, before, page, perPage);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers the fixed world filtered by each key, status and search as the scan does', () => {
    const ws = world(600, 120, 5);
    // Some kept rows and tasks of two contacts, some intents of two conversations and sessions.
    ws.action_logs.forEach((row, i) => {
      const r = row as { contact_uuid: string | null; conversation_uuid: string | null; session_uuid: string | null };
      r.contact_uuid = i % 3 === 0 ? 'k' : i % 3 === 1 ? 'k2' : null;
      r.conversation_uuid = i % 5 === 0 ? 'c1' : i % 5 === 1 ? 'c2' : null;
      r.session_uuid = i % 4 === 0 ? 's1' : null;
    });
    for (const f of [{ contact: 'k' }, { contact: 'k2' }, { conversation: 'c1' }, { session: 's1' }, { status: 'completed' }, { status: 'success' }, { status: 'pending' }, { search: 'call' }, { contact: 'k', status: 'completed' }, { conversation: 'c2', session: 's1', contact: 'k2' }]) {
      for (const type of TYPES) {
        for (const [from, to] of RANGES) {
          const filters: ActionFilters = { ...f, type, from: from === undefined ? undefined : new Date(from), to: to === undefined ? undefined : new Date(to) };
          for (const [page, perPage] of [[1, 15], [3, 7], [1, 100]] as const) expectSame(ws, filters, page, perPage);
        }
      }
    }
  });
});
