// Workspace API tokens (seed "Authentication" rule 3): created in any number with a descriptive
// name and shown once; listed with creation date and last-used time (never the secret), as the
// published paged list; revoked with immediate effect.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { isGranted } from '../../pipeline/permissions.ts';
import { randomBytes } from '../../platform/crypto.ts';
import type { ApiTokenRecord } from '../../state/workspace.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newTokenSecret(): string {
  const bytes = randomBytes(40);
  let out = 'wst_';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

function view(token: ApiTokenRecord) {
  return {
    uuid: token.uuid,
    name: token.name,
    permissions: token.permissions,
    masked: `****${token.secret.slice(-4)}`,
    created_at: token.created_at,
    last_used_at: token.last_used_at,
  };
}

export const tokenHandlers = {
  createApiToken: ({ ws, body, principal, actor, now }) => {
    const permissions = body.permissions ?? ['*'];
    const missing = permissions.find((p) => !isGranted(principal.permissions, p === '*' ? '*' : p) && !principal.permissions.includes('*'));
    if (missing !== undefined) throw errors.forbidden(missing);
    const token: ApiTokenRecord = {
      uuid: newUuid(),
      name: body.name,
      secret: newTokenSecret(),
      permissions,
      created_by: actor?.uuid ?? (principal.kind === 'workspace-token' ? null : principal.member.uuid),
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    };
    ws.tokens.push(token);
    return { status: 201, body: { success: true, message: 'Token created. Copy it now: it is not shown again.', data: { ...view(token), token: token.secret } } };
  },

  listApiTokens: ({ ws, query }) => {
    // Newest first; among tokens created at the same instant, the later created first.
    const active = ws.tokens
      .map((token, index) => ({ token, index }))
      .filter(({ token }) => token.revoked_at === null)
      .sort((a, b) => b.token.created_at.getTime() - a.token.created_at.getTime() || b.index - a.index)
      .map(({ token }) => token);
    return { status: 200, body: { success: true, message: 'Tokens retrieved', data: pagedList(active.map(view), query.page, query.per_page) } };
  },

  revokeApiToken: ({ ws, path, now }) => {
    const token = findOr404(ws.tokens.filter((t) => t.revoked_at === null), path.uuid, 'Token');
    token.revoked_at = now;
    return { status: 200, body: { success: true, message: 'Token revoked', data: { uuid: token.uuid, name: token.name, revoked_at: now } } };
  },
} satisfies HandlerGroup;
