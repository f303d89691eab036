// Authentication (seed "Authentication" rules 1, 2 and 6): `Authorization: Bearer <token>` on every
// endpoint; no header → 401 MISSING_AUTH_TOKEN; a wrong, revoked or malformed token → 401
// INVALID_AUTH_TOKEN; a valid token without the needed permission → 403 FORBIDDEN; workspace API
// tokens and per-user tokens (JWT, HS256 with the workspace's secret) are both accepted.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorB, ResponseBody } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';
import { sendBodies } from '../support/send-bodies.ts';

const acme = demoTenant('acme');
const member = memberWhere(acme, 'an email', () => true);
const inAnHour = Math.floor(T0 / 1000) + 3600;

function expect401(res: Reply, code: 'MISSING_AUTH_TOKEN' | 'INVALID_AUTH_TOKEN'): void {
  expect(res.status, res.text).toBe(401);
  expect(res.json<ErrorB>().error.code).toBe(code);
}

describe.each(TRANSPORTS)('authentication over %s', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(transport);
  });
  afterAll(() => h.close());
  beforeEach(() => h.mock.store.load(h.mock.fixtures));

  it('answers a request without an Authorization header with 401 MISSING_AUTH_TOKEN', async () => {
    expect401(await h.call('GET', '/api/v1/calls', { token: null }), 'MISSING_AUTH_TOKEN');
    expect401(await h.call('POST', '/api/v1/sms/send', { token: null, json: sendBodies(acme).body('sms') }), 'MISSING_AUTH_TOKEN');
  });

  it('answers a wrong, revoked or malformed token with 401 INVALID_AUTH_TOKEN', async () => {
    expect401(await h.call('GET', '/api/v1/calls', { token: 'wst_thisTokenWasNeverIssued000000000000000' }), 'INVALID_AUTH_TOKEN');
    expect401(await h.call('GET', '/api/v1/calls', { token: acme.revokedToken }), 'INVALID_AUTH_TOKEN');
    for (const authorization of [`Basic ${Buffer.from('user:pass').toString('base64')}`, 'Bearer', `Token ${acme.fullToken}`, `Bearer ${acme.fullToken} extra`, 'Bearer a.b.c']) {
      expect401(await h.call('GET', '/api/v1/calls', { authorization }), 'INVALID_AUTH_TOKEN');
    }
  });

  it('accepts the scheme name in any case', async () => {
    expect((await h.call('GET', '/api/v1/calls', { authorization: `bearer ${acme.fullToken}` })).status).toBe(200);
  });

  it('answers a read-only token on a write with 403 FORBIDDEN and serves it on a read', async () => {
    const write = await h.call('POST', '/api/v1/sms/send', { token: acme.readOnlyToken, json: sendBodies(acme).body('sms') });
    expect(write.status, write.text).toBe(403);
    expect(write.json<ErrorB>().error.code).toBe('FORBIDDEN');
    const revoke = await h.call('DELETE', `/api/v1/tokens/${acme.state.tokens[0]?.uuid}`, { token: acme.readOnlyToken });
    expect(revoke.status).toBe(403);
    expect((await h.call('GET', '/api/v1/calls', { token: acme.fullToken })).status).toBe(200);
    expect((await h.call('GET', '/api/v1/calls', { token: acme.readOnlyToken })).status).toBe(200);
  });

  it('accepts a per-user token (JWT) and applies its permissions', async () => {
    const jwt = await signMemberJwt(acme.state, member, { permissions: ['calls:read'], exp: inAnHour });
    const read = await h.call('GET', '/api/v1/calls', { token: jwt });
    expect(read.status, read.text).toBe(200);
    expect(read.json<ResponseBody<'listCalls', 200>>().success).toBe(true);
    const write = await h.call('POST', '/api/v1/call', { token: jwt, json: sendBodies(acme).body('call') });
    expect(write.status).toBe(403);
    expect(write.json<ErrorB>().error.code).toBe('FORBIDDEN');
    const wildcard = await signMemberJwt(acme.state, member, { permissions: ['calls:*'], exp: inAnHour });
    expect((await h.call('POST', '/api/v1/call', { token: wildcard, json: sendBodies(acme).body('call') })).status).toBe(200);
  });

  it('accepts every per-user token the fixtures issue', async () => {
    expect(acme.state.user_tokens.length).toBeGreaterThan(0);
    for (const { token } of acme.state.user_tokens) {
      const res = await h.call('GET', '/api/v1/outbound/summary', { token });
      expect(res.status, res.text).not.toBe(401);
    }
  });

  it('rejects a JWT with a wrong signature, another workspace, an unknown member or past its expiry', async () => {
    const wrongKey = await signMemberJwt(acme.state, member, { secret: 'not-the-workspace-secret', exp: inAnHour });
    expect401(await h.call('GET', '/api/v1/calls', { token: wrongKey }), 'INVALID_AUTH_TOKEN');
    const otherWs = await signMemberJwt(acme.state, member, { ws: 'globex', exp: inAnHour });
    expect401(await h.call('GET', '/api/v1/calls', { token: otherWs }), 'INVALID_AUTH_TOKEN');
    const stranger = await signMemberJwt(acme.state, { ...member, uuid: randomUUID() }, { exp: inAnHour });
    expect401(await h.call('GET', '/api/v1/calls', { token: stranger }), 'INVALID_AUTH_TOKEN');
    const expired = await signMemberJwt(acme.state, member, { exp: Math.floor(T0 / 1000) - 1 });
    expect401(await h.call('GET', '/api/v1/calls', { token: expired }), 'INVALID_AUTH_TOKEN');
    // The claims of a token with every permission under the signature of a read-only one.
    const [header, payload] = (await signMemberJwt(acme.state, member, { permissions: ['*'], exp: inAnHour })).split('.');
    const signature = (await signMemberJwt(acme.state, member, { permissions: ['calls:read'], exp: inAnHour })).split('.')[2];
    const tampered = `${header}.${payload}.${signature}`;
    expect401(await h.call('GET', '/api/v1/calls', { token: tampered }), 'INVALID_AUTH_TOKEN');
  });

  it('expires a JWT when the mock clock passes its exp, also after it was accepted once', async () => {
    const shortLived = await signMemberJwt(acme.state, member, { exp: Math.floor(h.clock.now() / 1000) + 60 });
    expect((await h.call('GET', '/api/v1/calls', { token: shortLived })).status).toBe(200);
    h.clock.advance(61_000);
    expect401(await h.call('GET', '/api/v1/calls', { token: shortLived }), 'INVALID_AUTH_TOKEN');
  });
});
