// `npm run soak`: a long run of varied requests against an in-process mock served over node:http,
// printing the process's resident memory (RSS) before, during and after, and the size of every
// per-request cache against its bound. The requests vary what a cache is keyed by: X-Timezone
// spellings (letter case, Windows names, junk), tokens (workspace tokens, freshly signed user
// tokens, junk), request_keys of accepted sends, paths and query strings, and both tenants.
// Bounded in count (--requests, default 100000) and time (--max-seconds, default 600); it stops
// by itself. `--requests 5000` is the small mode; tests call `soak()` directly. It exits 1 when the
// peak RSS passes --max-rss-mb (default 512) or a cache passes its bound.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { Agent, request } from 'undici';
import { createMockServer, listen } from '../mock/adapters/node-http.ts';
import { type CacheReport, cacheReport } from '../mock/core/cache-report.ts';
import type { CacheLimits } from '../mock/core/config.ts';
import { createMock } from '../mock/core/mock.ts';
import type { WorkspaceState } from '../mock/state/workspace.ts';
import { prng } from '../mock/core/prng.ts';

export interface SoakOptions {
  requests: number;
  concurrency?: number;
  maxSeconds?: number;
  caches?: Partial<CacheLimits>;
  /** Called every `every` requests with the count so far and the RSS in bytes. */
  onProgress?: (done: number, rss: number) => void;
  every?: number;
  /** Seed of the request mix (a run is reproducible). */
  seed?: number;
}

export interface SoakResult {
  sent: number;
  seconds: number;
  statuses: Record<number, number>;
  rss: { before: number; peak: number; after: number };
  caches: CacheReport;
  /** Distinct keys sent, per cache, to compare with the bounds. */
  distinct: { zoneSpellings: number; unknownZones: number; jwts: number; requestKeys: number };
}

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Tokyo', 'Pacific/Auckland', 'UTC', 'America/Los_Angeles', 'Australia/Adelaide'];
const WINDOWS = ['W. Europe Standard Time', 'Pacific Standard Time', 'India Standard Time', 'Tokyo Standard Time'];
const PATHS = ['/api/v1/calls', '/api/v1/tokens', '/api/v1/outbound/summary', '/api/v1/campaigns', '/api/v1/nowhere', '/api/v1/calls/not-a-uuid'];

function spelling(name: string, next: () => number): string {
  return [...name].map((c) => (next() < 0.5 ? c.toLowerCase() : c.toUpperCase())).join('');
}

export async function soak(options: SoakOptions): Promise<SoakResult> {
  const total = options.requests;
  const concurrency = options.concurrency ?? 16;
  const deadline = Date.now() + (options.maxSeconds ?? 600) * 1000;
  const every = options.every ?? 10_000;
  const next = prng(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

  const rssBefore = process.memoryUsage().rss;
  const mock = createMock({ rateLimits: { generalPerMinute: 1_000_000_000, sendPerSecond: 1_000_000_000 }, ...(options.caches ? { caches: options.caches as CacheLimits } : {}) });
  const server = createMockServer(mock);
  const origin = await listen(server, 0, '127.0.0.1');
  const port = new URL(origin).port;
  const dispatcher = new Agent({ connections: concurrency });
  const workspaces = mock.fixtures.map((ws) => ({ ws, secret: new TextEncoder().encode(ws.jwt_secret), token: ws.tokens.find((t) => t.permissions.includes('*') && t.revoked_at === null)?.secret ?? '' }));
  const spellings = new Set<string>();
  const unknownZones = new Set<string>();
  let jwts = 0;
  let keys = 0;
  const statuses: Record<number, number> = {};
  let peak = rssBefore;
  let sent = 0;
  const started = Date.now();

  async function one(i: number): Promise<void> {
    const { ws, secret, token } = pick(workspaces);
    const headers: Record<string, string> = { host: `${ws.slug}.localhost:${port}` };
    const zoneRoll = next();
    if (zoneRoll < 0.45) {
      const zone = spelling(pick(ZONES), next);
      spellings.add(zone);
      headers['x-timezone'] = zone;
    } else if (zoneRoll < 0.55) headers['x-timezone'] = pick(WINDOWS);
    else if (zoneRoll < 0.8) {
      const junk = `Zone/${Math.floor(next() * 1e9).toString(36)}`;
      spellings.add(junk);
      unknownZones.add(junk.toLowerCase());
      headers['x-timezone'] = junk;
    }
    const tokenRoll = next();
    if (tokenRoll < 0.2) {
      const member = pick(ws.members);
      headers.authorization = `Bearer ${await new SignJWT({ ws: ws.slug, permissions: ['*'], n: i }).setProtectedHeader({ alg: 'HS256' }).setSubject(member.uuid).setIssuedAt().sign(secret)}`;
      jwts++;
    } else if (tokenRoll < 0.25) headers.authorization = `Bearer wst_${Math.floor(next() * 1e12).toString(36)}`;
    else headers.authorization = `Bearer ${token}`;
    let method: 'GET' | 'POST' = 'GET';
    let path = pick(PATHS);
    let body: string | undefined;
    if (next() < 0.15) {
      method = 'POST';
      path = '/api/v1/sms/send';
      headers['content-type'] = 'application/json';
      body = JSON.stringify({ ...smsBody(ws), request_key: `soak-${i}` });
      keys++;
    } else if (next() < 0.3) path = `${path}?page=${Math.ceil(next() * 3)}&timezone=${encodeURIComponent(spelling(pick(ZONES), next))}`;
    const res = await request(`${origin}${path}`, { method, headers, body, dispatcher });
    await res.body.dump();
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  }

  let issued = 0;
  async function worker(): Promise<void> {
    while (issued < total && Date.now() < deadline) {
      const i = issued++;
      await one(i);
      sent++;
      if (sent % every === 0) {
        const rss = process.memoryUsage().rss;
        peak = Math.max(peak, rss);
        options.onProgress?.(sent, rss);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const caches = cacheReport(mock);
  await dispatcher.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const after = process.memoryUsage().rss;
  return {
    sent,
    seconds: (Date.now() - started) / 1000,
    statuses,
    rss: { before: rssBefore, peak: Math.max(peak, after), after },
    caches,
    distinct: { zoneSpellings: spellings.size, unknownZones: unknownZones.size, jwts, requestKeys: keys },
  };
}

/** A valid SMS send of the workspace: its first agent bound to SMS, to its first contact with a phone. */
function smsBody(ws: WorkspaceState): Record<string, unknown> {
  const agent = ws.agents.find((a) => a.channels.sms !== null);
  const contact = ws.contacts.find((c) => c.phone !== null);
  return { agentId: agent?.uuid, phoneNumber: contact?.phone, message: 'Your appointment is tomorrow at 10:30.' };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '100000' },
      concurrency: { type: 'string', default: '16' },
      'max-seconds': { type: 'string', default: '600' },
      'max-rss-mb': { type: 'string', default: '512' },
    },
  });
  const requests = Number(values.requests);
  console.log(`soak: ${requests} requests, ${values.concurrency} at a time, at most ${values['max-seconds']} s`);
  console.log(`RSS before: ${mb(process.memoryUsage().rss)}`);
  const result = await soak({
    requests,
    concurrency: Number(values.concurrency),
    maxSeconds: Number(values['max-seconds']),
    every: Math.max(1000, Math.floor(requests / 10)),
    onProgress: (done, rss) => console.log(`RSS during: ${mb(rss)} after ${done} requests`),
  });
  global.gc?.();
  console.log(`RSS after: ${mb(process.memoryUsage().rss)} (peak ${mb(result.rss.peak)}); ${result.sent} requests in ${result.seconds.toFixed(1)} s`);
  console.log(`statuses: ${JSON.stringify(result.statuses)}`);
  console.log(`distinct keys sent: ${JSON.stringify(result.distinct)}`);
  console.log(`caches (size / bound): ${JSON.stringify(result.caches)}`);
  const overBound = overTheirBound(result.caches);
  const maxRss = Number(values['max-rss-mb']) * 1024 * 1024;
  if (result.rss.peak > maxRss || overBound.length > 0) {
    console.log(`FAIL: peak RSS ${mb(result.rss.peak)} (bound ${values['max-rss-mb']} MB)${overBound.length ? `; over their bound: ${overBound.join(', ')}` : ''}`);
    process.exitCode = 1;
  } else console.log(`ok: peak RSS within ${values['max-rss-mb']} MB and every cache within its bound`);
}

/** The caches of a report whose size passes their bound, by their path in the report. */
function overTheirBound(report: unknown, path = ''): string[] {
  if (typeof report !== 'object' || report === null) return [];
  const node = report as Record<string, unknown>;
  if (typeof node.size === 'number' && typeof node.bound === 'number') return node.size > node.bound ? [path] : [];
  return Object.entries(node).flatMap(([key, value]) => overTheirBound(value, path ? `${path}.${key}` : key));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
