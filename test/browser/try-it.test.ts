// "Try it out" on the mock's own /docs page, in headless Chromium (test/support/chromium.ts): the
// served description lists the running mock first (`http://{tenant}.localhost:{port}`, the tenant a
// server variable; mock/docs/servers.ts), so a reader who opens an operation, authorizes with a demo
// token and presses Execute gets the mock's live answer. The page is served at
// http://localhost:PORT/docs and the request goes to acme.localhost:PORT (another origin, which
// Chromium resolves to loopback): the API's CORS (mock/pipeline/cors.ts) lets the page read it.
// The mock is the CLI in a child process, as `npm start` runs it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type StartedMock } from '../../conformance/target/start-mock.ts';
import { launchChromium } from '../support/chromium.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface FixtureAgent {
  uuid: string;
  name: string;
}

const acmeAgents = (JSON.parse(readFileSync(resolve(ROOT, 'fixtures/demo/acme.json'), 'utf8')) as { agents: FixtureAgent[] }).agents;

function tokenOf(mock: StartedMock, slug: string): string {
  const tenant = mock.description.tenants.find((t) => t.slug === slug);
  const token = tenant?.tokens.find((t) => t.kind === 'workspace' && [t.permissions].flat().includes('*'))?.token;
  if (token === undefined) throw new Error(`the mock printed no all-permissions token for ${slug}`);
  return token;
}

describe('"Try it out" on /docs, in headless Chromium', () => {
  let browser: Browser;
  let mock: StartedMock;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    mock = await startMock();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) pageErrors.push(`${message.text()} ${message.location().url}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await mock?.stop();
  });

  it('lists the running mock first, with the tenant as a variable, and Execute answers from it', async () => {
    const port = mock.description.port;
    await page.goto(`http://localhost:${port}/docs`);

    // The servers menu: the mock's address first, its tenant variable offering the mock's workspaces.
    const servers = page.locator('select#servers');
    await servers.waitFor({ state: 'visible', timeout: 60_000 });
    const options = await servers.locator('option').allTextContents();
    // Each option reads "<url> - <description>".
    expect(options[0]?.trim()).toMatch(/^http:\/\/\{tenant\}\.localhost:\{port\} - This mock, over plain HTTP\.$/);
    expect(options[1]?.trim()).toMatch(/^https:\/\/\{tenant\}\.localhost:\{port\} - This mock, over HTTPS/);
    const tenant = page.locator('select[data-variable="tenant"]');
    const tenantChoices = await tenant.locator('option').allTextContents();
    expect(tenantChoices.map((t) => t.trim()).sort()).toEqual(mock.description.tenants.map((t) => t.slug).sort());
    await expect(tenant.inputValue()).resolves.toBe('acme');
    await expect(page.locator('input[data-variable="port"]').inputValue()).resolves.toBe(String(port));
    await expect(page.locator('.computed-url code').first().textContent()).resolves.toBe(`http://acme.localhost:${port}`);

    // Authorize with acme's demo token (bearerAuth).
    await page.locator('.auth-wrapper .btn.authorize').click();
    await page.locator('#auth-bearer-value').fill(tokenOf(mock, 'acme'));
    await page.locator('.modal-ux .modal-btn.auth.authorize').click();
    await page.locator('.modal-ux .btn-done').click();

    // Open the Agents group, then listAgents, then "Try it out" and Execute.
    const section = page.locator('.opblock-tag-section:has(> .opblock-tag[data-tag="Agents"])');
    await section.locator('.opblock-tag').click();
    const block = page.locator('[id$="-listAgents"]');
    await block.locator('.opblock-summary').first().click();
    await block.locator('.try-out__btn').click();
    const answered = page.waitForResponse((r) => r.url().startsWith(`http://acme.localhost:${port}/api/v1/agents`) && r.request().method() === 'GET');
    await block.locator('.btn.execute').click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${tokenOf(mock, 'acme')}`);

    // The page shows the live answer: its status and the fixture's agents.
    const live = block.locator('.live-responses-table');
    await live.locator('.response-col_status').first().waitFor({ state: 'visible', timeout: 30_000 });
    await expect(live.locator('tbody .response-col_status').first().textContent()).resolves.toContain('200');
    const shown = (await live.locator('tbody .response-col_description').first().textContent()) ?? '';
    const first = acmeAgents[0];
    if (first === undefined) throw new Error('the acme fixture has no agent');
    expect(shown).toContain(first.name);
    expect(shown).toContain(first.uuid);
    // The request really crossed origins (localhost → acme.localhost) and CORS let the page read it.
    expect((await response.allHeaders())['access-control-allow-origin']).toBe('*');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
