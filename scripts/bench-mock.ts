// `npm run bench`: how fast the mock answers, next to a floor and a peer, and how its analytics
// export scales. Nothing is asserted (timings vary by machine); the figures are printed as a table
// and written as JSON (--json, default bench-results/bench.json).
//
// `--part analytics` (bench/analytics-export.ts): one export page from 10,000 and from 1,000,000
// rows, their ratio and the heap per million rows, in process.
// `--part logs` (bench/action-logs.ts): one page of the actions feed from 10,000 and from 100,000
// kept rows, their ratio, the same read with a scanning filter, and the heap per 100,000 rows.
// `--part http` (bench/http.ts): a bare node:http server, the mock (a child process as `npm start`
// runs it, rate limits lifted) and Prism (`prism mock generated/openapi.json`) in alternation,
// with autocannon and --connections (default 50), for a list read, a validated SMS send, a 401
// (no token) and a 404 (unknown endpoint): req/s, p50, p99 (medians over --rounds, default 3, of
// --seconds each, default 5), the ratios mock/bare and mock/Prism, and the startup time of the
// mock and Prism to their first answer. `--no-prism` leaves Prism out; `--profile N` then runs the
// mock under `node --cpu-prof` for N seconds of one scenario (--profile-scenario list|send|401|404,
// default list) and prints the functions with the most self time, the startup left out.
// Without --part all three run. A quick run: `npm run bench -- --seconds 1 --rounds 1`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { type AnalyticsFigures, benchAnalyticsExport } from './bench/analytics-export.ts';
import { benchActionLogs, type LogsFigures } from './bench/action-logs.ts';
import { type BenchOptions, parseBenchArgs } from './bench/figures.ts';
import { benchHttp, type HttpFigures } from './bench/http.ts';

const root = resolve(import.meta.dirname, '..');
let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  console.error('Usage: npm run bench -- [--part all|analytics|logs|http] [--seconds 5] [--rounds 3] [--connections 50] [--json bench-results/bench.json] [--no-prism] [--profile 0] [--profile-scenario list]');
  process.exit(2);
}

const loadBefore = loadavg();
let analytics: AnalyticsFigures | null = null;
let logs: LogsFigures | null = null;
let http: HttpFigures | null = null;
if (options.part === 'all' || options.part === 'analytics') analytics = await benchAnalyticsExport();
if (options.part === 'all' || options.part === 'logs') logs = await benchActionLogs();
if (options.part === 'all' || options.part === 'http') http = await benchHttp(root, options);

const path = resolve(root, options.json);
mkdirSync(dirname(path), { recursive: true });
const report = {
  generated_at: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? null,
  loadavg_before: loadBefore,
  loadavg_after: loadavg(),
  options,
  analytics,
  logs,
  http,
};
writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nfigures written to ${path} (load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${report.loadavg_after.map((l) => l.toFixed(1)).join(' ')})`);
