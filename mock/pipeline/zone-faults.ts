// The applied zone under the time faults of pipeline/faults.ts: each breaks one step of the seed's
// resolution (header → query → profile → workspace → UTC, unknown names ignored) the way a server
// bug would. Without a time fault this is requestedZone + resolveZone of pipeline/timezone.ts.
import { IANAZone } from 'luxon';
import type { WorkspaceState } from '../state/workspace.ts';
import { toIanaZone } from '../time/zones.ts';
import type { Principal } from './auth.ts';
import type { FaultPlan } from './faults.ts';
import { requestedZone, resolveZone } from './timezone.ts';

const TIME_FAULTS = [
  'zone-header-ignored',
  'zone-query-ignored',
  'zone-query-over-header',
  'windows-zone-names-rejected',
  'unknown-zone-utc',
  'profile-zone-ignored',
  'workspace-zone-ignored',
] as const;

/** The caller's explicit zone choice (header, then query) with the active time faults applied. */
function faultyRequested(faults: FaultPlan, header: string | undefined, query: URLSearchParams): string | undefined {
  const name = (value: string | null | undefined): string | undefined => {
    if (value === undefined || value === null) return undefined;
    // Only IANA names: a Windows name is taken for an unknown one.
    if (faults.has('windows-zone-names-rejected') && !IANAZone.isValidZone(value.trim())) return undefined;
    return toIanaZone(value);
  };
  const fromHeader = faults.has('zone-header-ignored') ? undefined : name(header);
  const fromQuery = faults.has('zone-query-ignored') ? undefined : name(query.get('timezone'));
  const unknownGiven = (header !== undefined && fromHeader === undefined && !faults.has('zone-header-ignored')) || (query.has('timezone') && fromQuery === undefined);
  if (faults.has('unknown-zone-utc') && unknownGiven) return 'UTC';
  return faults.has('zone-query-over-header') ? (fromQuery ?? fromHeader) : (fromHeader ?? fromQuery);
}

/** The zone a request is served in: the seed's resolution, or the broken one of an active time fault. */
export function appliedZone(faults: FaultPlan, header: string | undefined, query: URLSearchParams, principal: Principal | undefined, ws: WorkspaceState | undefined): string {
  if (!TIME_FAULTS.some((f) => faults.has(f))) return resolveZone(requestedZone(header, query), principal, ws);
  const requested = faultyRequested(faults, header, query);
  if (requested) return requested;
  if (principal?.kind === 'user-token' && !faults.has('profile-zone-ignored')) return toIanaZone(principal.member.timezone) ?? 'UTC';
  if (principal && ws && !faults.has('workspace-zone-ignored')) return toIanaZone(ws.timezone) ?? 'UTC';
  return 'UTC';
}
