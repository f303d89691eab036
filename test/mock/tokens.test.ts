// Workspace API tokens (seed "Authentication" rule 3): created in any number and displayed once
// at creation; listed with creation date and last-used time (never with the secret), paged as the
// published API pages lists; revoked with immediate effect.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';

const acme = demoTenant('acme');
type Created = ResponseBody<'createApiToken', 201>;
type Listed = ResponseBody<'listApiTokens', 200>;

describe.each(TRANSPORTS)('workspace API tokens over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.store.load(h.mock.fixtures));

  async function create(name: string, permissions?: string[]): Promise<Created['data']> {
    const res = await h.call('POST', '/api/v1/tokens', { json: { name, ...(permissions ? { permissions } : {}) } });
    expect(res.status, res.text).toBe(201);
    return res.json<Created>().data;
  }

  async function list(): Promise<{ text: string; items: Listed['data']['data'] }> {
    const res = await h.call('GET', '/api/v1/tokens', { query: { per_page: '100' } });
    expect(res.status, res.text).toBe(200);
    return { text: res.text, items: res.json<Listed>().data.data };
  }

  it('shows the secret once at creation, never in the list', async () => {
    const created = await create('CRM sync', ['calls:read']);
    expect(created.token.length).toBeGreaterThan(20);
    expect(Date.parse(created.created_at)).toBe(h.clock.now());
    expect(created.last_used_at).toBeNull();
    const { text, items } = await list();
    const listed = items.find((t) => t.uuid === created.uuid);
    expect(listed?.name).toBe('CRM sync');
    expect(listed?.permissions).toEqual(['calls:read']);
    expect(listed && 'token' in listed).toBe(false);
    expect(text).not.toContain(created.token);
    for (const fixtureToken of acme.state.tokens) expect(text).not.toContain(fixtureToken.secret);
  });

  it('creates any number of tokens, each usable at once with its own permissions', async () => {
    const a = await create('Reporting A', ['calls:read']);
    const b = await create('Reporting A', ['calls:read']);
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.token).not.toBe(b.token);
    for (const token of [a.token, b.token]) {
      expect((await h.call('GET', '/api/v1/calls', { token })).status).toBe(200);
      const write = await h.call('DELETE', `/api/v1/tokens/${a.uuid}`, { token });
      expect(write.status).toBe(403);
      expect(write.json<ErrorB>().error.code).toBe('FORBIDDEN');
    }
  });

  it('lists creation date and last-used time, updated by each use', async () => {
    const created = await create('Dashboard', ['calls:read']);
    expect((await list()).items.find((t) => t.uuid === created.uuid)?.last_used_at).toBeNull();
    h.clock.advance(5 * 60_000);
    expect((await h.call('GET', '/api/v1/calls', { token: created.token })).status).toBe(200);
    const firstUse = h.clock.now();
    let listed = (await list()).items.find((t) => t.uuid === created.uuid);
    expect(Date.parse(listed?.created_at ?? '')).toBe(T0);
    expect(Date.parse(listed?.last_used_at ?? '')).toBe(firstUse);
    h.clock.advance(90_000);
    expect((await h.call('GET', '/api/v1/calls', { token: created.token })).status).toBe(200);
    listed = (await list()).items.find((t) => t.uuid === created.uuid);
    expect(Date.parse(listed?.last_used_at ?? '')).toBe(firstUse + 90_000);
  });

  it('pages the list newest first, 15 a page by default, as the published paged list', async () => {
    for (let i = 0; i < 16; i++) {
      await create(`Integration ${i}`, ['calls:read']);
      h.clock.advance(1_000);
    }
    const first = await h.call('GET', '/api/v1/tokens');
    expect(first.status, first.text).toBe(200);
    const page1 = first.json<Listed>().data;
    // 16 created plus the fixture's two active tokens.
    expect({ ...page1, data: page1.data.length }).toEqual({ current_page: 1, last_page: 2, per_page: 15, total: 18, data: 15 });
    expect(page1.data.slice(0, 2).map((t) => t.name)).toEqual(['Integration 15', 'Integration 14']);
    const page2 = (await h.call('GET', '/api/v1/tokens', { query: { page: '2' } })).json<Listed>().data;
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, per_page: 15, total: 18 });
    expect(page2.data.map((t) => t.name)).toEqual(['Integration 0', acme.state.tokens[1]?.name, acme.state.tokens[0]?.name]);
    const small = (await h.call('GET', '/api/v1/tokens', { query: { per_page: '5', page: '4' } })).json<Listed>().data;
    expect({ ...small, data: small.data.length }).toEqual({ current_page: 4, last_page: 4, per_page: 5, total: 18, data: 3 });
    const tooMany = await h.call('GET', '/api/v1/tokens', { query: { per_page: '101' } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json<ErrorB>().error.field).toBe('per_page');
  });

  it('lists no revoked token', async () => {
    const revoked = acme.state.tokens[2];
    const { items } = await list();
    expect(items.map((t) => t.uuid)).toContain(acme.state.tokens[0]?.uuid);
    expect(items.map((t) => t.uuid)).not.toContain(revoked?.uuid);
  });

  it('revokes with effect on the very next request', async () => {
    const created = await create('Short-lived');
    expect((await h.call('GET', '/api/v1/calls', { token: created.token })).status).toBe(200);
    const revoked = await h.call('DELETE', `/api/v1/tokens/${created.uuid}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json<ResponseBody<'revokeApiToken', 200>>().data.uuid).toBe(created.uuid);
    const next = await h.call('GET', '/api/v1/calls', { token: created.token });
    expect(next.status).toBe(401);
    expect(next.json<ErrorB>().error.code).toBe('INVALID_AUTH_TOKEN');
    expect((await list()).items.map((t) => t.uuid)).not.toContain(created.uuid);
    expect((await h.call('DELETE', `/api/v1/tokens/${created.uuid}`)).status).toBe(404);
  });

  it('lets a token revoke itself, refusing its own next request', async () => {
    const created = await create('Self-revoking', ['tokens:write', 'calls:read']);
    expect((await h.call('DELETE', `/api/v1/tokens/${created.uuid}`, { token: created.token })).status).toBe(200);
    expect((await h.call('GET', '/api/v1/calls', { token: created.token })).status).toBe(401);
  });

  it('refuses to create a token with a permission its creator lacks', async () => {
    const member = memberWhere(acme, 'an email', () => true);
    const jwt = await signMemberJwt(acme.state, member, { permissions: ['tokens:write', 'calls:read'], exp: Math.floor(T0 / 1000) + 3600 });
    const wider = await h.call('POST', '/api/v1/tokens', { token: jwt, json: { name: 'Escalation', permissions: ['messaging:write'] } });
    expect(wider.status, wider.text).toBe(403);
    const same = await h.call('POST', '/api/v1/tokens', { token: jwt, json: { name: 'Narrow', permissions: ['calls:read'] } });
    expect(same.status, same.text).toBe(201);
  });
});
