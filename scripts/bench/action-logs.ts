// The actions feed at scale, for `npm run bench` (`--part logs`): one page of GET
// /api/v1/logs/actions (the newest 25, and page 40) timed against a workspace grown to 10,000 and to
// 100,000 kept rows (scripts/bench/action-rows.ts), in process, with their ratio (the read is
// answered from sorted indexes, mock/resources/logs/action-index.ts, so the goal is under 1.5), the
// same read with a `status` filter (which scans every row) for contrast, and the heap the rows and
// their index take per 100,000 rows. Timings are medians of repeated requests; nothing is asserted.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMock } from '../../mock/core/mock.ts';
import { MockClock } from '../../mock/time/clock.ts';
import { actionRows } from './action-rows.ts';

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
  scannedMs: number;
  heapBytes: number;
}

async function measure(rows: number): Promise<LogsMeasured> {
  const now = Date.parse('2026-12-01T09:30:00Z');
  const mock = createMock({ clock: new MockClock({ frozenAt: now }), rateLimits: { sendPerSecond: 5, generalPerMinute: 100_000_000 }, recordRequests: 0 });
  const ws = mock.store.get('acme')?.state;
  if (!ws) throw new Error('the demo fixtures have no acme workspace');
  const token = ws.tokens.find((t) => t.revoked_at === null && t.permissions.includes('*'))?.secret ?? '';
  const before = heapUsed();
  ws.action_logs.push(...actionRows(rows - ws.action_logs.length, 1, new Date(now - 90 * DAY), new Date(now)));
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
  const scannedMs = await time('per_page=25&status=success');
  return { rows: ws.action_logs.length, firstPageMs, deepPageMs, scannedMs, heapBytes };
}

export interface LogsFigures {
  small: LogsMeasured;
  large: LogsMeasured;
  ratio: number;
  heapMbPer100kRows: number;
}

export async function benchActionLogs(): Promise<LogsFigures> {
  console.log(`actions feed: one page (per_page 25; page 1 and page 40; and with a status filter, which scans), median of ${REPEATS} requests, in process\n`);
  const small = await measure(10_000);
  const large = await measure(100_000);
  for (const m of [small, large]) {
    console.log(`${String(m.rows).padStart(8)} rows   page 1 ${m.firstPageMs.toFixed(3).padStart(8)} ms   page 40 ${m.deepPageMs.toFixed(3).padStart(8)} ms   scanned (status filter) ${m.scannedMs.toFixed(3).padStart(9)} ms`);
  }
  const ratio = large.firstPageMs / small.firstPageMs;
  console.log(`\n100k / 10k page time = ${ratio.toFixed(2)} (goal < 1.5); page 40: ${(large.deepPageMs / small.deepPageMs).toFixed(2)}`);
  const per100k = (large.heapBytes / large.rows) * 100_000;
  console.log(`heap per 100,000 rows (rows and index) ≈ ${(per100k / 1024 / 1024).toFixed(1)} MB\n`);
  return { small, large, ratio, heapMbPer100kRows: per100k / 1024 / 1024 };
}
