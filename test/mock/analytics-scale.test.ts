// The analytics export at scale: POST /__mock/analytics/grow adds generated message rows
// deterministically (same seed, same rows), and the export pages through 200,000 of them by cursor
// in export order (created_at, then message_uuid) with no gap and no duplicate; a row added while a
// client pages is not served again when it sorts before the cursor, and is served when it sorts
// after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRow } from '../../mock/state/workspace.ts';
import type { ResponseBody } from '../support/contract.ts';
import { type Harness, startHarness, T0 } from '../support/harness.ts';

type Export = ResponseBody<'exportAnalyticsMessages', 200>;
type Row = Export['messages'][number];

const DAY = 86_400_000;
const FROM = new Date(T0 - 91 * DAY).toISOString();
const TO = new Date(T0 + 1).toISOString();
const ROWS = 200_000;

const keyOf = (r: { created_at: string | Date; message_uuid: string }) => ({ t: Date.parse(String(r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at)), m: r.message_uuid });
function before(a: { t: number; m: string }, b: { t: number; m: string }): boolean {
  return a.t < b.t || (a.t === b.t && a.m < b.m);
}

describe('the analytics export at scale', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  async function page(cursor?: string, limit = 1000): Promise<Export> {
    const query: Record<string, string> = { from: FROM, to: TO, limit: String(limit) };
    if (cursor !== undefined) query.cursor = cursor;
    const res = await h.call('GET', '/api/v1/analytics/messages', { query });
    expect(res.status).toBe(200);
    return res.json<Export>();
  }

  it('grows deterministically: the same seed gives the same rows, another seed others', async () => {
    const uuidsAfter = async (seed: number) => {
      h.mock.store.load(h.mock.fixtures);
      const before = h.mock.store.get('acme')?.state.message_rows.length ?? 0;
      const res = await h.control('POST', '/analytics/grow', { tenant: 'acme', rows: 50, seed });
      expect(res.status).toBe(200);
      const rows = h.mock.store.get('acme')?.state.message_rows ?? [];
      expect(rows.length).toBe(before + 50);
      return rows.slice(before).map((r) => `${r.message_uuid}|${r.created_at.toISOString()}|${r.conversation_uuid}`);
    };
    const first = await uuidsAfter(7);
    expect(new Set(first).size).toBe(50);
    expect(await uuidsAfter(7)).toEqual(first);
    expect(await uuidsAfter(8)).not.toEqual(first);
  });

  it('rejects a bad grow body with a Shape B 422 naming the field, and an unknown workspace with 404', async () => {
    const bad = await h.control('POST', '/analytics/grow', { rows: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', field: 'rows' } });
    const unknown = await h.control('POST', '/analytics/grow', { rows: 5, tenant: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { field: 'tenant' } });
  });

  it('pages through 200,000 rows in export order, without gaps or duplicates, and handles rows added while paging', async () => {
    h.mock.store.load(h.mock.fixtures);
    const grown = await h.control('POST', '/analytics/grow', { tenant: 'acme', rows: ROWS, seed: 42 });
    expect(grown.status).toBe(200);
    const state = h.mock.store.get('acme')?.state;
    if (!state) throw new Error('no acme workspace');
    const lo = Date.parse(FROM);
    const hi = Date.parse(TO);
    const expected = state.message_rows.filter((r) => r.created_at.getTime() >= lo && r.created_at.getTime() < hi).map((r) => r.message_uuid);
    expect(expected.length).toBeGreaterThanOrEqual(ROWS);

    const seen: Row[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let late: { before: string; after: string } | undefined;
    for (;;) {
      const body = await page(cursor);
      pages++;
      seen.push(...body.messages);
      if (pages === 100 && !late) {
        // Deep in the table: one row sorting before the cursor, one after it.
        const last = keyOf(body.messages[body.messages.length - 1] as Row);
        const template = state.message_rows[state.message_rows.length - 1] as MessageRow;
        const early: MessageRow = { ...template, message_uuid: '00000000-0000-4000-8000-00000000beef', created_at: new Date(last.t - 60_000) };
        const later: MessageRow = { ...template, message_uuid: 'ffffffff-0000-4000-8000-00000000beef', created_at: new Date(hi - 1) };
        state.message_rows.push(early, later);
        late = { before: early.message_uuid, after: later.message_uuid };
      }
      if (!body.pagination.has_more) {
        expect(body.pagination.next_cursor).toBeNull();
        break;
      }
      expect(body.messages.length).toBe(1000);
      cursor = body.pagination.next_cursor ?? undefined;
      expect(cursor).toBeTypeOf('string');
    }
    expect(late).toBeDefined();
    const ids = seen.map((r) => r.message_uuid);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < seen.length; i++) {
      if (!before(keyOf(seen[i - 1] as Row), keyOf(seen[i] as Row))) throw new Error(`rows ${i - 1} and ${i} are out of export order`);
    }
    expect(ids).not.toContain(late?.before);
    expect(ids.filter((id) => id === late?.after)).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([...expected, late?.after]));
  }, 120_000);
});
