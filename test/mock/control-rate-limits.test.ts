// The control API's limits (PUT /__mock/rate-limits): the general and send limits the mock enforces
// change for every workspace from the next request, each general window starts afresh, and a bad
// value changes nothing. The conformance suite's general-limit check relies on this.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TRANSPORTS } from '../support/harness.ts';

describe.each(TRANSPORTS)('the control API limits over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { rateLimits: { sendPerSecond: 5, generalPerMinute: 1_000_000 } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    expect((await h.control('PUT', '/rate-limits', { general_per_minute: 1_000_000, send_per_second: 5 })).status).toBe(200);
  });

  it('reads and sets the limits, with a fresh general window', async () => {
    expect((await h.control('GET', '/rate-limits')).json()).toEqual({ general_per_minute: 1_000_000, send_per_second: 5 });
    for (let i = 0; i < 3; i++) expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
    const set = await h.control('PUT', '/rate-limits', { general_per_minute: 2 });
    expect(set.json()).toEqual({ general_per_minute: 2, send_per_second: 5 });
    const first = await h.call('GET', '/api/v1/calls');
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
    const refused = await h.call('GET', '/api/v1/calls');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((await h.call('GET', '/api/v1/calls', { tenant: 'globex' })).status).toBe(200);
  });

  it('refuses a bad value and changes nothing', async () => {
    expect((await h.control('PUT', '/rate-limits', { general_per_minute: 0 })).status).toBe(422);
    expect((await h.control('PUT', '/rate-limits', { general_per_minute: 'many' })).status).toBe(422);
    expect((await h.control('GET', '/rate-limits')).json()).toEqual({ general_per_minute: 1_000_000, send_per_second: 5 });
  });
});
