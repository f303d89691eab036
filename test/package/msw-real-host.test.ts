// MSW on the contract's real host: `createMock({ baseDomain: 'mihu.ai' })` behind the MSW Node
// example (examples/msw/node/mock-server.ts) answers the code under test's requests to
// https://<tenant>.mihu.ai, the production URLs, in-process. The README's snippet (section "Use
// it as a package") is the one this test runs: same option, same URL.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupMockServer } from '../../examples/msw/node/mock-server.ts';

const ACME_TOKEN = 'wst_OCj2ISaJiHkTj0rLGlkoMXGjtEkDnNfribxUdl7d';
const CALLS = '/api/v1/calls?from=2026-10-01&to=2026-10-31';
const { mock, server } = setupMockServer({ baseDomain: 'mihu.ai' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const get = (url: string): Promise<Response> => fetch(url, { headers: { authorization: `Bearer ${ACME_TOKEN}` } });

describe('MSW with createMock({ baseDomain })', () => {
  it('answers https://acme.mihu.ai from the acme workspace', async () => {
    expect(mock.config.baseDomain).toBe('mihu.ai');
    const response = await get(`https://acme.mihu.ai${CALLS}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-timezone')).toBe('Europe/Berlin');
    expect(((await response.json()) as { data: { total: number } }).data.total).toBeGreaterThan(0);
  });

  it('a tenant is a subdomain of the base domain only: another tenant refuses the token, another domain is no tenant', async () => {
    const globex = await get(`https://globex.mihu.ai${CALLS}`);
    expect(globex.status, await globex.text()).toBe(401);
    const localhost = await get(`http://acme.localhost${CALLS}`);
    expect(localhost.status, await localhost.text()).toBe(404);
  });

  it('is the snippet README.md shows', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Use it as a package\n'), readme.indexOf('\n## Layout\n'));
    const snippet = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').find((code) => code.includes('baseDomain'));
    expect(snippet).toBeDefined();
    expect(snippet).toContain("setupMockServer({ baseDomain: 'mihu.ai' })");
    expect(snippet).toContain(`https://acme.mihu.ai${CALLS}`);
    expect(snippet).toContain(ACME_TOKEN);
  });
});
