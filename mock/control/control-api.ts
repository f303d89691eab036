// The control API under a reserved prefix (default /__mock), described in control/openapi.yaml:
// reset, load fixtures, snapshot export/import, workspaces per test (workspaces.ts), clock, workspace policies, faults and forced
// responses, and the request log. It is for tests and front-end developers, never tenant-scoped;
// who may call it is decided before (control/access.ts). Every body is validated against
// control/openapi.yaml before anything changes, and a refused request changes nothing.
import type { Mock } from '../core/mock.ts';
import { type JournalCriteria, parseStatusCriterion } from '../core/request-log.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { controlJson } from '../docs/docs.ts';
import { ApiError } from '../pipeline/api-error.ts';
import { jsonDepthExceeds } from '../pipeline/body-limits.ts';
import { FAULTS, type ForcedResponse } from '../pipeline/faults.ts';
import { toApiError } from '../pipeline/validate.ts';
import type { ExportPolicy, WorkspaceState } from '../state/workspace.ts';
import { ClockRangeError, parseInstant } from '../time/clock.ts';
import { handleBuilderControl } from './builder-controls.ts';
import { describeTenants } from './describe.ts';
import { handleEventControl } from './event-controls.ts';
import { fail, failWith, json } from './respond.ts';
import { controlSchemas } from './schema.ts';
import { exportSnapshot, importSnapshot } from './snapshot.ts';
import { handleWorkspaceControl } from './workspaces.ts';

type Body = Record<string, unknown>;

/** Control bodies carry whole workspace states, a few levels deeper than API bodies. */
export const CONTROL_BODY_DEPTH = 100;
/**
 * Said when `set` moved the clock back: state keeps what happened at later instants (records
 * written, progress already settled), so it may read out of order until a reset.
 */
const CLOCK_BACK_WARNING =
  'The clock moved back. Records written and progress settled after the new instant keep their times until POST /__mock/reset (which returns to the fixtures as of the start).';
/** Pending forced responses kept at most. */
const MAX_FORCED = 1_000;

const decoder = new TextDecoder('utf-8', { fatal: true });

function parseBody(req: MockRequest): { body: Body } | { error: MockResponse } {
  if (req.bodyTooLarge) return { error: fail(413, 'The request body is too large.') };
  if (req.body.length === 0) return { body: {} };
  if (jsonDepthExceeds(req.body, CONTROL_BODY_DEPTH)) return { error: fail(400, `The body nests deeper than ${CONTROL_BODY_DEPTH} levels.`) };
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(req.body));
  } catch {
    return { error: fail(400, 'The body is not valid JSON.') };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: fail(400, 'The body must be a JSON object.') };
  return { body: value as Body };
}

export function handleControl(mock: Mock, req: MockRequest): MockResponse {
  const sub = req.path.slice(mock.config.controlPrefix.length) || '/';
  const method = req.method.toUpperCase();
  const parsed = parseBody(req);
  if ('error' in parsed) return parsed.error;
  const validate = controlSchemas().bodyValidator(method, sub);
  if (validate && !validate(parsed.body)) return failWith(toApiError(validate.errors ?? [], undefined));
  try {
    return handleWorkspaceControl(mock, req, method, sub, parsed.body) ?? route(mock, method, sub, new URLSearchParams(req.query), parsed.body);
  } catch (error) {
    if (error instanceof ApiError) return failWith(error);
    if (error instanceof ClockRangeError) return fail(422, error.message, { field: parsed.body.set === undefined ? 'advance_ms' : 'set' });
    console.error('mock: control request failed', error);
    return fail(500, 'The control API failed while handling the request.');
  }
}

function route(mock: Mock, method: string, sub: string, query: URLSearchParams, b: Body): MockResponse {
  switch (`${method} ${sub}`) {
    case 'GET /':
      return json(200, { tenants: describeTenants(mock), faults: mock.faults.list(), known_faults: FAULTS, clock: clockInfo(mock) });
    case 'GET /openapi.json':
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'UTC' }, body: controlJson() };
    case 'POST /reset':
      mock.store.load(mock.fixtures);
      mock.faults.clearForced();
      mock.faults.webhookResponses.clear();
      mock.requests.clear();
      return json(200, { success: true, message: 'State reset to fixtures', tenants: tenantSlugs(mock) });
    case 'POST /fixtures': {
      const workspaces = b.workspaces as WorkspaceState[];
      const duplicate = workspaces.find((w, i) => workspaces.findIndex((o) => o.slug === w.slug) !== i);
      if (duplicate) return fail(422, `Two workspaces have the slug ${duplicate.slug}.`, { field: 'workspaces' });
      mock.store.load(workspaces);
      mock.fixtures = workspaces;
      return json(200, { success: true, message: 'Fixtures loaded', tenants: tenantSlugs(mock) });
    }
    case 'GET /snapshot':
      return json(200, exportSnapshot(mock, query.get('secrets') === 'true'));
    case 'PUT /snapshot': {
      const imported = importSnapshot(mock, b);
      if ('refused' in imported) return imported.refused;
      const { notRestored } = imported;
      const message = notRestored.length === 0 ? 'Snapshot imported' : `Snapshot imported; ${notRestored.length} withheld secret(s) could not be restored and were drawn anew`;
      return json(200, { success: true, message, tenants: tenantSlugs(mock), not_restored: notRestored });
    }
    case 'GET /clock':
      return json(200, clockInfo(mock));
    case 'POST /clock': {
      // Validated (bounds included) before anything moves: an out-of-range move changes nothing.
      if (b.set !== undefined && b.advance_ms !== undefined) return fail(422, 'Send set or advance_ms, not both.', { field: 'set' });
      const before = mock.clock.now();
      if (b.set !== undefined) {
        const target = parseInstant(b.set as string);
        if (target === undefined) return fail(422, 'set is an ISO 8601 instant with an offset, such as 2031-05-20T09:00:00+02:00.', { field: 'set' });
        mock.clock.set(target);
      }
      if (b.advance_ms !== undefined) mock.clock.advance(b.advance_ms as number);
      if (b.freeze === true) mock.clock.freeze();
      if (b.freeze === false) mock.clock.unfreeze();
      return json(200, mock.clock.now() < before ? { ...clockInfo(mock), warning: CLOCK_BACK_WARNING } : clockInfo(mock));
    }
    case 'GET /rate-limits':
      return json(200, rateLimitInfo(mock));
    case 'PUT /rate-limits': {
      // The store's limiters read this object, so the new limits hold from the next request.
      if (b.general_per_minute !== undefined) mock.config.rateLimits.generalPerMinute = b.general_per_minute as number;
      if (b.send_per_second !== undefined) mock.config.rateLimits.sendPerSecond = b.send_per_second as number;
      mock.store.restartGeneralWindows();
      return json(200, rateLimitInfo(mock));
    }
    case 'GET /requests': {
      const criteria = criteriaFromQuery(query);
      if ('error' in criteria) return criteria.error;
      return json(200, { requests: mock.requests.find(criteria), limit: mock.requests.limit });
    }
    case 'POST /requests/find':
      return json(200, { requests: mock.requests.find(criteriaFromBody(b)) });
    case 'POST /requests/count':
      return json(200, { count: mock.requests.count(criteriaFromBody(b)) });
    case 'DELETE /requests':
      mock.requests.clear();
      return json(200, { success: true, message: 'Request log cleared' });
    case 'GET /faults':
      return json(200, { active: mock.faults.list(), known: FAULTS, forced: mock.faults.pending().map(describeForced) });
    case 'PUT /faults': {
      const names = b.faults as string[];
      const unknown = names.find((n) => !(n in FAULTS));
      if (unknown !== undefined) return fail(422, `Unknown fault ${unknown}; known: ${Object.keys(FAULTS).join(', ')}.`, { field: 'faults' });
      mock.faults.set(names);
      return json(200, { active: mock.faults.list() });
    }
    case 'POST /force': {
      if (typeof b.operation_id === 'string' && !mock.table.operations.has(b.operation_id)) return fail(422, `Unknown operation_id ${b.operation_id}.`, { field: 'operation_id' });
      if (mock.faults.pending().length >= MAX_FORCED) return fail(422, `At most ${MAX_FORCED} forced responses may wait.`, { field: 'times' });
      if (b.body !== undefined && b.status === undefined) return fail(422, 'A body needs a status.', { field: 'body' });
      if (b.fault !== undefined && (b.status !== undefined || b.body !== undefined)) return fail(422, 'A connection fault answers nothing: no status or body with it.', { field: 'fault' });
      mock.faults.force({
        remaining: (b.times as number | undefined) ?? 1,
        ...(typeof b.status === 'number' ? { status: b.status } : {}),
        ...(typeof b.operation_id === 'string' ? { operationId: b.operation_id } : {}),
        ...(typeof b.method === 'string' ? { method: b.method } : {}),
        ...(typeof b.path === 'string' ? { path: b.path } : {}),
        ...(typeof b.path_pattern === 'string' ? { pathPattern: b.path_pattern } : {}),
        ...(typeof b.tenant === 'string' ? { tenant: b.tenant } : {}),
        ...(b.body !== undefined ? { body: b.body } : {}),
        ...(b.headers !== undefined ? { headers: b.headers as Record<string, string> } : {}),
        ...(typeof b.delay_ms === 'number' ? { delayMs: b.delay_ms } : {}),
        ...(b.fault === 'reset' || b.fault === 'no-answer' ? { fault: b.fault } : {}),
      });
      return json(201, { success: true, message: 'The next matching request gets this response', forced: mock.faults.pending().map(describeForced) });
    }
    case 'DELETE /force':
      mock.faults.clearForced();
      return json(200, { success: true, message: 'Forced responses cleared' });
  }

  const builders = handleBuilderControl(mock, method, sub, b);
  if (builders) return builders;
  const events = handleEventControl(mock, method, sub, b);
  if (events) return events;

  const policy = /^\/workspaces\/([^/]+)\/policies$/.exec(sub);
  if (policy && method === 'PUT') {
    const runtime = mock.store.get(decodeURIComponent(policy[1] as string));
    if (!runtime) return fail(404, 'No such workspace.');
    const value = b.ANALYTICS_MESSAGES_EXPORT;
    if (value !== undefined) runtime.state.policies.ANALYTICS_MESSAGES_EXPORT = value as ExportPolicy;
    return json(200, { slug: runtime.state.slug, policies: runtime.state.policies });
  }
  return fail(404, 'No such control endpoint.', { code: 'ENDPOINT_NOT_FOUND' });
}

/** A pending forced rule in the names POST /__mock/force takes. */
function describeForced(f: ForcedResponse): Record<string, unknown> {
  const out: Record<string, unknown> = {
    operation_id: f.operationId,
    method: f.method,
    path: f.path,
    path_pattern: f.pathPattern,
    tenant: f.tenant,
    status: f.status,
    body: f.body,
    headers: f.headers,
    delay_ms: f.delayMs,
    fault: f.fault,
    times: f.remaining,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

const CRITERIA = ['method', 'path', 'tenant', 'status'] as const;

/** Journal criteria from GET /requests' query (each at most once; status `404` or `4xx`). */
function criteriaFromQuery(query: URLSearchParams): JournalCriteria | { error: MockResponse } {
  const criteria: JournalCriteria = {};
  for (const name of CRITERIA) {
    const values = query.getAll(name);
    if (values.length === 0) continue;
    const value = values[0] as string;
    if (values.length > 1 || value.length > 2000) return { error: fail(422, `Give ${name} once, at most 2000 characters.`, { field: name }) };
    if (name === 'status') {
      const status = parseStatusCriterion(value);
      if (status === undefined) return { error: fail(422, 'status is a status (404) or a class (4xx).', { field: 'status' }) };
      criteria.status = status;
    } else criteria[name] = value;
  }
  return criteria;
}

/** Journal criteria from a body already validated against control/openapi.yaml. */
function criteriaFromBody(b: Body): JournalCriteria {
  const criteria: JournalCriteria = {};
  if (typeof b.method === 'string') criteria.method = b.method;
  if (typeof b.path === 'string') criteria.path = b.path;
  if (typeof b.tenant === 'string') criteria.tenant = b.tenant;
  if (typeof b.status === 'number') criteria.status = b.status;
  if (typeof b.status === 'string') criteria.status = b.status.toLowerCase();
  return criteria;
}

function tenantSlugs(mock: Mock): string[] {
  return mock.store.all().map((w) => w.state.slug);
}

function rateLimitInfo(mock: Mock): { general_per_minute: number; send_per_second: number } {
  return { general_per_minute: mock.config.rateLimits.generalPerMinute, send_per_second: mock.config.rateLimits.sendPerSecond };
}

function clockInfo(mock: Mock): { now: string; frozen: boolean } {
  return { now: new Date(mock.clock.now()).toISOString(), frozen: mock.clock.frozen };
}
