// Tenants (seed "Authentication" rule 4): the tenant is the subdomain of the Host; each tenant has
// its own state; a wrong tenant gives 404, in the shape the contract names for the operation
// (Shape A for the flow read and the campaign update, Shape B elsewhere); a token of one tenant is
// not valid on another (401 INVALID_AUTH_TOKEN).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ErrorA, type ErrorB, errorShapeOf, type ResponseBody } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
type Calls = ResponseBody<'listCalls', 200>;
type Tokens = ResponseBody<'listApiTokens', 200>;

describe.each(TRANSPORTS)('tenants over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.store.load(h.mock.fixtures));

  it('gives acme.localhost and globex.localhost their own state', async () => {
    const before = (await h.call('GET', '/api/v1/calls', { tenant: 'globex' })).json<Calls>().data.total;
    const started = await h.call('POST', '/api/v1/call', { tenant: 'acme', json: sendBodies(acme).body('call') });
    expect(started.status, started.text).toBe(200);
    const uuid = started.json<ResponseBody<'startCall', 200>>().data.id;

    const inAcme = (await h.call('GET', '/api/v1/calls', { tenant: 'acme', query: { per_page: '100' } })).json<Calls>();
    expect(inAcme.data.data.map((c) => c.uuid)).toContain(uuid);
    const inGlobex = (await h.call('GET', '/api/v1/calls', { tenant: 'globex', query: { per_page: '100' } })).json<Calls>();
    expect(inGlobex.data.data.map((c) => c.uuid)).not.toContain(uuid);
    expect(inGlobex.data.total).toBe(before);

    const acmeTokens = (await h.call('GET', '/api/v1/tokens', { tenant: 'acme' })).json<Tokens>().data.data.map((t) => t.uuid);
    const globexTokens = (await h.call('GET', '/api/v1/tokens', { tenant: 'globex' })).json<Tokens>().data.data.map((t) => t.uuid);
    expect(acmeTokens).toContain(acme.state.tokens[0]?.uuid);
    expect(globexTokens).toContain(globex.state.tokens[0]?.uuid);
    expect(acmeTokens.filter((t) => globexTokens.includes(t))).toEqual([]);
  });

  it('answers an unknown tenant with 404 in Shape B where the operation uses Shape B', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/calls'],
      ['POST', `/api/v1/calls/action/${randomUUID()}/hangup`],
      ['GET', '/api/v1/tokens'],
    ] as const) {
      const res = await h.call(method, path, { tenant: 'initech' });
      expect(res.status, res.text).toBe(404);
      expect(errorShapeOf(res.body)).toBe('B');
      expect(res.json<ErrorB>().error.code).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('answers an unknown tenant with 404 in Shape A where the seed gives Shape A', async () => {
    for (const [method, path] of [
      ['GET', `/api/v1/flow/${randomUUID()}`],
      ['PUT', `/api/v1/campaigns/${randomUUID()}`],
    ] as const) {
      const res = await h.call(method, path, { tenant: 'initech', ...(method === 'PUT' ? { json: { name: 'Spring recall' } } : {}) });
      expect(res.status, res.text).toBe(404);
      expect(errorShapeOf(res.body)).toBe('A');
      expect(res.json<ErrorA>().data).toEqual([]);
    }
  });

  it('answers a wrong tenant with 404 before asking for a token, and a Host with no subdomain too', async () => {
    const noToken = await h.call('GET', '/api/v1/calls', { tenant: 'initech', token: null });
    expect(noToken.status).toBe(404);
    const bare = await h.call('GET', '/api/v1/calls', { tenant: null });
    expect(bare.status).toBe(404);
    expect(bare.json<ErrorB>().error.code).toBe('RESOURCE_NOT_FOUND');
  });

  it("rejects one tenant's workspace token and per-user token on the other with 401 INVALID_AUTH_TOKEN", async () => {
    const onGlobex = await h.call('GET', '/api/v1/calls', { tenant: 'globex', token: acme.fullToken });
    expect(onGlobex.status).toBe(401);
    expect(onGlobex.json<ErrorB>().error.code).toBe('INVALID_AUTH_TOKEN');
    const jwt = await signMemberJwt(acme.state, memberWhere(acme, 'an email', () => true), { exp: Math.floor(T0 / 1000) + 3600 });
    expect((await h.call('GET', '/api/v1/calls', { tenant: 'acme', token: jwt })).status).toBe(200);
    const jwtOnGlobex = await h.call('GET', '/api/v1/calls', { tenant: 'globex', token: jwt });
    expect(jwtOnGlobex.status).toBe(401);
    expect(jwtOnGlobex.json<ErrorB>().error.code).toBe('INVALID_AUTH_TOKEN');
  });
});

describe.each(TRANSPORTS)('a default tenant over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport, { defaultTenant: 'globex' });
  });
  afterAll(() => h.close());

  it('serves a Host without a subdomain as the configured default tenant', async () => {
    const res = await h.call('GET', '/api/v1/tokens', { tenant: null, token: globex.fullToken });
    expect(res.status, res.text).toBe(200);
    expect(res.json<Tokens>().data.data.map((t) => t.uuid)).toContain(globex.state.tokens[0]?.uuid);
  });
});
