// The MSW Node example (examples/msw/node/): with MSW's setupServer forwarding every request to the
// package's fetch adapter, plain fetch calls are answered by the mock in-process: tenants by Host,
// auth, the applied zone and state that persists between requests. The package's name resolves to
// its sources here (vitest.config.ts); test/package/pack.test.ts runs the same example against the
// installed tarball.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupMockServer } from '../../examples/msw/node/mock-server.ts';

const ACME_TOKEN = 'wst_OCj2ISaJiHkTj0rLGlkoMXGjtEkDnNfribxUdl7d';
const { mock, server } = setupMockServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function get(url: string, token: string | null = ACME_TOKEN): Promise<Response> {
  return fetch(url, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

describe('MSW setupServer with the fetch adapter', () => {
  it('answers a tenant read in the workspace zone', async () => {
    const response = await get('http://acme.localhost/api/v1/calls?from=2026-10-01&to=2026-10-31');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-timezone')).toBe('Europe/Berlin');
    const body = (await response.json()) as { data: { total: number; data: Array<{ created_at: string }> } };
    expect(body.data.total).toBeGreaterThan(0);
    // October's call is in Berlin summer time: its instants carry +02:00.
    expect(body.data.data[0]?.created_at).toMatch(/\+02:00$/);
  });

  it('answers 401 without a token and 404 for an unknown tenant, in the contract shape', async () => {
    const unauthorized = await get('http://acme.localhost/api/v1/calls?from=2026-10-01&to=2026-10-31', null);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ success: false });
    const unknown = await get('http://nobody.localhost/api/v1/calls?from=2026-10-01&to=2026-10-31');
    expect(unknown.status).toBe(404);
  });

  it('keeps state between requests: a created token is listed next', async () => {
    const created = await fetch('http://acme.localhost/api/v1/tokens', {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'MSW example token', permissions: ['calls:read'] }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const names = JSON.stringify(await (await get('http://acme.localhost/api/v1/tokens?per_page=100')).json());
    expect(names).toContain('MSW example token');
    expect(mock.store.get('acme')?.state.tokens.some((t) => t.name === 'MSW example token')).toBe(true);
  });
});
