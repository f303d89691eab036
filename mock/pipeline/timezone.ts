// Seed "Time handling" rules 3 and 4: the zone comes from the X-Timezone header, then the
// `timezone` query parameter, then the member's profile zone (per-user token), then the
// workspace zone (workspace API token), then UTC. Unknown names are ignored.
import type { WorkspaceState } from '../state/workspace.ts';
import { toIanaZone } from '../time/zones.ts';
import type { Principal } from './auth.ts';

/** The caller's explicit choice (header, then query), usable before authentication. */
export function requestedZone(header: string | undefined, query: URLSearchParams): string | undefined {
  return toIanaZone(header) ?? toIanaZone(query.get('timezone'));
}

export function resolveZone(requested: string | undefined, principal: Principal | undefined, ws: WorkspaceState | undefined): string {
  if (requested) return requested;
  if (principal?.kind === 'user-token') return toIanaZone(principal.member.timezone) ?? 'UTC';
  if (principal?.kind === 'workspace-token' && ws) return toIanaZone(ws.timezone) ?? 'UTC';
  return 'UTC';
}
