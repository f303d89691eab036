// The actions feed at scale, for `npm run bench` (`--part logs`): one page of GET
// /api/v1/logs/actions (the newest 25, and page 40) timed against a workspace grown to 10,000 and to
// 100,000 kept rows (scripts/bench/action-rows.ts), in process, with their ratio (the read is
// answered from sorted indexes, mock/resources/logs/action-index.ts, so the goal is under 1.5); the
// same first page filtered by `contact` (the generated rows go round the workspace's contacts) and
// by `status`, both answered from the per-key indexes, with their ratios; the same read with a
// `search` filter (which scans every row) for contrast; and the heap the rows and their index take
// per 100,000 rows, before and after the contact and status reads built their buckets. Timings are medians of repeated requests; nothing is asserted.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMock } from '../../mock/core/mock.ts';
import { MockClock } from '../../mock/time/clock.ts';
import { actionRows } from './action-rows.ts';
import { ratio } from './figures.ts';

const REPEATS = 200;
const DAY = 86_400_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export interface LogsMeasured {
  rows: number;
  firstPageMs: number;
  deepPageMs: number;
  /** The first page filtered by one contact. */
  contactMs: number;
  /** The first page filtered by `status=completed` (rows `completed` or `success`). */
  statusMs: number;
  /** The first page filtered by `search`, which scans every row. */
  scannedMs: number;
  /** The heap the rows and their index take after the unfiltered reads. */
  heapBytes: number;
  /** The same after the contact and status reads built their per-key buckets. */
  keyedHeapBytes: number;
}

async function measure(rows: number): Promise<LogsMeasured> {
  const now = Date.parse('2026-12-01T09:30:00Z');
  const mock = createMock({ clock: new MockClock({ frozenAt: now }), rateLimits: { sendPerSecond: 5, generalPerMinute: 100_000_000 }, recordRequests: 0 });
  const ws = mock.store.get('acme')?.state;
  if (!ws) throw new Error('the demo fixtures have no acme workspace');
  const token = ws.tokens.find((t) => t.revoked_at === null && t.permissions.includes('*'))?.secret ?? '';
  const contacts = ws.contacts.map((c) => c.uuid);
  const contact = contacts[0];
  if (contact === undefined) throw new Error('the demo fixtures have no contact in acme');
  const before = heapUsed();
  const added = actionRows(rows - ws.action_logs.length, 1, new Date(now - 90 * DAY), new Date(now));
  added.forEach((row, i) => {
    row.contact_uuid = contacts[i % contacts.length] as string;
  });
  ws.action_logs.push(...added);
  const time = async (query: string): Promise<number> => {
    const request = { method: 'GET', path: '/api/v1/logs/actions', query, headers: { host: 'acme.localhost', authorization: `Bearer ${token}` }, body: new Uint8Array() };
    const times: number[] = [];
    for (let i = 0; i < REPEATS + 20; i++) {
      const start = process.hrtime.bigint();
      const res = await mock.handle(request);
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.status !== 200) throw new Error(`the actions feed answered ${res.status}: ${res.body.slice(0, 200)}`);
      if (i >= 20) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] as number;
  };
  const firstPageMs = await time('per_page=25');
  const heapBytes = heapUsed() - before;
  const deepPageMs = await time('per_page=25&page=40');
  const contactMs = await time(`per_page=25&contact=${contact}`);
  const statusMs = await time('per_page=25&status=completed');
  const keyedHeapBytes = heapUsed() - before;
  const scannedMs = await time('per_page=25&search=export');
  return { rows: ws.action_logs.length, firstPageMs, deepPageMs, contactMs, statusMs, scannedMs, heapBytes, keyedHeapBytes };
}

export interface LogsFigures {
  small: LogsMeasured;
  large: LogsMeasured;
  ratio: number;
  /** 100k / 10k page time of the contact-filtered read (null when a time is not positive). */
  contactRatio: number | null;
  /** 100k / 10k page time of the status-filtered read (null when a time is not positive). */
  statusRatio: number | null;
  heapMbPer100kRows: number;
  /** The same with the contact and status buckets built. */
  keyedHeapMbPer100kRows: number;
}

const fixed = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(2));

export async function benchActionLogs(): Promise<LogsFigures> {
  console.log(`actions feed: one page (per_page 25; page 1 and page 40; page 1 by contact and by status, indexed; and with a search filter, which scans), median of ${REPEATS} requests, in process\n`);
  const small = await measure(10_000);
  const large = await measure(100_000);
  for (const m of [small, large]) {
    console.log(
      `${String(m.rows).padStart(8)} rows   page 1 ${m.firstPageMs.toFixed(3).padStart(8)} ms   page 40 ${m.deepPageMs.toFixed(3).padStart(8)} ms   contact ${m.contactMs.toFixed(3).padStart(8)} ms   status ${m.statusMs.toFixed(3).padStart(8)} ms   scanned (search filter) ${m.scannedMs.toFixed(3).padStart(9)} ms`,
    );
  }
  const pageRatio = large.firstPageMs / small.firstPageMs;
  const contactRatio = ratio(large.contactMs, small.contactMs);
  const statusRatio = ratio(large.statusMs, small.statusMs);
  console.log(`\n100k / 10k page time = ${pageRatio.toFixed(2)} (goal < 1.5); page 40: ${(large.deepPageMs / small.deepPageMs).toFixed(2)}; contact: ${fixed(contactRatio)}; status: ${fixed(statusRatio)}`);
  const mb = (bytes: number) => (bytes / large.rows) * 100_000 / 1024 / 1024;
  console.log(`heap per 100,000 rows (rows and index) ≈ ${mb(large.heapBytes).toFixed(1)} MB; with the contact and status buckets ≈ ${mb(large.keyedHeapBytes).toFixed(1)} MB\n`);
  return { small, large, ratio: pageRatio, contactRatio, statusRatio, heapMbPer100kRows: mb(large.heapBytes), keyedHeapMbPer100kRows: mb(large.keyedHeapBytes) };
}
