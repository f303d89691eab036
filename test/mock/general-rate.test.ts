// The general API rate (seed "Limits": 1000 requests per minute, stated separately), configured
// small here: per workspace, over all operations and tokens; over it 429 with Retry-After and
// error.retryAfter; X-RateLimit-Limit/Remaining count it down; the next minute of the mock clock
// opens it again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorB } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, TRANSPORTS } from '../support/harness.ts';

const PER_MINUTE = 5;
const acme = demoTenant('acme');

function expect429(res: Reply): number {
  expect(res.status, res.text).toBe(429);
  expect(res.json<ErrorB>().error.code).toBe('RATE_LIMIT_EXCEEDED');
  const wait = Number(res.headers['retry-after']);
  expect(res.json<ErrorB>().error.retryAfter).toBe(wait);
  expect(res.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  return wait;
}

describe.each(TRANSPORTS)('the general rate over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { rateLimits: { sendPerSecond: 5, generalPerMinute: PER_MINUTE } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.store.load(h.mock.fixtures));

  it('counts every request of a workspace, whatever the operation and token, then answers 429', async () => {
    const requests: Array<() => Promise<Reply>> = [
      () => h.call('GET', '/api/v1/calls'),
      () => h.call('GET', '/api/v1/tokens'),
      () => h.call('GET', '/api/v1/outbound/summary'),
      () => h.call('POST', '/api/v1/tokens', { json: { name: 'x' } }),
      () => h.call('GET', '/api/v1/calls', { token: acme.readOnlyToken }),
    ];
    for (const [i, request] of requests.entries()) {
      const res = await request();
      expect(res.status, res.text).toBeLessThan(300);
      expect(res.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(PER_MINUTE - 1 - i));
    }
    expect429(await h.call('GET', '/api/v1/calls'));
    expect429(await h.call('GET', `/api/v1/flow/${acme.state.agents[0]?.uuid}`));
    const other = await h.call('GET', '/api/v1/calls', { tenant: 'globex' });
    expect(other.status).toBe(200);
  });

  it('counts unauthenticated requests of the workspace too', async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await h.call('GET', '/api/v1/calls', { token: null })).status).toBe(401);
    expect429(await h.call('GET', '/api/v1/calls'));
  });

  it('says how long to wait and opens again when the minute is over', async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
    h.clock.advance(20_000);
    expect(expect429(await h.call('GET', '/api/v1/calls'))).toBe(40);
    h.clock.advance(39_999);
    expect429(await h.call('GET', '/api/v1/calls'));
    h.clock.advance(1);
    const open = await h.call('GET', '/api/v1/calls');
    expect(open.status).toBe(200);
    expect(open.headers['x-ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
  });
});
