// The control API under a reserved prefix (default /__mock), described in control/openapi.yaml:
// reset, load fixtures, snapshot export/import, clock, workspace policies, faults and forced
// responses, and the request log. It is for tests and front-end developers, never tenant-scoped.
import type { Mock } from '../core/mock.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { FAULTS } from '../pipeline/faults.ts';
import type { Snapshot } from '../state/store.ts';
import type { ExportPolicy, WorkspaceState } from '../state/workspace.ts';
import { handleBuilderControl } from './builder-controls.ts';
import { describeTenants } from './describe.ts';

type Body = Record<string, unknown>;

function json(status: number, body: unknown): MockResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'UTC' }, body: JSON.stringify(body) };
}

function fail(status: number, message: string): MockResponse {
  return json(status, { success: false, message });
}

function parseBody(req: MockRequest): { body: Body } | { error: MockResponse } {
  if (req.body.length === 0) return { body: {} };
  try {
    const value = JSON.parse(new TextDecoder().decode(req.body)) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: fail(400, 'The body must be a JSON object.') };
    return { body: value as Body };
  } catch (error) {
    return { error: fail(400, `The body is not valid JSON: ${(error as Error).message}`) };
  }
}

export function handleControl(mock: Mock, req: MockRequest): MockResponse {
  const sub = req.path.slice(mock.config.controlPrefix.length) || '/';
  const parsed = parseBody(req);
  if ('error' in parsed) return parsed.error;
  const b = parsed.body;
  const route = `${req.method.toUpperCase()} ${sub}`;

  switch (route) {
    case 'GET /':
      return json(200, { tenants: describeTenants(mock), faults: mock.faults.list(), known_faults: FAULTS, clock: clockInfo(mock) });
    case 'POST /reset':
      mock.store.load(mock.fixtures);
      mock.faults.clearForced();
      return json(200, { success: true, message: 'State reset to fixtures', tenants: mock.store.all().map((w) => w.state.slug) });
    case 'POST /fixtures': {
      const workspaces = b.workspaces;
      if (!Array.isArray(workspaces) || workspaces.length === 0) return fail(422, 'workspaces must be a non-empty array of workspace states.');
      const problem = workspaces.map(checkWorkspace).find((p) => p !== undefined);
      if (problem) return fail(422, problem);
      mock.fixtures = workspaces as WorkspaceState[];
      mock.store.load(mock.fixtures);
      return json(200, { success: true, message: 'Fixtures loaded', tenants: mock.store.all().map((w) => w.state.slug) });
    }
    case 'GET /snapshot':
      return json(200, mock.store.snapshot(new Date(mock.clock.now()).toISOString()));
    case 'PUT /snapshot': {
      const snapshot = b as unknown as Snapshot;
      if (snapshot.version !== 1 || !Array.isArray(snapshot.workspaces)) return fail(422, 'Not a version 1 snapshot.');
      const problem = snapshot.workspaces.map((w) => checkWorkspace(w?.state)).find((p) => p !== undefined);
      if (problem) return fail(422, problem);
      mock.store.restore(snapshot);
      return json(200, { success: true, message: 'Snapshot imported', tenants: mock.store.all().map((w) => w.state.slug) });
    }
    case 'GET /clock':
      return json(200, clockInfo(mock));
    case 'POST /clock': {
      if (b.advance_ms !== undefined) {
        if (typeof b.advance_ms !== 'number' || !Number.isFinite(b.advance_ms) || b.advance_ms < 0) return fail(422, 'advance_ms must be a non-negative number.');
        mock.clock.advance(b.advance_ms);
      }
      if (b.freeze === true) mock.clock.freeze();
      if (b.freeze === false) mock.clock.unfreeze();
      return json(200, clockInfo(mock));
    }
    case 'GET /requests':
      return json(200, { requests: mock.requests.list() });
    case 'DELETE /requests':
      mock.requests.clear();
      return json(200, { success: true, message: 'Request log cleared' });
    case 'GET /faults':
      return json(200, { active: mock.faults.list(), known: FAULTS, forced: mock.faults.pending() });
    case 'PUT /faults': {
      const names = b.faults;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || !(n in FAULTS))) {
        return fail(422, `faults must be an array of: ${Object.keys(FAULTS).join(', ')}`);
      }
      mock.faults.set(names as string[]);
      return json(200, { active: mock.faults.list() });
    }
    case 'POST /force': {
      const status = b.status;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return fail(422, 'status must be an HTTP status code 200..599.');
      const times = b.times === undefined ? 1 : b.times;
      if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return fail(422, 'times must be a positive integer.');
      const rule = {
        status,
        remaining: times,
        ...(typeof b.operation_id === 'string' ? { operationId: b.operation_id } : {}),
        ...(typeof b.method === 'string' ? { method: b.method } : {}),
        ...(typeof b.path === 'string' ? { path: b.path } : {}),
        ...(b.body !== undefined ? { body: b.body } : {}),
      };
      if (rule.operationId !== undefined && !mock.table.operations.has(rule.operationId)) return fail(422, `Unknown operation_id ${rule.operationId}.`);
      mock.faults.force(rule);
      return json(201, { success: true, message: 'The next matching request gets this response', forced: mock.faults.pending() });
    }
    case 'DELETE /force':
      mock.faults.clearForced();
      return json(200, { success: true, message: 'Forced responses cleared' });
  }

  const builders = handleBuilderControl(mock, req.method, sub, b);
  if (builders) return builders;

  const policy = /^PUT \/workspaces\/([^/]+)\/policies$/.exec(route);
  if (policy) {
    const runtime = mock.store.get(decodeURIComponent(policy[1] as string));
    if (!runtime) return fail(404, 'No such workspace.');
    const value = b.ANALYTICS_MESSAGES_EXPORT;
    if (value !== undefined) {
      if (value !== 'enabled' && value !== 'masked' && value !== 'disabled') return fail(422, 'ANALYTICS_MESSAGES_EXPORT must be enabled, masked or disabled.');
      runtime.state.policies.ANALYTICS_MESSAGES_EXPORT = value as ExportPolicy;
    }
    return json(200, { slug: runtime.state.slug, policies: runtime.state.policies });
  }
  return fail(404, `No control endpoint ${route}.`);
}

function clockInfo(mock: Mock): { now: string; frozen: boolean } {
  return { now: new Date(mock.clock.now()).toISOString(), frozen: mock.clock.frozen };
}

function checkWorkspace(value: unknown): string | undefined {
  const ws = value as Partial<WorkspaceState> | undefined;
  if (!ws || typeof ws !== 'object') return 'Each workspace must be an object.';
  for (const key of ['slug', 'name', 'timezone', 'jwt_secret'] as const) {
    if (typeof ws[key] !== 'string' || ws[key] === '') return `A workspace needs a ${key} string.`;
  }
  for (const key of ['members', 'tokens'] as const) if (!Array.isArray(ws[key])) return `Workspace ${ws.slug} needs a ${key} array.`;
  return undefined;
}
