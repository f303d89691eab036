// The demo tenants as tests use them, read from fixtures/demo at test time (never hard-coded):
// the first three workspace tokens of each tenant are, in order, the all-permissions token, the
// read-only "Read-only reporting" token and a revoked token (seed "Authentication" rules 2 and 3).
import { loadFixtureSet } from '../../mock/state/fixtures.ts';
import type { Agent, Member, WorkspaceState } from '../../mock/state/workspace.ts';

export interface DemoTenant {
  slug: string;
  state: WorkspaceState;
  /** All permissions. */
  fullToken: string;
  /** Read permissions only. */
  readOnlyToken: string;
  /** Revoked in the fixture. */
  revokedToken: string;
}

function nth(ws: WorkspaceState, index: number): string {
  const token = ws.tokens[index];
  if (!token) throw new Error(`fixture ${ws.slug} has no token #${index}`);
  return token.secret;
}

export function demoFixtures(): WorkspaceState[] {
  return loadFixtureSet('demo');
}

export function demoTenant(slug: string, fixtures: WorkspaceState[] = demoFixtures()): DemoTenant {
  const state = fixtures.find((ws) => ws.slug === slug);
  if (!state) throw new Error(`no demo fixture for tenant ${slug}`);
  return { slug, state, fullToken: nth(state, 0), readOnlyToken: nth(state, 1), revokedToken: nth(state, 2) };
}

/** A member of the tenant matching `predicate`; fails loudly when the fixture has none. */
export function memberWhere(tenant: DemoTenant, what: string, predicate: (m: Member) => boolean): Member {
  const member = tenant.state.members.find(predicate);
  if (!member) throw new Error(`fixture ${tenant.slug} has no member with ${what}`);
  return member;
}

/** An agent with a bound call and SMS number, the sender the send operations default to. */
export function sendingAgent(tenant: DemoTenant): Agent {
  const agent = tenant.state.agents.find((a) => a.channels.call !== null && a.channels.sms !== null);
  if (!agent) throw new Error(`fixture ${tenant.slug} has no agent with call and SMS channels`);
  return agent;
}
