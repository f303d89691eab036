// Seed "Authentication": every endpoint requires `Authorization: Bearer <token>`. Two token kinds:
// workspace API tokens (opaque, stored) and per-user tokens (JWT, HS256 signed with the
// workspace's secret, verified with jose). Missing header → 401 MISSING_AUTH_TOKEN; a wrong,
// revoked, malformed or other workspace's token → 401 INVALID_AUTH_TOKEN.
import { jwtVerify } from 'jose';
import { BoundedMap } from '../core/bounded-map.ts';
import type { ApiTokenRecord, Member, WorkspaceState } from '../state/workspace.ts';
import { type ApiError, errors } from './api-error.ts';

export type Principal =
  | { kind: 'workspace-token'; token: ApiTokenRecord; permissions: string[] }
  | { kind: 'user-token'; member: Member; permissions: string[] };

export interface JwtCacheEntry {
  memberUuid: string;
  permissions: string[];
  expiresAt: number;
}

/**
 * Verified JWTs of one workspace, so the hot path verifies a signature once per token. Only tokens
 * that verified are kept, the most recently used first (a bounded LRU).
 */
export class JwtCache {
  private readonly entries: BoundedMap<string, JwtCacheEntry>;
  constructor(capacity: number) {
    this.entries = new BoundedMap(capacity);
  }
  get size(): number {
    return this.entries.size;
  }
  get capacity(): number {
    return this.entries.capacity;
  }
  get(token: string): JwtCacheEntry | undefined {
    return this.entries.get(token);
  }
  set(token: string, entry: JwtCacheEntry): void {
    this.entries.set(token, entry);
  }
  clear(): void {
    this.entries.clear();
  }
}

export function bearerToken(header: string | undefined): string | ApiError {
  if (header === undefined || header.trim() === '') return errors.missingToken();
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return errors.invalidToken();
  return match[1];
}

const encoder = new TextEncoder();

/** Three dot-separated parts: a per-user token (JWT); anything else is read as a workspace token. */
export function isJwt(token: string): boolean {
  const first = token.indexOf('.');
  if (first === -1) return false;
  const second = token.indexOf('.', first + 1);
  return second !== -1 && token.indexOf('.', second + 1) === -1;
}

/**
 * `acceptRevoked`: the `revoked-token-still-valid` fault (pipeline/faults.ts) lets a revoked token in.
 * A workspace token is decided at once; a JWT only once its signature is verified (a promise).
 */
export function authenticate(token: string, ws: WorkspaceState, cache: JwtCache, nowMs: number, acceptRevoked = false): Principal | ApiError | Promise<Principal | ApiError> {
  if (isJwt(token)) return authenticateJwt(token, ws, cache, nowMs);
  const record = ws.tokens.find((t) => t.secret === token);
  if (!record || (record.revoked_at !== null && !acceptRevoked)) return errors.invalidToken();
  return { kind: 'workspace-token', token: record, permissions: record.permissions };
}

async function authenticateJwt(token: string, ws: WorkspaceState, cache: JwtCache, nowMs: number): Promise<Principal | ApiError> {
  let entry = cache.get(token);
  if (!entry) {
    try {
      const { payload } = await jwtVerify(token, encoder.encode(ws.jwt_secret), {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
      });
      if (payload.ws !== ws.slug || typeof payload.sub !== 'string') return errors.invalidToken();
      const permissions = Array.isArray(payload.permissions) ? payload.permissions.map(String) : [];
      entry = { memberUuid: payload.sub, permissions, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY };
      cache.set(token, entry);
    } catch {
      return errors.invalidToken();
    }
  }
  if (entry.expiresAt <= nowMs) return errors.invalidToken();
  const member = ws.members.find((m) => m.uuid === entry.memberUuid);
  if (!member) return errors.invalidToken();
  return { kind: 'user-token', member, permissions: entry.permissions };
}
