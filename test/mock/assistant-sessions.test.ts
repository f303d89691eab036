// Assistant sessions over HTTP (seed "Endpoints", GET /api/v1/assistant/sessions/{uuid}; the fields
// are the contract's design): a session is read from the workspace's state, in the applied zone;
// an unknown id, another workspace's session, or with a per-user token another user's session, is
// a 404 in Shape B.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { expectShapeB, type Json } from './campaigns-world.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const path = (uuid: string) => `/api/v1/assistant/sessions/${uuid}`;
const UNKNOWN = '0f0e0d0c-0b0a-4909-8807-060504030201';

function sessionOf(email: string, tenant = acme) {
  const found = tenant.state.assistant_sessions.find((s) => s.user_email === email);
  if (!found) throw new Error(`no session of ${email}`);
  return found;
}
function tokenOf(email: string, tenant = acme): string {
  const m = tenant.state.members.find((x) => x.email === email);
  const token = tenant.state.user_tokens.find((t) => t.member_uuid === m?.uuid)?.token;
  if (!token) throw new Error(`no user token for ${email}`);
  return token;
}

describe('assistant sessions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fetch');
  });
  afterAll(() => h.close());

  it.each([
    ['acme', acme],
    ['globex', globex],
  ] as const)('reads every session of %s as the state holds it', async (slug, tenant) => {
    expect(tenant.state.assistant_sessions.length).toBeGreaterThanOrEqual(2);
    for (const s of tenant.state.assistant_sessions) {
      const res = await h.call('GET', path(s.uuid), { tenant: slug });
      expect(res.status, res.text).toBe(200);
      const data = (res.body as Json).data as Json;
      expect(data.uuid).toBe(s.uuid);
      expect(data.user_email).toBe(s.user_email);
      expect(data.channel).toBe(s.channel);
      expect(data.status).toBe(s.status);
      expect(data.message_count).toBe(s.messages.length);
      expect((data.messages as Json[]).map((m) => m.content)).toEqual(s.messages.map((m) => m.content));
      expect(Date.parse(data.created_at as string)).toBe(new Date(s.created_at).getTime());
    }
  });

  it('renders instants in the applied zone', async () => {
    const li = sessionOf('li.wang@acme.example');
    const res = await h.call('GET', path(li.uuid), { headers: { 'X-Timezone': 'Asia/Shanghai' } });
    expect((res.body as Json).data).toMatchObject({ created_at: '2026-11-20T16:00:55+08:00', ended_at: null });
  });

  it('answers 404 for an unknown session and for another workspace’s session', async () => {
    expect(expectShapeB(await h.call('GET', path(UNKNOWN)), 404).code).toBe('RESOURCE_NOT_FOUND');
    const globexSession = globex.state.assistant_sessions[0];
    expectShapeB(await h.call('GET', path(globexSession?.uuid ?? UNKNOWN)), 404);
  });

  it("shows a per-user token its own sessions only", async () => {
    const li = sessionOf('li.wang@acme.example');
    const maria = sessionOf('maria.schneider@acme.example');
    const own = await h.call('GET', path(li.uuid), { token: tokenOf('li.wang@acme.example') });
    expect(own.status, own.text).toBe(200);
    expectShapeB(await h.call('GET', path(maria.uuid), { token: tokenOf('li.wang@acme.example') }), 404);
  });
});
