// What a developer needs to start: each demo tenant with its URL and tokens.
import type { Mock } from '../core/mock.ts';

export interface TenantDescription {
  slug: string;
  name: string;
  timezone: string;
  tokens: Array<{ kind: 'workspace' | 'user'; name: string; token: string; permissions: string[]; member?: string }>;
}

export function describeTenants(mock: Mock): TenantDescription[] {
  return mock.store.all().map(({ state }) => ({
    slug: state.slug,
    name: state.name,
    timezone: state.timezone,
    tokens: [
      ...state.tokens.filter((t) => t.revoked_at === null).map((t) => ({ kind: 'workspace' as const, name: t.name, token: t.secret, permissions: t.permissions })),
      ...state.user_tokens.map((u) => ({
        kind: 'user' as const,
        name: u.description,
        token: u.token,
        permissions: u.permissions,
        member: state.members.find((m) => m.uuid === u.member_uuid)?.email ?? u.member_uuid,
      })),
    ],
  }));
}
