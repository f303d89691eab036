// The browser MSW example (examples/msw/browser/) in headless Chromium (test/support/chromium.ts):
// the example is bundled by esbuild for the browser (the package's name resolved to its sources),
// served from a static loopback server, registers MSW's service worker, and a fetch from the page to
// a tenant host is answered by the mock running in the page, with no mock server anywhere.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserExample } from '../../examples/msw/browser/build.ts';
import { listen } from '../../mock/adapters/node-http.ts';
import { launchChromium } from '../support/chromium.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ACME_TOKEN = 'wst_OCj2ISaJiHkTj0rLGlkoMXGjtEkDnNfribxUdl7d';
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** What the page's fetch saw. */
interface PageReply {
  status: number;
  timezone: string | null;
  body: { data?: { total?: number; data?: Array<{ created_at?: string }> } };
}

/** Serves the files of one folder (no listing, no subfolders) on a free loopback port. */
function serveFolder(dir: string): Server {
  return createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1) || 'index.html';
    const type = TYPES[extname(name)];
    if (name.includes('/') || type === undefined) {
      res.writeHead(404).end();
      return;
    }
    try {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(readFileSync(join(dir, name)));
    } catch {
      res.writeHead(404).end();
    }
  });
}

describe('the MSW browser example in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  let page: Page;
  let outDir: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'msw-browser-'));
    const built = await buildBrowserExample(outDir, { 'agent-platform-contract': join(ROOT, 'mock', 'index.ts') });
    expect(built.inputs.filter((input) => input.startsWith('node:'))).toEqual([]);
    server = serveFolder(outDir);
    origin = await listen(server, 0, '127.0.0.1');
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('registers the worker and answers a tenant API call from the mock in the page', async () => {
    await page.goto(`${origin}/index.html`);
    await page.waitForFunction('globalThis.mockReady === true', undefined, { timeout: 60_000 });
    // The static server has no API: only the mock behind the service worker can answer this.
    const url = `http://acme.localhost:${new URL(origin).port}/api/v1/calls?from=2026-10-01&to=2026-10-31`;
    const reply = await page.evaluate(
      async ({ url, token }) => {
        const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
        return { status: response.status, timezone: response.headers.get('x-timezone'), body: await response.json() };
      },
      { url, token: ACME_TOKEN },
    );
    const { status, timezone, body } = reply as PageReply;
    expect(status, JSON.stringify(body)).toBe(200);
    expect(timezone).toBe('Europe/Berlin');
    expect(body.data?.total).toBeGreaterThan(0);
    expect(body.data?.data?.[0]?.created_at).toMatch(/\+02:00$/);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
