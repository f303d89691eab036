// Workspaces made for one test or one worker (README "A workspace per test"):
// - POST /workspaces {from, slug?} clones a fixture (as loaded, not its current state) or another
//   workspace (its current state) under a new slug, with its own secrets: new workspace token
//   secrets, a new JWT signing secret and the per-user tokens re-signed with it (same claims, `ws`
//   the new slug), so no token of the source opens the clone and none of the clone opens the
//   source. Record uuids stay those of the source; idempotency keys and rate windows start afresh.
//   The answer gives its host as the request reached the control API and its usable tokens.
// - GET /workspaces lists the created workspaces with their last use; DELETE /workspaces/{slug}
//   removes one (a fixture's workspace is reset, never deleted: 409).
// - A created workspace not used for `workspaces.idleTtlMs` of real time is removed (state/store.ts);
//   at most `workspaces.max` exist at once (409 past it).
import type { Mock } from '../core/mock.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { base64urlEncode, utf8Bytes } from '../platform/bytes.ts';
import { hmacSha256Base64url, randomBytes } from '../platform/crypto.ts';
import { newTokenSecret } from '../resources/tokens/handlers.ts';
import { reviveInstants } from '../state/instant-json.ts';
import type { WorkspaceRuntime } from '../state/store.ts';
import type { WorkspaceState } from '../state/workspace.ts';
import { hostName } from './access.ts';
import { describeTenants } from './describe.ts';
import { fail, json } from './respond.ts';

/** The most `--max-workspaces` may allow. */
export const MAX_CREATED_WORKSPACES = 1_000;
/** The longest `--workspace-ttl` (30 days). */
export const MAX_WORKSPACE_TTL_MS = 30 * 24 * 3_600_000;

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const JWT_HEADER = base64urlEncode(utf8Bytes(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

/** The answer of a workspace route, or undefined when the request is not one. */
export function handleWorkspaceControl(mock: Mock, req: MockRequest, method: string, sub: string, body: Record<string, unknown>): MockResponse | undefined {
  if (sub === '/workspaces') {
    if (method === 'POST') return create(mock, req, body);
    if (method === 'GET') return list(mock, req);
    return undefined;
  }
  const one = /^\/workspaces\/([^/]+)$/.exec(sub);
  if (one && method === 'DELETE') return remove(mock, one[1] as string);
  return undefined;
}

/** A duration flag: `0` (never), or a whole number with `ms`, `s`, `m` or `h` (a bare number is seconds). */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,10})(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = Number(match[1]) * unit;
  return ms <= MAX_WORKSPACE_TTL_MS ? ms : undefined;
}

/** An HS256 JWT of the claims, as jose's SignJWT with header {alg: HS256, typ: JWT} makes it. */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  const input = `${JWT_HEADER}.${base64urlEncode(utf8Bytes(JSON.stringify(claims)))}`;
  return `${input}.${hmacSha256Base64url(secret, input)}`;
}

function create(mock: Mock, req: MockRequest, b: Record<string, unknown>): MockResponse {
  const from = b.from as string;
  const source = sourceState(mock, from);
  if (!source) return fail(422, `No fixture or workspace ${from} to clone.`, { field: 'from' });
  const { max } = mock.config.workspaces;
  if (mock.store.created().length >= max) {
    return fail(409, `At most ${max} created workspaces exist at once (--max-workspaces); delete one (DELETE ${mock.config.controlPrefix}/workspaces/{slug}) or let one pass its idle time.`);
  }
  let slug: string;
  if (typeof b.slug === 'string') {
    if (taken(mock, b.slug)) return fail(409, `The slug ${b.slug} is taken.`, { field: 'slug' });
    slug = b.slug;
  } else slug = freshSlug(mock, from);
  const runtime = mock.store.add(withOwnSecrets(source, slug), from);
  const tokens = describeTenants(mock).find((t) => t.slug === slug)?.tokens ?? [];
  return json(201, { ...view(mock, req, runtime), tokens });
}

function list(mock: Mock, req: MockRequest): MockResponse {
  const { max, idleTtlMs } = mock.config.workspaces;
  return json(200, { workspaces: mock.store.created().map((w) => view(mock, req, w)), max, idle_ttl_ms: idleTtlMs });
}

function remove(mock: Mock, encoded: string): MockResponse {
  let slug: string;
  try {
    slug = decodeURIComponent(encoded);
  } catch {
    return fail(404, 'No such workspace.');
  }
  const isFixture = mock.fixtures.some((f) => f.slug === slug);
  const outcome = isFixture ? 'not-created' : mock.store.remove(slug);
  if (outcome === 'not-created') {
    return fail(409, `${slug} is a fixture workspace: reset it (POST ${mock.config.controlPrefix}/reset); only workspaces made by POST ${mock.config.controlPrefix}/workspaces are deleted.`);
  }
  if (outcome === 'missing') return fail(404, `No workspace ${slug} (it was deleted, or removed after its idle time).`);
  return json(200, { success: true, message: 'Workspace deleted', slug });
}

/** A copy of what `from` names: a fixture as loaded, else a running workspace as it is now. */
function sourceState(mock: Mock, from: string): WorkspaceState | undefined {
  const fixture = mock.fixtures.find((f) => f.slug === from);
  if (fixture) return reviveInstants(structuredClone(fixture));
  const running = mock.store.get(from);
  return running ? structuredClone(running.state) : undefined;
}

function taken(mock: Mock, slug: string): boolean {
  return mock.store.has(slug) || mock.fixtures.some((f) => f.slug === slug);
}

/** `<from>-` and five letters or digits, within a DNS label's 63 characters. */
function freshSlug(mock: Mock, from: string): string {
  const base = from.slice(0, 57).replace(/-+$/, '') || 'ws';
  for (;;) {
    const slug = `${base}-${randomText(SLUG_ALPHABET, 5)}`;
    if (!taken(mock, slug)) return slug;
  }
}

/** The state under its new slug, with a new signing secret, new token secrets and re-signed user tokens. */
function withOwnSecrets(state: WorkspaceState, slug: string): WorkspaceState {
  state.slug = slug;
  state.jwt_secret = randomText(SECRET_ALPHABET, 48);
  for (const token of state.tokens) token.secret = newTokenSecret();
  for (const entry of state.user_tokens ?? []) {
    const exp = entry.exp as number | null | undefined;
    // The claims in the order scripts/sign-fixture-tokens.ts signs them.
    const claims = { sub: entry.member_uuid, ws: slug, permissions: entry.permissions, iat: entry.iat, ...(typeof exp === 'number' ? { exp } : {}) };
    entry.token = signHs256(claims, state.jwt_secret);
  }
  return state;
}

/** A created workspace as the routes show it; instants are real time. */
function view(mock: Mock, req: MockRequest, runtime: WorkspaceRuntime): Record<string, unknown> {
  const { slug, name } = runtime.state;
  const created = runtime.created;
  const ttl = mock.config.workspaces.idleTtlMs;
  const host = hostFor(mock, req, slug);
  return {
    slug,
    from: created?.from,
    name,
    host,
    base_url: `${req.secure ? 'https' : 'http'}://${host}`,
    created_at: created ? new Date(created.createdAt).toISOString() : null,
    last_used_at: created ? new Date(created.lastUsedAt).toISOString() : null,
    idle_expires_at: created && ttl > 0 ? new Date(created.lastUsedAt + ttl).toISOString() : null,
  };
}

/** `<slug>.<base domain>` with the port the control request was addressed to, if it named one. */
function hostFor(mock: Mock, req: MockRequest, slug: string): string {
  const given = (req.headers.host ?? '').trim();
  const name = hostName(given);
  const port = given.slice(name.length);
  return `${slug}.${mock.config.baseDomain}${/^:\d{1,5}$/.test(port) ? port : ''}`;
}

function randomText(alphabet: string, length: number): string {
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}
