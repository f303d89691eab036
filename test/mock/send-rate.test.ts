// The send limit (seed "Limits"): starting a call, sending a WhatsApp template, an SMS or an email
// accept 5 requests per second per workspace, shared by all tokens of the workspace; over it, 429
// with a Retry-After header (and error.retryAfter) and nothing is created or sent. The window
// slides with the mock clock. X-RateLimit-Limit and X-RateLimit-Remaining are on every response.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { sentSoFar } from '../support/outbound.ts';
import { SEND_KINDS, SEND_PATHS, SEND_STATUS, type SendKind, sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const bodies = sendBodies(acme);
const PER_SECOND = 5;

function expect429(res: Reply): number {
  expect(res.status, res.text).toBe(429);
  const body = res.json<ErrorB>();
  expect(body.error.code).toBe('RATE_LIMIT_EXCEEDED');
  const header = Number(res.headers['retry-after']);
  expect(Number.isInteger(header) && header >= 1).toBe(true);
  expect(body.error.retryAfter).toBe(header);
  expect(res.headers['x-ratelimit-limit']).toBe(String(PER_SECOND));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  return header;
}

describe.each(TRANSPORTS)('the send limit over %s', (transport) => {
  let h: Harness;
  let tokens: string[];
  beforeAll(async () => {
    h = await startHarness(transport);
    const member = memberWhere(acme, 'an email', () => true);
    tokens = [acme.fullToken, await signMemberJwt(acme.state, member, { permissions: ['calls:write', 'messaging:write'], exp: Math.floor(T0 / 1000) + 86_400 })];
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.mock.store.load(h.mock.fixtures);
    const created = await h.call('POST', '/api/v1/tokens', { json: { name: 'Sender', permissions: ['calls:write', 'messaging:write'] } });
    expect(created.status, created.text).toBe(201);
    tokens = [tokens[0] as string, tokens[1] as string, created.json<ResponseBody<'createApiToken', 201>>().data.token];
  });

  const send = (kind: SendKind, i: number, extra: Record<string, unknown> = {}) =>
    h.call('POST', SEND_PATHS[kind], { token: tokens[i % tokens.length], json: bodies.body(kind, extra) });

  it('accepts 5 per second shared by all tokens and every send operation, then 429 creating nothing', async () => {
    const kinds: SendKind[] = ['call', 'sms', 'email', 'whatsapp', 'call'];
    for (const [i, kind] of kinds.entries()) {
      const res = await send(kind, i);
      expect(res.status, `${kind} with token #${i % tokens.length}: ${res.text}`).toBe(SEND_STATUS[kind]);
      expect(res.headers['x-ratelimit-limit']).toBe(String(PER_SECOND));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(PER_SECOND - 1 - i));
    }
    const before = await sentSoFar(h);
    for (const [i, kind] of SEND_KINDS.entries()) expect429(await send(kind, i));
    expect(await sentSoFar(h)).toEqual(before);
  });

  it('counts each workspace on its own', async () => {
    for (let i = 0; i < PER_SECOND; i++) expect((await send('sms', i)).status).toBe(200);
    expect429(await send('sms', 0));
    const other = await h.call('POST', SEND_PATHS.sms, { tenant: 'globex', json: sendBodies(globex).body('sms') });
    expect(other.status, other.text).toBe(200);
  });

  it('answers with Retry-After that is enough: after it the request is accepted', async () => {
    for (let i = 0; i < PER_SECOND; i++) expect((await send('call', i)).status).toBe(200);
    const wait = expect429(await send('call', 0));
    h.clock.advance(wait * 1000);
    expect((await send('call', 0)).status).toBe(200);
  });

  it('slides the one-second window with the mock clock', async () => {
    for (let i = 0; i < 3; i++) expect((await send('sms', i)).status).toBe(200);
    h.clock.advance(500);
    for (let i = 0; i < 2; i++) expect((await send('email', i)).status).toBe(201);
    expect429(await send('whatsapp', 0));
    h.clock.advance(499);
    expect429(await send('whatsapp', 1));
    // One second after the first three they leave the window; the two later ones stay.
    h.clock.advance(1);
    for (let i = 0; i < 3; i++) {
      const res = await send('whatsapp', i);
      expect(res.status, res.text).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    expect429(await send('call', 0));
    h.clock.advance(500);
    expect((await send('call', 1)).status).toBe(200);
  });

  it('takes no place in the window for refused or invalid requests', async () => {
    for (let i = 0; i < PER_SECOND; i++) {
      const invalid = await send('sms', i, { phoneNumber: '12-34' });
      expect(invalid.status).toBe(422);
    }
    const forbidden = await h.call('POST', SEND_PATHS.sms, { token: acme.readOnlyToken, json: bodies.body('sms') });
    expect(forbidden.status).toBe(403);
    for (let i = 0; i < PER_SECOND; i++) expect((await send('sms', i)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect429(await send('sms', i));
    h.clock.advance(1000);
    for (let i = 0; i < PER_SECOND; i++) expect((await send('email', i)).status).toBe(201);
  });

  it('limits concurrent bursts too: of 8 sent at once exactly 5 are accepted', async () => {
    const before = await sentSoFar(h);
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => send('sms', i)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(PER_SECOND);
    for (const r of replies.filter((r) => r.status !== 200)) expect429(r);
    const after = await sentSoFar(h);
    expect(after.sms - before.sms).toBe(PER_SECOND);
  });

  it('puts X-RateLimit-Limit and X-RateLimit-Remaining on every response', async () => {
    const replies = [
      await h.call('GET', '/api/v1/calls'),
      await h.call('GET', '/api/v1/calls', { token: null }),
      await h.call('GET', '/api/v1/calls', { tenant: 'initech' }),
      await h.call('GET', '/api/v1/nowhere'),
      await h.call('POST', SEND_PATHS.sms, { json: {} }),
      await h.call('POST', SEND_PATHS.sms, { token: acme.readOnlyToken, json: bodies.body('sms') }),
      await send('sms', 0),
      await h.call('GET', `/api/v1/flow/${acme.state.agents[0]?.uuid}`),
    ];
    for (const res of replies) {
      expect(Number.isInteger(Number(res.headers['x-ratelimit-limit'])), res.text).toBe(true);
      expect(Number(res.headers['x-ratelimit-remaining']), res.text).toBeGreaterThanOrEqual(0);
    }
  });
});
