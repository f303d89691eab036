// The mock in a real browser (headless Chromium through playwright-core, test/support/chromium.ts):
// - /docs renders the API reference with every operation of the contract, with no page error
//   (the page's CSP allows only the mock's own scripts); a screenshot is kept in
//   reports/artifacts/docs.png;
// - /openapi.json reaches the browser as generated/openapi.json with the running mock first in its
//   servers ("Try it out" itself: test/browser/try-it.test.ts);
// - a page of another origin (its own node:http server) calls the API with fetch and a token, on a
//   tenant host (Chromium resolves *.localhost to loopback) and on the loopback address served by
//   --default-tenant, and its script reads the headers CORS exposes (mock/pipeline/cors.ts).
// The mock is the CLI in a child process, as `npm start` runs it.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type StartedMock } from '../../conformance/target/start-mock.ts';
import { BUNDLED_SPEC_PATH } from '../../mock/contract/bundled-path.ts';
import { launchChromium } from '../support/chromium.ts';
import { contractOperations } from '../support/contract.ts';
import { type PageServer, servePage } from '../support/page-server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SCREENSHOT = resolve(ROOT, 'reports/artifacts/docs.png');

/** The headers a page script must be able to read (mock/pipeline/cors.ts). */
const EXPOSED = ['x-timezone', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'x-mock-source'];

/** What the other origin's page script reports of one fetch. */
interface PageReply {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

/** The other origin's page: its script calls the mock with fetch and returns what it could read. */
const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Frontend on another origin</title></head>
<body><p>A frontend served from another origin.</p>
<script>
window.callMock = async function (url, token, names) {
  const response = await fetch(url, { headers: { Authorization: 'Bearer ' + token, 'X-Timezone': 'Asia/Tokyo' } });
  const headers = {};
  for (const name of names) headers[name] = response.headers.get(name);
  return { status: response.status, headers, body: await response.json() };
};
</script></body></html>`;

/** The page's global, as the test calls it inside the page (the project's types have no DOM). */
interface PageScript {
  callMock(url: string, token: string, names: string[]): Promise<PageReply>;
}

/** Runs the page script's callMock in the page and returns what it read. */
function callFromPage(page: Page, url: string, token: string, names: string[]): Promise<PageReply> {
  return page.evaluate((args) => (globalThis as unknown as PageScript).callMock(args.url, args.token, args.names), { url, token, names });
}

function tokenOf(mock: StartedMock, slug: string): string {
  const tenant = mock.description.tenants.find((t) => t.slug === slug);
  const token = tenant?.tokens.find((t) => t.kind === 'workspace' && [t.permissions].flat().includes('*'))?.token;
  if (token === undefined) throw new Error(`the mock printed no all-permissions token for ${slug}`);
  return token;
}

describe('the mock in headless Chromium', () => {
  let browser: Browser;
  let mock: StartedMock;
  let other: PageServer;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    mock = await startMock({ defaultTenant: 'acme' });
    other = await servePage(PAGE);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      // The browser's own favicon request is the one 404 a page without an icon gets.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) pageErrors.push(`${message.text()} ${message.location().url}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await mock?.stop();
    await other?.close();
  });

  it('renders every operation of the contract at /docs, with no page error, and keeps a screenshot', async () => {
    await page.goto(`${mock.description.url}/docs`);
    // The page lists one section per tag, collapsed (docExpansion 'none'); opening a section draws
    // its operations. Every tag that holds an operation is listed, and opening each one in turn
    // shows exactly its operations.
    const byTag = new Map<string, string[]>();
    for (const op of contractOperations) {
      const tag = String((op.operation.tags as string[] | undefined)?.[0]);
      byTag.set(tag, [...(byTag.get(tag) ?? []), op.operationId]);
    }
    // A locator wait: it runs in Playwright's own world, which the page's CSP (no eval) does not
    // govern; a string predicate polled in the page is refused by that CSP when it has to poll.
    await page.locator('.opblock-tag-section').nth(byTag.size - 1).waitFor({ state: 'attached', timeout: 100_000 });
    expect(await page.locator('.opblock-tag-section').count()).toBe(byTag.size);

    const rendered: Array<{ method: string; path: string; id: string }> = [];
    for (const [tag, ids] of byTag) {
      const section = page.locator(`.opblock-tag-section:has(> .opblock-tag[data-tag="${tag}"])`);
      await section.locator('.opblock-tag').click();
      await section.locator('.opblock').nth(ids.length - 1).waitFor({ state: 'attached', timeout: 30_000 });
      const blocks = await section.locator('.opblock').evaluateAll((list) =>
        list.map((b) => ({
          method: b.querySelector('.opblock-summary-method')?.textContent?.trim().toLowerCase() ?? '',
          path: b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
          id: b.id,
        })),
      );
      expect(blocks.map((b) => b.id.replace(/^.*-/, '')).sort(), tag).toEqual([...ids].sort());
      rendered.push(...blocks);
      // Closed again before the next one: one open section at a time, as a reader goes through them.
      await section.locator('.opblock-tag').click();
      await section.locator('.opblock').first().waitFor({ state: 'detached', timeout: 30_000 });
    }
    const key = (method: string, path: string) => `${method} ${path}`;
    expect(rendered.map((r) => key(r.method, r.path)).sort()).toEqual(contractOperations.map((o) => key(o.method, o.path)).sort());
    // Each block's deep-link id ends with its operationId.
    for (const op of contractOperations) expect(rendered.some((r) => r.id.endsWith(`-${op.operationId}`)), op.operationId).toBe(true);
    const title = JSON.parse(readFileSync(BUNDLED_SPEC_PATH, 'utf8')).info.title as string;
    await expect(page.locator('.info .title').textContent()).resolves.toContain(title);

    mkdirSync(resolve(SCREENSHOT, '..'), { recursive: true });
    // The whole page: the header and the list of resource groups.
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(readFileSync(SCREENSHOT).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('delivers /openapi.json to the browser as generated/openapi.json with the mock first in servers', async () => {
    const response = await page.goto(`${mock.description.url}/openapi.json`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('application/json; charset=utf-8');
    const file = readFileSync(BUNDLED_SPEC_PATH, 'utf8');
    const bundle = JSON.parse(file) as { servers: Array<{ url: string }> };
    const served = JSON.parse((await response?.body())?.toString('utf8') ?? '') as { servers: Array<{ url: string }> };
    expect(served.servers.map((s) => s.url)).toEqual(['http://{tenant}.localhost:{port}', 'https://{tenant}.localhost:{port}', ...bundle.servers.map((s) => s.url)]);
    // Nothing else differs: with the bundle's own servers in their place, the text is the file's.
    expect(`${JSON.stringify({ ...served, servers: bundle.servers }, null, 2)}\n`).toBe(file);
  });

  it('answers a page of another origin with CORS, on a tenant host and on the default tenant', async () => {
    const port = mock.description.port;
    await page.goto(`${other.origin}/`);
    const targets = [
      // Chromium resolves *.localhost to loopback itself, so the tenant's subdomain works as is.
      { url: `http://acme.localhost:${port}/api/v1/calls?per_page=1`, token: tokenOf(mock, 'acme') },
      { url: `http://globex.localhost:${port}/api/v1/calls?per_page=1`, token: tokenOf(mock, 'globex') },
      // --default-tenant acme: the bare loopback address is acme's.
      { url: `http://127.0.0.1:${port}/api/v1/calls?per_page=1`, token: tokenOf(mock, 'acme') },
    ];
    for (const target of targets) {
      const seen = page.waitForResponse((r) => r.url() === target.url && r.request().method() === 'GET');
      const reply = await callFromPage(page, target.url, target.token, [...EXPOSED, 'date']);
      expect(reply.status, target.url).toBe(200);
      expect((reply.body as { success: boolean }).success).toBe(true);
      // The exposed headers are readable by the page's script.
      expect(reply.headers['x-timezone']).toBe('Asia/Tokyo');
      expect(reply.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(reply.headers['x-mock-source']).toBe('state');
      // A header CORS does not expose stays hidden: the call really was cross-origin.
      expect(reply.headers.date).toBeNull();
      const response = await seen;
      const headers = await response.allHeaders();
      expect(headers['access-control-allow-origin']).toBe('*');
      const exposed = (headers['access-control-expose-headers'] ?? '').toLowerCase().split(/,\s*/);
      for (const name of EXPOSED) expect(exposed).toContain(name);
    }
  });

  it("lets the other origin's script read Retry-After on a 429, and refuses another tenant's token", async () => {
    const port = mock.description.port;
    // The control API takes no browser origin; the test (no Origin header) arranges the 429.
    const forced = await fetch(`${mock.description.control}/force`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation_id: 'listCalls', tenant: 'acme', status: 429, times: 1 }),
    });
    expect(forced.status).toBe(201);
    await page.goto(`${other.origin}/`);
    const url = `http://127.0.0.1:${port}/api/v1/calls?per_page=1`;
    const limited = await callFromPage(page, url, tokenOf(mock, 'acme'), EXPOSED);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.headers['x-mock-source']).toBe('forced');
    // globex's token on the default tenant (acme): the error is readable across origins too.
    const wrong = await callFromPage(page, url, tokenOf(mock, 'globex'), EXPOSED);
    expect(wrong.status).toBe(401);
    expect(wrong.headers['x-timezone']).not.toBeNull();
  });
});
