// Per-user tokens for tests: HS256 JWTs signed with the workspace's jwt_secret, claims
// {sub: member uuid, ws: workspace slug, permissions} (seed "Authentication" rule 2: per-user tokens).
import { SignJWT } from 'jose';
import type { Member, WorkspaceState } from '../../mock/state/workspace.ts';

export interface JwtOptions {
  permissions?: string[];
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued-at, seconds since the epoch. */
  iat?: number;
  /** Sign with this secret instead of the workspace's. */
  secret?: string;
  /** Put this slug in the `ws` claim instead of the workspace's. */
  ws?: string;
}

export function signMemberJwt(ws: WorkspaceState, member: Member, options: JwtOptions = {}): Promise<string> {
  const jwt = new SignJWT({ ws: options.ws ?? ws.slug, permissions: options.permissions ?? ['*'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(member.uuid);
  if (options.iat !== undefined) jwt.setIssuedAt(options.iat);
  if (options.exp !== undefined) jwt.setExpirationTime(options.exp);
  return jwt.sign(new TextEncoder().encode(options.secret ?? ws.jwt_secret));
}
