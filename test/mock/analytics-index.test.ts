// The sorted index of analytics message rows (mock/resources/analytics/message-index.ts): export
// order (created_at, then message_uuid), binary search for an instant and for the row after a key,
// rows appended later (also out of order) taken in, and another array indexed on its own.
import { describe, expect, it } from 'vitest';
import { keyOf, searchInstant, searchRows, sortedRows } from '../../mock/resources/analytics/message-index.ts';
import type { MessageRow } from '../../mock/state/workspace.ts';

function row(id: string, at: string): MessageRow {
  return {
    message_uuid: id,
    conversation_uuid: '0e5d013b-fb19-482e-86fd-ddb1f9ca87ca',
    session_uuid: '45c17c7b-4d90-4dde-898c-2616f3d67cfc',
    contact_uuid: '5f44fc43-fc0b-4a61-982e-bb1065b4fd53',
    agent_uuid: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
    channel: 'whatsapp',
    channel_label: 'WhatsApp',
    direction: 'inbound',
    sender: 'contact',
    message_type: 'text',
    content: id,
    content_disclosure: 'raw',
    created_at: new Date(at),
  };
}

const ids = (rows: readonly MessageRow[]) => rows.map((r) => r.message_uuid);

describe('the sorted index of analytics rows', () => {
  it('sorts by created_at, then message_uuid, without touching the workspace array', () => {
    const rows = [row('c', '2026-03-02T10:00:00Z'), row('b', '2026-03-01T10:00:00Z'), row('a', '2026-03-02T10:00:00Z')];
    expect(ids(sortedRows(rows))).toEqual(['b', 'a', 'c']);
    expect(ids(rows)).toEqual(['c', 'b', 'a']);
  });

  it('finds the first row at or after an instant, and the first row after a key', () => {
    const sorted = sortedRows([row('a', '2026-03-01T10:00:00Z'), row('b', '2026-03-02T10:00:00Z'), row('c', '2026-03-02T10:00:00Z'), row('d', '2026-03-03T10:00:00Z')]);
    expect(searchInstant(sorted, new Date('2026-03-02T10:00:00Z'))).toBe(1);
    expect(searchInstant(sorted, new Date('2026-03-02T10:00:00.001Z'))).toBe(3);
    expect(searchInstant(sorted, new Date('2026-04-01T00:00:00Z'))).toBe(4);
    expect(searchRows(sorted, keyOf(sorted[1] as MessageRow), true)).toBe(2);
    expect(searchRows(sorted, keyOf(sorted[1] as MessageRow))).toBe(1);
  });

  it('takes in rows appended later, in or out of order', () => {
    const rows = [row('b', '2026-03-02T10:00:00Z')];
    expect(ids(sortedRows(rows))).toEqual(['b']);
    rows.push(row('d', '2026-03-04T10:00:00Z'), row('a', '2026-03-01T10:00:00Z'), row('c', '2026-03-02T10:00:00Z'));
    expect(ids(sortedRows(rows))).toEqual(['a', 'b', 'c', 'd']);
    rows.push(row('e', '2026-03-05T10:00:00Z'));
    expect(ids(sortedRows(rows))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('indexes another array (a reset or an imported snapshot) on its own', () => {
    const first = [row('a', '2026-03-01T10:00:00Z')];
    const second = [row('z', '2026-03-01T09:00:00Z')];
    expect(ids(sortedRows(first))).toEqual(['a']);
    expect(ids(sortedRows(second))).toEqual(['z']);
  });

  it('finds rows among many by binary search, not by a scan', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 200_000 }, (_, i) => row(`m${String(i).padStart(7, '0')}`, new Date(start + i * 1000).toISOString()));
    const sorted = sortedRows(rows);
    // The rows a search reads, counted (not timed): a binary search reads about log2(200 000) ≈ 18
    // of them, a scan up to all 200 000.
    let reads = 0;
    const counted = new Proxy(sorted, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const at = searchInstant(counted, new Date(start + 165_432_000));
    expect(reads).toBeLessThanOrEqual(18);
    expect(sorted[at]?.message_uuid).toBe('m0165432');
    // A thousand searches: a scan would read some 10^8 rows.
    reads = 0;
    for (let i = 0; i < 1000; i++) expect(sorted[searchInstant(counted, new Date(start + i * 199_000))]?.message_uuid).toBe(`m${String(i * 199).padStart(7, '0')}`);
    expect(reads).toBeLessThanOrEqual(18 * 1000);
  });
});
