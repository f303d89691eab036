// Idempotency (seed "Limits"): when `request_key` is sent on a send operation, retrying the same
// request returns the same response and never a second call or message, also when the retries
// arrive at once; the same key with a different body is refused with 409 (inferred). A request
// that failed stored nothing, so its key stays free.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ErrorB, errorShapeOf } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness, TRANSPORTS } from '../support/harness.ts';
import { sentSoFar } from '../support/outbound.ts';
import { SEND_KINDS, SEND_PATHS, SEND_STATUS, type SendKind, sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const bodies = sendBodies(acme);

describe.each(TRANSPORTS)('request_key over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.mock.store.load(h.mock.fixtures);
    h.clock.advance(1000);
  });

  const send = (kind: SendKind, extra: Record<string, unknown> = {}) => h.call('POST', SEND_PATHS[kind], { json: bodies.body(kind, extra) });

  it.each(SEND_KINDS)('%s: a retry returns the same status and body and creates nothing', async (kind) => {
    const request_key = `retry-${kind}-${randomUUID()}`;
    const before = await sentSoFar(h);
    const first = await send(kind, { request_key });
    expect(first.status, first.text).toBe(SEND_STATUS[kind]);
    const afterFirst = await sentSoFar(h);
    expect(afterFirst[kind]).toBe(before[kind] + 1);
    h.clock.advance(30_000);
    const retry = await send(kind, { request_key });
    expect(retry.status).toBe(first.status);
    expect(retry.text).toBe(first.text);
    expect(await sentSoFar(h)).toEqual(afterFirst);
  });

  it.each(SEND_KINDS)('%s: identical requests sent at once create one item and get one answer', async (kind) => {
    const request_key = `burst-${kind}-${randomUUID()}`;
    const before = await sentSoFar(h);
    const replies = await Promise.all(Array.from({ length: 4 }, () => send(kind, { request_key })));
    for (const r of replies) {
      expect(r.status, r.text).toBe(SEND_STATUS[kind]);
      expect(r.text).toBe(replies[0]?.text);
    }
    const after = await sentSoFar(h);
    expect(after[kind]).toBe(before[kind] + 1);
  });

  it('refuses the same key with a different body with 409 and sends nothing', async () => {
    const request_key = `conflict-${randomUUID()}`;
    expect((await send('sms', { request_key })).status).toBe(200);
    const before = await sentSoFar(h);
    const other = await send('sms', { request_key, message: 'A different text' });
    expect(other.status, other.text).toBe(409);
    expect(errorShapeOf(other.body)).toBe('B');
    expect(other.json<ErrorB>().error.code).toBe('CONFLICT');
    expect(await sentSoFar(h)).toEqual(before);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const request_key = `order-${randomUUID()}`;
    const body = bodies.body('email', { request_key });
    const first = await h.call('POST', SEND_PATHS.email, { json: body });
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const again = await h.call('POST', SEND_PATHS.email, { json: reversed });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
  });

  it('keeps the key free after a failed attempt', async () => {
    const request_key = `failed-first-${randomUUID()}`;
    const failed = await send('call', { request_key, agentId: randomUUID() });
    expect(failed.status, failed.text).toBe(404);
    const ok = await send('call', { request_key });
    expect(ok.status, ok.text).toBe(200);
  });

  it('keeps the key free after a 429, and replays an accepted key even when the window is full', async () => {
    const accepted = `accepted-${randomUUID()}`;
    const first = await send('sms', { request_key: accepted });
    expect(first.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await send('sms')).status).toBe(200);
    const limited = `limited-${randomUUID()}`;
    expect((await send('sms', { request_key: limited })).status).toBe(429);
    const replay = await send('sms', { request_key: accepted });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    h.clock.advance(1000);
    expect((await send('sms', { request_key: limited })).status).toBe(200);
  });

  it('keeps keys per workspace', async () => {
    const request_key = `shared-${randomUUID()}`;
    const inAcme = await send('sms', { request_key });
    const inGlobex = await h.call('POST', SEND_PATHS.sms, { tenant: 'globex', json: sendBodies(demoTenant('globex')).body('sms', { request_key }) });
    expect(inAcme.status).toBe(200);
    expect(inGlobex.status, inGlobex.text).toBe(200);
    expect(inGlobex.text).not.toBe(inAcme.text);
  });
});
