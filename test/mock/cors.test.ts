// CORS for browser front ends: a preflight OPTIONS is answered (no token needed) with the allowed
// methods and headers, and every response exposes the headers a client must read (X-Timezone,
// X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After), errors included. The control API gets no
// CORS at all (test/mock/hardening-control-access.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, type Reply, startHarness, TRANSPORTS } from '../support/harness.ts';
import { SEND_PATHS, sendBodies } from '../support/send-bodies.ts';
import { demoTenant } from '../support/demo-tenants.ts';

const MUST_EXPOSE = ['x-timezone', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after'];

function exposed(res: Reply): string[] {
  return (res.headers['access-control-expose-headers'] ?? '').split(',').map((h) => h.trim().toLowerCase());
}

describe.each(TRANSPORTS)('CORS over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());

  it('answers a preflight without a token, allowing the method and the requested headers', async () => {
    const res = await h.call('OPTIONS', SEND_PATHS.sms, {
      token: null,
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-timezone',
      },
    });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const methods = (res.headers['access-control-allow-methods'] ?? '').split(',').map((m) => m.trim());
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(method);
    const allowed = (res.headers['access-control-allow-headers'] ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'x-timezone']) expect(allowed).toContain(header);
  });

  it('exposes X-Timezone, X-RateLimit-* and Retry-After on answers and errors', async () => {
    const bodies = sendBodies(demoTenant('acme'));
    const replies = [
      await h.call('GET', '/api/v1/calls', { headers: { origin: 'http://localhost:5173' } }),
      await h.call('GET', '/api/v1/calls', { token: null }),
      await h.call('GET', '/api/v1/nowhere'),
      await h.call('GET', '/api/v1/calls', { tenant: 'initech' }),
    ];
    for (let i = 0; i < 6; i++) replies.push(await h.call('POST', SEND_PATHS.sms, { json: bodies.body('sms') }));
    expect(replies.at(-1)?.status).toBe(429);
    for (const res of replies) {
      expect(res.headers['access-control-allow-origin'], res.text).toBe('*');
      expect(exposed(res)).toEqual(expect.arrayContaining(MUST_EXPOSE));
    }
  });
});
