// The mock core: a function from a plain request to a plain response. The stages, in order:
//   CORS preflight → control API → docs → route → tenant → general rate → auth → permission → zone
//   → forced response (control API) → Prefer (code= / example=, no handler)
//   → body limits (JSON content type, nesting depth) → body → validate → acting member → idempotency → send rate → handler (in a transaction) → serialize → commit
// and, once the workspace is known, the exchange joins the workspace's API feed (logs/api-recorder.ts).
// Each stage is a small module under pipeline/; errors are ApiError values rendered once, in the
// shape the contract names for the operation and status. A handler that may write runs in a
// transaction (state/transaction.ts): its changes stay only when its response has been produced.
import { buildOperationTable, type OperationInfo, type OperationTable } from '../contract/operation-table.ts';
import { loadContract } from '../contract/load.ts';
import { controlCors, controlPreflight, controlRefusal } from '../control/access.ts';
import { handleControl } from '../control/control-api.ts';
import { type DocsSite, isDocsPath, serveDocs } from '../docs/docs.ts';
import { ApiError, errors } from '../pipeline/api-error.ts';
import { authenticate, bearerToken, isJwt, type Principal } from '../pipeline/auth.ts';
import { bodyLimitError, unsupportedMediaType } from '../pipeline/body-limits.ts';
import { CORS_HEADERS, preflight } from '../pipeline/cors.ts';
import { FaultPlan } from '../pipeline/faults.ts';
import { fingerprint } from '../pipeline/idempotency.ts';
import { isGranted } from '../pipeline/permissions.ts';
import { parsePrefer, preferredAnswer } from '../pipeline/prefer.ts';
import { errorBody } from '../pipeline/render-error.ts';
import { checkResponse } from '../pipeline/response-check.ts';
import { buildResponse } from '../pipeline/serialize.ts';
import { tenantFromHost } from '../pipeline/tenant.ts';
import { requestedZone } from '../pipeline/timezone.ts';
import { appliedZone } from '../pipeline/zone-faults.ts';
import { parseJsonBody, validateRequest } from '../pipeline/validate.ts';
import { isPreviewPath, servePreview } from '../resources/builders/preview.ts';
import { recordApiRequest } from '../resources/logs/api-recorder.ts';
import { handlers as defaultHandlers } from '../resources/registry.ts';
import { bundledFixtureSet } from '../state/bundled-fixtures.ts';
import { fixturesAt } from '../state/shift-fixtures.ts';
import { MockStore, type WorkspaceRuntime } from '../state/store.ts';
import { Transaction } from '../state/transaction.ts';
import type { Member, WorkspaceState } from '../state/workspace.ts';
import { MockClock } from '../time/clock.ts';
import { DeliveryOutbox } from '../delivery/outbox.ts';
import { DEFAULT_CONFIG, type MockConfig } from './config.ts';
import { FROM_EXAMPLE, type HandlerContext, type HandlerRegistry } from './handler.ts';
import { RequestLog } from './request-log.ts';
import type { MockRequest, MockResponse } from './types.ts';

export interface MockOptions extends Partial<MockConfig> {
  /** Workspaces to start from; default: the `demo` fixture set. */
  fixtures?: WorkspaceState[];
  clock?: MockClock;
  handlers?: HandlerRegistry;
  /**
   * Called after each answered request that may have changed the state: any method but GET, HEAD
   * and OPTIONS, of the API or of the control API (the CLI's state file saves on it, state/persist.ts).
   */
  onChange?: () => void;
}

export interface Mock {
  readonly config: MockConfig;
  readonly clock: MockClock;
  readonly table: OperationTable;
  readonly store: MockStore;
  readonly requests: RequestLog;
  readonly faults: FaultPlan;
  /** The fixtures a reset returns to. */
  fixtures: WorkspaceState[];
  handle(request: MockRequest): Promise<MockResponse>;
  /**
   * The same answer, without a promise when none is needed (only a per-user token's first
   * verification waits): a server adapter decides it in the same turn as it read the request.
   * May throw where `handle` rejects.
   */
  handleNow(request: MockRequest): MockResponse | Promise<MockResponse>;
}

interface Exchange {
  zone: string;
  limit: number;
  remaining: number;
  extra: Record<string, string>;
  /** The workspace and caller, once known: the request goes to the workspace's API feed. */
  ws?: WorkspaceState;
  principal?: Principal;
  /** A forced delay or connection fault, for the adapter. */
  transport?: MockResponse['transport'];
}

let sharedTable: OperationTable | undefined;

/** Methods that change nothing a snapshot holds. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The query of a request without one (read only: nothing in the mock changes a request's query). */
const EMPTY_QUERY = new URLSearchParams();

export function createMock(options: MockOptions = {}): Mock {
  const { fixtures, clock: givenClock, handlers: givenHandlers, onChange, ...overrides } = options;
  const config: MockConfig = {
    ...DEFAULT_CONFIG,
    ...overrides,
    rateLimits: { ...DEFAULT_CONFIG.rateLimits, ...overrides.rateLimits },
    control: { ...DEFAULT_CONFIG.control, ...overrides.control },
    caches: { ...DEFAULT_CONFIG.caches, ...overrides.caches },
    workspaces: { ...DEFAULT_CONFIG.workspaces, ...overrides.workspaces },
  };
  sharedTable ??= buildOperationTable(loadContract());
  const table = sharedTable;
  const clock = givenClock ?? new MockClock();
  const store = new MockStore(config.rateLimits, config.caches, config.workspaces);
  const registry = givenHandlers ?? defaultHandlers;
  const requests = new RequestLog(config.recordRequests);
  const faults = new FaultPlan(config.faults);

  const mock: Mock = {
    config,
    clock,
    table,
    store,
    requests,
    faults,
    fixtures: fixturesAt(fixtures ?? bundledFixtureSet('demo'), config, clock.now()),
    handleNow(request) {
      // With webhook delivery on, deliveries recorded since the last request go out (delivery/outbox.ts).
      outbox?.flush();
      const routed = route(request);
      return routed instanceof Promise ? routed.then((response) => journaled(request, response)) : journaled(request, routed);
    },
    async handle(request) {
      return mock.handleNow(request);
    },
  };

  /** The journal keeps the API's requests; the control API's own are not journaled. */
  function journaled(request: MockRequest, response: MockResponse): MockResponse {
    outbox?.flush();
    if (!isControlPath(request.path)) requests.add(request, response, clock.now(), tenantFromHost(request.headers.host, config));
    if (onChange !== undefined && !READ_METHODS.has(request.method.toUpperCase())) onChange();
    return response;
  }
  store.load(mock.fixtures);
  const outbox = config.webhookSender === undefined ? undefined : new DeliveryOutbox(store, clock, config.webhookSender);
  /** The docs routes list the running mock's servers: its tenancy and its workspaces. */
  const docsSite: DocsSite = { tenancy: config, tenants: () => store.all().map((w) => w.state.slug) };

  function isControlPath(path: string): boolean {
    return path === config.controlPrefix || path.startsWith(`${config.controlPrefix}/`);
  }

  function route(original: MockRequest): MockResponse | Promise<MockResponse> {
    let req = original;
    const control = isControlPath(req.path);
    const access = { access: config.control, baseDomain: config.baseDomain };
    if (req.method === 'OPTIONS') return control ? withRate(controlPreflight(req, access), req) : preflight(req, generalPeek(req));
    if (control) {
      const response = controlRefusal(req, access) ?? handleControl(mock, req);
      Object.assign(response.headers, controlCors(req, config.control));
      return withRate(response, req);
    }
    if (isPreviewPath(req.path)) return withCors(servePreview(mock, req));
    const docs = isDocsPath(req.path) ? serveDocs(req, docsSite) : undefined;
    if (docs) return withRate(docs, req);
    const query = req.query === '' ? EMPTY_QUERY : new URLSearchParams(req.query);
    const exchange: Exchange = {
      zone: requestedZone(req.headers['x-timezone'], query) ?? 'UTC',
      limit: config.rateLimits.generalPerMinute,
      remaining: config.rateLimits.generalPerMinute,
      extra: {},
    };
    if (faults.has('coaching-path-unversioned') && /^\/api\/(v1\/)?coaching-agents(\/|$)/.test(req.path)) {
      if (req.path.startsWith('/api/v1/')) return respondError(errors.endpointNotFound(req.method, req.path), undefined, exchange);
      req = { ...req, path: req.path.replace('/api/', '/api/v1/') };
    }
    const { route: match } = table.routes.match(req.method, req.path);
    if (!match) return respondError(errors.endpointNotFound(req.method, req.path), undefined, exchange);
    const op = match.target;
    const started = performance.now();
    const finish = (response: MockResponse): MockResponse => {
      if (exchange.transport) response.transport = exchange.transport;
      // A dropped connection is no exchange the platform would log.
      if (exchange.ws && response.transport?.fault === undefined) recordApiRequest(exchange.ws, req, response, exchange.principal, clock.now(), performance.now() - started);
      return response;
    };
    const failed = (error: unknown): MockResponse => {
      if (error instanceof ApiError) return finish(respondError(error, error.outsideContract ? undefined : op, exchange));
      if (error instanceof ContractViolation) throw error;
      console.error(`mock: ${op.operationId} failed`, error);
      return finish(respondError(errors.internal('The mock failed while handling the request.'), op, exchange));
    };
    let served: MockResponse | Promise<MockResponse>;
    try {
      served = serve(req, op, match.params, query, exchange);
    } catch (error) {
      return failed(error);
    }
    return served instanceof Promise ? served.then(finish, failed) : finish(served);
  }

  /** Decided without a promise, unless a per-user token's signature is still to be verified. */
  function serve(req: MockRequest, op: OperationInfo, pathParams: Record<string, string>, query: URLSearchParams, ex: Exchange): MockResponse | Promise<MockResponse> {
    const nowMs = clock.now();
    const slug = tenantFromHost(req.headers.host, config);
    const known = slug === undefined ? undefined : store.get(slug);
    const runtime = known ?? (faults.has('unknown-tenant-served') ? store.get(config.defaultTenant ?? mock.fixtures[0]?.slug ?? '') : undefined);
    if (!runtime) throw errors.tenantNotFound(slug ?? '');
    const ws = runtime.state;
    ex.ws = ws;

    const general = runtime.limiter.general(nowMs);
    ex.limit = general.limit;
    ex.remaining = general.remaining;
    if (!general.allowed && !faults.has('no-general-limit')) {
      ex.extra['retry-after'] = String(general.retryAfter);
      throw errors.rateLimited(general.retryAfter, `${general.limit} requests per minute per workspace exceeded.`);
    }

    const token = bearerToken(req.headers.authorization);
    if (token instanceof ApiError) throw token;
    const decided = authenticate(token, ws, runtime.jwtCache, nowMs, faults.has('revoked-token-still-valid'));
    if (decided instanceof Promise) return decided.then((principal) => authorized(req, op, pathParams, query, ex, runtime, slug, token, nowMs, principal));
    return authorized(req, op, pathParams, query, ex, runtime, slug, token, nowMs, decided);
  }

  /** The request once its token is read: permission, zone, forced answers, body, validation, limits, handler. */
  function authorized(
    req: MockRequest,
    op: OperationInfo,
    pathParams: Record<string, string>,
    query: URLSearchParams,
    ex: Exchange,
    runtime: WorkspaceRuntime,
    slug: string | undefined,
    token: string,
    nowMs: number,
    principal: Principal | ApiError,
  ): MockResponse {
    const ws = runtime.state;
    if (principal instanceof ApiError) throw faults.has('unknown-token-403') && !isJwt(token) ? errors.forbidden(op.permission) : principal;
    if (faults.has('user-tokens-refused') && principal.kind === 'user-token') throw errors.invalidToken();
    ex.principal = principal;
    // Everything from here to the handler's return runs without awaiting, so concurrent
    // requests (same request_key, same rate window) are decided one after the other.
    ex.zone = appliedZone(faults, req.headers['x-timezone'], query, principal, ws);
    if (!isGranted(principal.permissions, op.permission) && !faults.has('permissions-not-enforced')) throw errors.forbidden(op.permission);
    // A workspace token's use is recorded with the answer it got (inside the transaction of a
    // write), so a refused request leaves even `last_used_at` as it was.
    const markUsed = (p: Principal): void => {
      if (p.kind === 'workspace-token') p.token.last_used_at = new Date(nowMs);
    };

    const forced = faults.takeForced(op, req, slug);
    if (forced) {
      // A delay or a connection fault is the transport's (adapters/); the answer is decided here.
      if (forced.delayMs !== undefined || forced.fault !== undefined) {
        ex.transport = { ...(forced.delayMs === undefined ? {} : { delayMs: forced.delayMs }), ...(forced.fault === undefined ? {} : { fault: forced.fault }) };
      }
      if (forced.headers) Object.assign(ex.extra, lowerCaseKeys(forced.headers));
      if (forced.fault !== undefined) return { status: 0, headers: {}, body: '', transport: ex.transport };
      if (forced.status !== undefined) {
        ex.extra['x-mock-source'] = 'forced';
        if (forced.body !== undefined) return respond(forced.status, forced.body, op, ex);
        // Without a body, the error of that status with the document's code (503 SERVICE_UNAVAILABLE,
        // 429 with Retry-After, ...). A status the operation does not list (502, 503) is the seed's
        // general Shape B.
        throw errors.forStatus(forced.status, 'Forced by the control API.', !op.statuses.has(forced.status));
      }
    }

    // Prefer: code= / example= (Prism's convention): a documented answer, without the handler.
    const preference = parsePrefer(req.headers.prefer);
    if (preference) {
      const preferred = preferredAnswer(op, preference);
      ex.extra['preference-applied'] = preferred.applied;
      if (preferred.kind === 'error') throw preferred.error;
      ex.extra['x-mock-source'] = 'prefer';
      return respond(preferred.status, preferred.body, op, ex);
    }

    // An operation without a request body ignores one sent anyway (the contract documents no
    // 400 or 413 for it); with a body, an oversized one is 413, one that is not JSON by its
    // Content-Type 415, one nested too deep or broken JSON 400.
    if (op.body && req.bodyTooLarge) throw errors.payloadTooLarge(config.maxBodyBytes);
    const charsetMissing = faults.has('json-charset-required') && req.body.length > 0 && !/charset=/i.test(req.headers['content-type'] ?? '');
    const limited = op.body ? (charsetMissing ? unsupportedMediaType(req.headers['content-type'] ?? '') : bodyLimitError(req.headers['content-type'], req.body, config.maxBodyDepth)) : undefined;
    if (limited) throw limited;
    const parsed = op.body ? parseJsonBody(req.body) : { ok: true as const, value: undefined };
    if (!parsed.ok) throw parsed.error;
    const input = validateRequest(op, pathParams, query, req.headers, parsed.value, {
      uncappedPageSizes: faults.has('page-size-uncapped'),
      phonePlusOptional: faults.has('phone-plus-optional'),
      uuidCaseSensitive: faults.has('uuid-case-sensitive'),
      loopbackHttpUrls: config.webhookSender !== undefined,
    });
    if (input instanceof ApiError) throw faults.has('validation-errors-500') ? errors.internal('The request could not be processed.') : input;
    const actor = actingMember(op, principal, ws, input.body, input.query);

    const sendLimited = op.rateLimit === 'outbound-send';
    const requestKey = sendLimited ? requestKeyOf(input.body) : undefined;
    const keyId = requestKey === undefined ? undefined : runtime.idempotency.key(op.operationId, requestKey);
    if (keyId !== undefined && !faults.has('idempotency-off')) {
      const stored = runtime.idempotency.get(keyId);
      if (stored) {
        if (stored.fingerprint !== fingerprint(input.body)) {
          throw errors.conflict('request_key already used', 'The request_key was already used with a different request; nothing was sent.');
        }
        const peek = runtime.limiter.peekSend(nowMs);
        ex.limit = peek.limit;
        ex.remaining = peek.remaining;
        const replay = respond(stored.status, stored.body, op, ex);
        markUsed(principal);
        return replay;
      }
    }
    if (sendLimited && !faults.has('no-rate-limit')) {
      const decision = runtime.limiter.peekSend(nowMs);
      ex.limit = decision.limit;
      ex.remaining = decision.remaining;
      if (!decision.allowed) {
        ex.extra['retry-after'] = String(decision.retryAfter);
        throw errors.rateLimited(decision.retryAfter, `${decision.limit} requests per second per workspace exceeded; nothing was created or sent.`);
      }
    }

    const entry = registry[op.operationId as keyof HandlerRegistry];
    if (entry === FROM_EXAMPLE || entry === undefined) {
      if (!op.example) throw errors.internal(`No example for ${op.operationId}.`);
      ex.extra['x-mock-source'] = 'example';
      const example = respond(op.example.status, op.example.body, op, ex);
      markUsed(principal);
      return example;
    }
    // A handler that may write sees the state through a transaction; GET handlers (which only
    // bring derived state up to the clock) see it directly and pay nothing.
    const tx = op.method === 'GET' || op.method === 'HEAD' ? undefined : new Transaction();
    const ctx: HandlerContext = {
      op,
      ws: tx ? tx.wrap(ws) : ws,
      principal: tx ? tx.wrap(principal) : principal,
      actor: tx ? tx.wrap(actor) : actor,
      zone: ex.zone,
      now: new Date(nowMs),
      path: input.path as never,
      query: input.query as never,
      body: input.body as never,
      config,
      faults,
      host: req.headers.host ?? `${ws.slug}.${config.baseDomain}`,
    };
    try {
      markUsed(ctx.principal);
      const result = (entry as (c: HandlerContext) => { status: number; body: unknown })(ctx);
      // The fault answers a read by id as if the resource were unknown.
      if (faults.has('known-ids-404') && op.method === 'GET' && result.status < 300 && Object.keys(input.path as object).length > 0) throw errors.notFound('Resource');
      const body = tx ? tx.unwrap(result.body) : result.body;
      ex.extra['x-mock-source'] = 'state';
      const accepted = sendLimited && result.status < 300;
      if (accepted) {
        ex.limit = config.rateLimits.sendPerSecond;
        ex.remaining = runtime.limiter.peekSend(nowMs).remaining - 1;
      }
      const response = respond(result.status, body, op, ex);
      // The response exists: the changes stay, and the send counts.
      tx?.commit();
      if (accepted) {
        runtime.limiter.acceptSend(nowMs);
        if (keyId !== undefined) runtime.idempotency.set(keyId, { fingerprint: fingerprint(input.body), status: result.status, body });
      }
      return response;
    } catch (error) {
      tx?.rollback();
      throw error;
    }
  }

  function respond(status: number, body: unknown, op: OperationInfo | undefined, ex: Exchange): MockResponse {
    const response = buildResponse(status, body, { zone: ex.zone, limit: ex.limit, remaining: ex.remaining, common: CORS_HEADERS, extra: ex.extra });
    faults.distort(response, op);
    if (config.validateResponses && op) {
      const problem = checkResponse(op, response);
      if (problem) throw new ContractViolation(`${op.operationId} ${status}: ${problem}`);
    }
    return response;
  }

  function respondError(error: ApiError, op: OperationInfo | undefined, ex: Exchange): MockResponse {
    if (error.retryAfter !== undefined) ex.extra['retry-after'] = String(error.retryAfter);
    return respond(error.status, errorBody(error, op ? op.errorShape(error.status) : 'B'), op, ex);
  }

  function withCors(response: MockResponse): MockResponse {
    Object.assign(response.headers, CORS_HEADERS);
    return response;
  }

  /** The general rate window of the Host's tenant, looked at without counting. */
  function generalPeek(req: MockRequest): { limit: number; remaining: number } {
    const slug = tenantFromHost(req.headers.host, config);
    const runtime = slug === undefined ? undefined : store.get(slug);
    return runtime ? runtime.limiter.peekGeneral(clock.now()) : { limit: config.rateLimits.generalPerMinute, remaining: config.rateLimits.generalPerMinute };
  }

  /** X-Timezone and X-RateLimit-* on an answer that did not count against a limit. */
  function withRate(response: MockResponse, req: MockRequest): MockResponse {
    const rate = generalPeek(req);
    response.headers['x-timezone'] ??= 'UTC';
    response.headers['x-ratelimit-limit'] = String(rate.limit);
    response.headers['x-ratelimit-remaining'] = String(rate.remaining);
    return response;
  }

  return mock;
}

/** A response the mock produced does not match the contract (with `validateResponses`). */
export class ContractViolation extends Error {}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function requestKeyOf(body: unknown): string | undefined {
  const key = (body as { request_key?: unknown } | undefined)?.request_key;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Seed "Authentication" rule 7: with a per-user token the action is the token user's; with a
 * workspace token, operations that act for a person name the member in `user_email`.
 */
function actingMember(op: OperationInfo, principal: Principal, ws: WorkspaceState, body: unknown, query: Record<string, unknown>): Member | undefined {
  if (principal.kind === 'user-token') return principal.member;
  if (!op.actsForPerson) return undefined;
  const email = (body as { user_email?: unknown } | undefined)?.user_email ?? query.user_email;
  if (typeof email !== 'string' || email === '') {
    throw errors.validation('VALIDATION_ERROR', 'The field user_email is required with a workspace API token.', 'user_email');
  }
  const member = ws.members.find((m) => m.email.toLowerCase() === email.toLowerCase());
  if (!member) throw errors.validation('VALIDATION_ERROR', `No workspace member has the email ${email}.`, 'user_email');
  return member;
}

export type { WorkspaceRuntime };
