// `npm run bench`: requests per second of one authenticated GET against the mock and against a
// bare node:http server returning a fixed JSON body, measured with autocannon in the same run.
// Prints both and their ratio; nothing is asserted (timings vary by machine). `--method PUT --body
// '{...}'` measures a write instead (the bare server answers it the same way). Before that, the
// analytics export at scale (bench/analytics-export.ts): one page from 10,000 and from 1,000,000
// rows, their ratio and the heap per million rows. `--part analytics` or `--part http` runs one.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchAnalyticsExport } from './bench/analytics-export.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    path: { type: 'string', default: '/api/v1/tokens' },
    method: { type: 'string', default: 'GET' },
    body: { type: 'string' },
    part: { type: 'string', default: 'all' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

async function start(args: string[]): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, 'line')) as [string];
  return { child, info: JSON.parse(line) as Record<string, unknown> };
}

async function measure(name: string, url: string, headers: Record<string, string>): Promise<number> {
  const body = values.body;
  const method = values.method.toUpperCase() as 'GET';
  const result = await autocannon({ url, connections, duration, method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }) });
  const non2xx = result.non2xx;
  console.log(`${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(8)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${non2xx ? `  (${non2xx} non-2xx!)` : ''}`);
  return result.requests.average;
}

if (values.part !== 'all' && values.part !== 'analytics' && values.part !== 'http') {
  console.error('--part must be all, analytics or http');
  process.exit(2);
}
if (values.part !== 'http') await benchAnalyticsExport();
if (values.part === 'analytics') process.exit(0);

const bare = await start(['scripts/bench/bare-server.ts']);
const mock = await start(['mock/cli.ts', '--port', '0', '--json', '--general-per-minute', '100000000']);
try {
  const tenants = mock.info.tenants as Array<{ slug: string; tokens: Array<{ token: string; kind: string }> }>;
  const acme = tenants.find((t) => t.slug === 'acme');
  const token = acme?.tokens.find((t) => t.kind === 'workspace')?.token ?? '';
  const port = mock.info.port as number;
  const path = values.path;
  console.log(`autocannon: ${connections} connections, ${duration} s each, ${values.method.toUpperCase()} ${path} (authenticated, stateful)\n`);
  const reference = await measure('bare node:http (fixed JSON)', `${bare.info.url as string}${path}`, {});
  const measured = await measure('mock', `http://127.0.0.1:${port}${path}`, {
    host: `acme.localhost:${port}`,
    authorization: `Bearer ${token}`,
  });
  console.log(`\nmock / bare = ${(measured / reference).toFixed(2)}`);
} finally {
  bare.child.kill();
  mock.child.kill();
}
