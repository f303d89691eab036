// The acting member (seed "Authentication" rule 7, "Conversations"): operations marked
// x-acts-for-person name the member in `user_email` (body, or query for DELETE) with a workspace API
// token: missing → 422 VALIDATION_ERROR on `user_email`, not a member → 422; with a per-user token
// (JWT) the action is the token user's and `user_email` is not needed. The pipeline decides this
// before the handler, so example-backed operations show it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorB } from '../support/contract.ts';
import { demoTenant, memberWhere } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, T0, TRANSPORTS } from '../support/harness.ts';
import { signMemberJwt } from '../support/jwt.ts';

const acme = demoTenant('acme');
const member = memberWhere(acme, 'an email', () => true);
/** Members with an assigned assistant inbox: the release acts on the member it names. */
const inboxOwner = (what: string, skip: string | undefined) =>
  memberWhere(acme, what, (m) => m.uuid !== skip && acme.state.assistant_channels.some((c) => c.member_uuid === m.uuid && c.channel === 'email' && c.address !== null));
const named = inboxOwner('an assistant inbox', undefined);
const tokenUser = inboxOwner('a second assistant inbox', named.uuid);
const smsConversation = acme.state.conversations.find((c) => c.channel === 'sms');
if (!smsConversation) throw new Error('fixture acme has no SMS conversation');
const reply = `/api/v1/conversations/${smsConversation.uuid}/reply`;

function expectUserEmail422(res: Reply): void {
  expect(res.status, res.text).toBe(422);
  const body = res.json<ErrorB>();
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.error.field).toBe('user_email');
}

describe.each(TRANSPORTS)('the acting member over %s', (transport) => {
  let h: Harness;
  let jwt: string;
  let inboxJwt: string;
  beforeAll(async () => {
    h = await startHarness(transport);
    jwt = await signMemberJwt(acme.state, member, { permissions: ['conversations:write', 'assistant:write'], exp: Math.floor(T0 / 1000) + 3600 });
    inboxJwt = await signMemberJwt(acme.state, tokenUser, { permissions: ['assistant:write'], exp: Math.floor(T0 / 1000) + 3600 });
  });
  afterAll(() => h.close());

  it('requires user_email with a workspace API token', async () => {
    expectUserEmail422(await h.call('POST', reply, { json: { text: 'Hello Jonas, your parts have shipped.' } }));
  });

  it('refuses a user_email that names no member of the workspace', async () => {
    expectUserEmail422(await h.call('POST', reply, { json: { text: 'Hello', user_email: 'someone.else@acme.example' } }));
    const globexMember = memberWhere(demoTenant('globex'), 'an email', () => true);
    expectUserEmail422(await h.call('POST', reply, { json: { text: 'Hello', user_email: globexMember.email } }));
  });

  it('accepts a member named in user_email, in any letter case', async () => {
    for (const email of [member.email, member.email.toUpperCase()]) {
      const res = await h.call('POST', reply, { json: { text: 'Hello', user_email: email } });
      expect(res.status, res.text).toBe(201);
    }
  });

  it('accepts a per-user token without user_email', async () => {
    const res = await h.call('POST', reply, { token: jwt, json: { text: 'Hello' } });
    expect(res.status, res.text).toBe(201);
  });

  it('reads user_email from the query of a DELETE', async () => {
    expectUserEmail422(await h.call('DELETE', '/api/v1/assistant-channels/email'));
    expectUserEmail422(await h.call('DELETE', '/api/v1/assistant-channels/email', { query: { user_email: 'nobody@acme.example' } }));
    const release = { query: { user_email: named.email } };
    expect((await h.call('DELETE', '/api/v1/assistant-channels/email', release)).status).toBe(200);
    // The named member's inbox is released: a second release of it finds none.
    expect((await h.call('DELETE', '/api/v1/assistant-channels/email', release)).status).toBe(404);
    // With a per-user token the release is the token user's, whose inbox is still assigned.
    expect((await h.call('DELETE', '/api/v1/assistant-channels/email', { token: inboxJwt })).status).toBe(200);
    expect((await h.call('DELETE', '/api/v1/assistant-channels/email', { token: inboxJwt })).status).toBe(404);
  });

  it('leaves operations that act for no one alone', async () => {
    expect((await h.call('GET', '/api/v1/calls')).status).toBe(200);
  });
});
