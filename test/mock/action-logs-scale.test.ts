// The actions feed at scale (mock/resources/logs/action-index.ts): a read filtered at most by type
// and created_at is answered from sorted indexes instead of a scan. It must give exactly the scan's
// answer (stats, pagination, items and their order, ties on created_at included) for every type,
// range and page, as rows are appended, arrays replaced and rows removed behind the index's back.
import { describe, expect, it } from 'vitest';
import { indexedFeed, onlyTypeAndRange, scannedFeed } from '../../mock/resources/logs/action-feed.ts';
import type { ActionFilters } from '../../mock/resources/logs/filters.ts';
import type { ListingTaskRecord } from '../../mock/resources/listings/records.ts';
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
      expect(onlyTypeAndRange(filters)).toBe(true);
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
