// The analytics export at scale, for `npm run bench`: one export page (limit 500, cursor deep in
// the table, 90% of the way) timed against a workspace grown to 10,000 rows and against one grown
// to 1,000,000 rows, in the same process, with their ratio (the page is found by binary search, so
// the goal is a ratio under 1.5), and the heap the million rows take. Timings are the median of
// repeated requests; nothing is asserted.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { createMock, type Mock } from '../../mock/core/mock.ts';
import { issueCursor } from '../../mock/resources/analytics/cursor.ts';
import { defaultRange, growMessageRows } from '../../mock/resources/analytics/grow.ts';
import { keyOf, sortedRows } from '../../mock/resources/analytics/message-index.ts';
import type { MessageRow } from '../../mock/state/workspace.ts';
import { MockClock } from '../../mock/time/clock.ts';

const REPEATS = 200;
const LIMIT = 500;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

interface Measured {
  rows: number;
  medianMs: number;
  heapBytes: number;
}

async function measure(rows: number): Promise<Measured> {
  const clock = new MockClock({ frozenAt: Date.parse('2026-12-01T09:30:00Z') });
  const mock: Mock = createMock({ clock, rateLimits: { sendPerSecond: 5, generalPerMinute: 100_000_000 } });
  const runtime = mock.store.get('acme');
  if (!runtime) throw new Error('the demo fixtures have no acme workspace');
  const ws = runtime.state;
  const token = ws.tokens.find((t) => t.revoked_at === null && t.permissions.length > 0)?.secret ?? '';
  const range = defaultRange(clock.now());
  const before = heapUsed();
  growMessageRows(ws, { rows: rows - ws.message_rows.length, seed: 1, ...range });
  const heapBytes = heapUsed() - before;
  const sorted = sortedRows(ws.message_rows);
  const deep = sorted[Math.floor(sorted.length * 0.9)] as MessageRow;
  const from = range.from;
  const to = new Date(range.to.getTime() + 1);
  const cursor = issueCursor(ws.jwt_secret, { workspace: ws.slug, from, to, channel: null, agent_uuid: null, campaign_uuid: null }, keyOf(deep));
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), limit: String(LIMIT), cursor }).toString();
  const request = { method: 'GET', path: '/api/v1/analytics/messages', query, headers: { host: 'acme.localhost', authorization: `Bearer ${token}` }, body: new Uint8Array() };
  const times: number[] = [];
  for (let i = 0; i < REPEATS + 20; i++) {
    const start = process.hrtime.bigint();
    const res = await mock.handle(request);
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${res.body.slice(0, 200)}`);
    if (i >= 20) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { rows: ws.message_rows.length, medianMs: times[Math.floor(times.length / 2)] as number, heapBytes };
}

export interface AnalyticsFigures {
  small: Measured;
  large: Measured;
  ratio: number;
  heapMbPerMillionRows: number;
}

export async function benchAnalyticsExport(): Promise<AnalyticsFigures> {
  console.log(`analytics export: one page (limit ${LIMIT}, cursor 90% deep), median of ${REPEATS} requests, in process\n`);
  const small = await measure(10_000);
  console.log(`${String(small.rows).padStart(9)} rows   ${small.medianMs.toFixed(3).padStart(8)} ms per page`);
  const large = await measure(1_000_000);
  console.log(`${String(large.rows).padStart(9)} rows   ${large.medianMs.toFixed(3).padStart(8)} ms per page`);
  console.log(`\n1M / 10k page time = ${(large.medianMs / small.medianMs).toFixed(2)} (goal < 1.5)`);
  const perMillion = (large.heapBytes / large.rows) * 1_000_000;
  console.log(`heap per million rows ≈ ${(perMillion / 1024 / 1024).toFixed(0)} MB\n`);
  return { small, large, ratio: large.medianMs / small.medianMs, heapMbPerMillionRows: perMillion / 1024 / 1024 };
}
