// The API feed from the requests the mock really answers (seed "Logs are read-only feeds" > API:
// inbound API requests with method, path, status, calling token, and request and response bodies).
// Every request to an operation of a workspace's API (not the control API, not preview pages,
// not a path the API does not have) is kept beside the workspace's state, not in it (a refused
// request still changes no state, and snapshots and fixtures keep only their own `api_logs` rows),
// bounded: past API_LOG_CAPACITY requests the oldest go first (a ring buffer). A reset, a fixture
// load or a snapshot import gives the workspace new state, and so an empty log. Bodies are kept as
// their text and parsed when the feed is read, where secrets are masked (mask.ts) like in every
// feed row; a body that is not JSON, larger than MAX_LOGGED_BODY_BYTES or nested deeper than
// MAX_LOGGED_DEPTH, reads null (at most 1,000 × 2 × 64 KiB per workspace is kept): the feed keeps
// only what it can read back.
import type { MockRequest, MockResponse } from '../../core/types.ts';
import type { Principal } from '../../pipeline/auth.ts';
import { jsonDepthExceeds } from '../../pipeline/body-limits.ts';
import { utf8Length } from '../../platform/bytes.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import type { ApiLogRecord, CallingTokenRef } from './records.ts';

/** Requests the API feed keeps per workspace, besides the fixture rows. */
export const API_LOG_CAPACITY = 1_000;
/** Larger request or response bodies are logged as null. */
export const MAX_LOGGED_BODY_BYTES = 64 * 1024;
/** Bodies nested deeper (arrays and objects) are logged as null, whatever depth the pipeline allows. */
export const MAX_LOGGED_DEPTH = 64;

const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const decoder = new TextDecoder('utf-8', { fatal: false });

/** The body as kept: its text when it may be JSON within the size bound, else null. */
function kept(text: string): string | null {
  // A UTF-8 character takes at most 3 bytes per UTF-16 unit: the exact byte count is needed only near the bound.
  if (text.length === 0 || text.length > MAX_LOGGED_BODY_BYTES) return null;
  if (text.length * 3 > MAX_LOGGED_BODY_BYTES && utf8Length(text) > MAX_LOGGED_BODY_BYTES) return null;
  return text;
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One reference per token or member, shared by every request it made (records stay small). */
const refs = new WeakMap<object, CallingTokenRef>();

function tokenRef(principal: Principal | undefined): CallingTokenRef | null {
  if (!principal) return null;
  const owner = principal.kind === 'workspace-token' ? principal.token : principal.member;
  let ref = refs.get(owner);
  if (!ref) {
    ref = principal.kind === 'workspace-token' ? { kind: 'workspace_token', token_uuid: principal.token.uuid } : { kind: 'user_token', member_uuid: principal.member.uuid };
    refs.set(owner, ref);
  }
  return ref;
}

/**
 * A recorded request, kept small (the last 1,000 requests of a workspace are always in memory, and
 * what survives a request is what the garbage collector copies): bodies as text, parsed when the
 * feed is read; the instant as epoch milliseconds; the uuid drawn when the feed first shows it
 * (and kept from then on).
 */
type Recorded = Omit<ApiLogRecord, 'uuid' | 'request_body' | 'response_body' | 'created_at'> & {
  uuid: string | undefined;
  request_text: string | null;
  response_text: string | null;
  at: number;
};

class Ring {
  private readonly items: Recorded[] = [];
  private next = 0;

  add(record: Recorded): void {
    if (this.items.length < API_LOG_CAPACITY) this.items.push(record);
    else this.items[this.next] = record;
    this.next = (this.next + 1) % API_LOG_CAPACITY;
  }

  get size(): number {
    return this.items.length;
  }

  list(): Recorded[] {
    return this.items.length < API_LOG_CAPACITY ? [...this.items] : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
}

const recorded = new WeakMap<WorkspaceState, Ring>();

/** How many requests are recorded for the workspace (at most API_LOG_CAPACITY). */
export function recordedCount(ws: WorkspaceState): number {
  return recorded.get(ws)?.size ?? 0;
}

/** The requests recorded for the workspace, oldest first. */
export function recordedRequests(ws: WorkspaceState): ApiLogRecord[] {
  return (recorded.get(ws)?.list() ?? []).map((record) => {
    record.uuid ??= newUuid();
    const { uuid, request_text, response_text, at, ...rest } = record;
    return { uuid, ...rest, request_body: parsed(request_text), response_body: parsed(response_text), created_at: new Date(at) };
  });
}

export function recordApiRequest(ws: WorkspaceState, req: MockRequest, res: MockResponse, principal: Principal | undefined, atMs: number, durationMs: number): void {
  const method = req.method.toUpperCase();
  // A forced connection fault (reset, no answer) sends no HTTP status: nothing was answered to log.
  if (!METHODS.has(method) || res.status < 100) return;
  const record: Recorded = {
    uuid: undefined,
    method: method as ApiLogRecord['method'],
    path: req.path,
    status: res.status,
    duration_ms: Math.max(0, Math.round(durationMs)),
    token: tokenRef(principal),
    request_text:
      req.bodyTooLarge || req.body.length === 0 || req.body.length > MAX_LOGGED_BODY_BYTES || jsonDepthExceeds(req.body, MAX_LOGGED_DEPTH)
        ? null
        : kept(decoder.decode(req.body)),
    response_text: kept(res.body),
    at: atMs,
  };
  let ring = recorded.get(ws);
  if (!ring) {
    ring = new Ring();
    recorded.set(ws, ring);
  }
  ring.add(record);
}
