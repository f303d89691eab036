// All-or-nothing writes: a handler's changes become visible only with its response. A throw in the
// handler, a body that cannot be serialised, or a response that breaks the contract leaves the
// state exactly as it was, however deep the handler wrote. A body nested past the limit (64) or
// not sent as JSON is refused before any handler runs.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HandlerContext, HandlerRegistry } from '../../mock/core/handler.ts';
import { Transaction } from '../../mock/state/transaction.ts';
import { handlers } from '../../mock/resources/registry.ts';
import { type Harness, startHarness, TRANSPORTS } from '../support/harness.ts';

let mode: 'throw' | 'unserialisable' | 'off-contract' | 'ok' = 'ok';

/** createApiToken, wrapped: it writes at every depth through the state, then fails as `mode` says. */
const writeThenFail = (ctx: HandlerContext<'createApiToken'>) => {
  const result = (handlers.createApiToken as (c: HandlerContext<'createApiToken'>) => { status: 201; body: unknown })(ctx);
  if (mode === 'ok') return result as never;
  const ws = ctx.ws;
  ws.name = 'Renamed';
  ws.policies.ANALYTICS_MESSAGES_EXPORT = 'disabled';
  if (ws.members[0]) ws.members[0].name = 'Changed';
  ws.contacts.splice(0, 2);
  ws.calls.reverse();
  ws.calls.push(ws.calls[0] as never);
  delete (ws.tokens[0] as Partial<(typeof ws.tokens)[number]>).name;
  (ws.tokens as unknown[])[50] = { uuid: 'x' };
  ws.agents = ws.agents.filter((a) => a.channels.sms === null);
  (ws as unknown as Record<string, unknown>).extra_collection = [{ uuid: 'y' }];
  if (mode === 'throw') throw new Error('the handler failed half-way');
  if (mode === 'unserialisable') return { status: 201, body: { success: true, message: 'x', data: { n: 10n } } } as never;
  return { status: 201, body: { success: true, message: 'Token created', data: { unexpected: true } } } as never;
};

function stateText(h: Harness): string {
  return JSON.stringify(h.mock.store.snapshot('now').workspaces);
}

describe.each(TRANSPORTS)('all-or-nothing writes over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { handlers: { ...handlers, createApiToken: writeThenFail } as HandlerRegistry });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    mode = 'ok';
    h.mock.store.load(h.mock.fixtures);
  });

  it.each(['throw', 'unserialisable', 'off-contract'] as const)('leaves the state as it was when the handler %s', async (failure) => {
    const before = stateText(h);
    mode = failure;
    const res = await (failure === 'off-contract'
      ? h.call('POST', '/api/v1/tokens', { json: { name: 'Half-way' } }).catch((error: unknown) => error)
      : h.call('POST', '/api/v1/tokens', { json: { name: 'Half-way' } }));
    if (failure !== 'off-contract') {
      expect((res as { status: number }).status).toBe(500);
      expect((res as { body: unknown }).body).toMatchObject({ success: false, error: { code: 'INTERNAL_SERVER_ERROR' } });
    }
    expect(stateText(h)).toBe(before);
  });

  it('keeps every change of a handler that answers, and the state holds no proxy', async () => {
    const before = h.mock.store.get('acme')?.state.tokens.length ?? 0;
    const res = await h.call('POST', '/api/v1/tokens', { json: { name: 'Kept' } });
    expect(res.status, res.text).toBe(201);
    const state = h.mock.store.get('acme')?.state;
    expect(state?.tokens.length).toBe(before + 1);
    expect(() => structuredClone(state)).not.toThrow();
  });

  it('refuses a body nested deeper than 64 levels with 400 before any handler, writing nothing', async () => {
    const before = stateText(h);
    for (const depth of [65, 5_000]) {
      const body = `{"name": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      const res = await h.call('POST', '/api/v1/tokens', { body, headers: { 'content-type': 'application/json' } });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    }
    expect(stateText(h)).toBe(before);
    const snapshot = await h.control('GET', '/snapshot');
    expect(snapshot.status).toBe(200);
    // 64 levels are still read (and then validated as usual).
    const atLimit = `{"name": "x", "permissions": ${'['.repeat(63)}${']'.repeat(63)}}`;
    expect((await h.call('POST', '/api/v1/tokens', { body: atLimit, headers: { 'content-type': 'application/json' } })).status).toBe(422);
  });

  it('refuses a body that is not JSON by its Content-Type with 415 in Shape B, writing nothing', async () => {
    const before = stateText(h);
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const res = await h.call('POST', '/api/v1/tokens', { body: '{"name": "Plain"}', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
      expect(res.headers['x-timezone']).toBeDefined();
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
    expect(stateText(h)).toBe(before);
    expect((await h.call('POST', '/api/v1/tokens', { body: '{"name": "Json"}', headers: { 'content-type': 'application/vnd.api+json' } })).status).toBe(201);
  });
});

describe('Transaction', () => {
  it('undoes sets, deletes, array methods and new keys at any depth, newest first', () => {
    const state = { list: [1, 2, 3], nested: { a: { b: 1 } as Record<string, unknown> }, when: new Date(0) };
    const copy = structuredClone(state);
    const tx = new Transaction();
    const view = tx.wrap(state);
    view.list.push(4);
    view.list.splice(0, 1, 9, 9);
    view.list.sort();
    view.list.length = 1;
    view.nested.a.b = 2;
    view.nested.a.c = { deep: view.list };
    delete view.nested.a.b;
    view.when = new Date(5);
    (view.list as unknown[])[10] = 'hole';
    tx.rollback();
    expect(state).toEqual(copy);
    expect(state.list.length).toBe(3);
  });

  it('stores targets, never proxies, and keeps identity within a handler', () => {
    const record = { uuid: 'a' };
    const state = { items: [record], other: [] as Array<{ uuid: string }> };
    const tx = new Transaction();
    const view = tx.wrap(state);
    expect(view.items[0]).toBe(view.items[0]);
    view.other.push(...view.items.filter(() => true));
    view.other = [{ ...view.items[0] } as { uuid: string }, view.items[0] as { uuid: string }];
    tx.commit();
    expect(state.other[1]).toBe(record);
    expect(() => structuredClone(state)).not.toThrow();
  });
});
