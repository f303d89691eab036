// Runs the drift plan (drift-plan.ts) against the mock and the target, one request at a time, the
// same request to each, and compares the answers (drift-compare.ts). Only reads are sent.
import { Agent, request } from 'undici';
import type { RequestPlan } from './arbitraries/request.ts';
import { loadSuiteContract } from './contract/load.ts';
import { type Answer, compareAnswers, type Difference } from './drift-compare.ts';
import { type DriftCase, driftPlan } from './drift-plan.ts';
import { suiteLookup } from './http/lookup.ts';

export interface DriftEndpoint {
  baseUrl: string;
  token: string | undefined;
}

export interface DriftOptions {
  mock: DriftEndpoint;
  target: DriftEndpoint;
  seed: number;
  /** Only the operations whose operationId matches. */
  only?: RegExp | undefined;
}

export interface Drift extends Difference {
  operationId: string;
  method: string;
  path: string;
  case: DriftCase;
  /** The request sent to both (path and query; the listed id is each target's own). */
  request: string;
}

export interface DriftResult {
  startedAt: string;
  durationMs: number;
  seed: number;
  mock: { baseUrl: string };
  target: { baseUrl: string };
  /** Operations asked, and requests sent to each target. */
  operations: number;
  requests: number;
  drifts: Drift[];
  /** `listed id` requests not sent: one target's list had no item to read. */
  skipped: Array<{ operationId: string; reason: string }>;
}

function requestPath(path: string, plan: RequestPlan): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(plan.pathParams[name] ?? ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(plan.query)) for (const v of [value].flat()) query.append(name, v);
  const text = query.toString();
  return text ? `${filled}?${text}` : filled;
}

async function send(agent: Agent, endpoint: DriftEndpoint, path: string): Promise<Answer> {
  try {
    const response = await request(`${endpoint.baseUrl}${path}`, {
      method: 'GET',
      dispatcher: agent,
      headers: { accept: 'application/json', ...(endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {}) },
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const text = await response.body.text();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name.toLowerCase()] = [value].flat().join(', ');
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: its shape is that of a string.
    }
    return { status: response.statusCode, headers, body };
  } catch (error) {
    return { status: undefined, error: (error as Error).message, headers: {}, body: undefined };
  }
}

/** The first id a list answer gives: `uuid` (else `id`) of the first item of its first list of objects. */
export function firstListedId(body: unknown): string | undefined {
  const queue: unknown[] = [body];
  while (queue.length > 0) {
    const value = queue.shift();
    if (Array.isArray(value)) {
      const item = value[0] as Record<string, unknown> | undefined;
      if (item && typeof item === 'object') {
        const id = item['uuid'] ?? item['id'];
        if (typeof id === 'string' || typeof id === 'number') return String(id);
      }
    } else if (typeof value === 'object' && value !== null) queue.push(...Object.values(value));
  }
  return undefined;
}

export async function runDrift(options: DriftOptions): Promise<DriftResult> {
  const started = Date.now();
  const contract = loadSuiteContract();
  const plan = driftPlan(contract, options.seed, options.only);
  const agent = new Agent({ connect: { lookup: suiteLookup(new Map()), timeout: 15_000 } });
  const drifts: Drift[] = [];
  const skipped: DriftResult['skipped'] = [];
  let requests = 0;
  try {
    for (const step of plan) {
      const pathOf = async (endpoint: DriftEndpoint): Promise<string | undefined> => {
        if (!step.list) return requestPath(step.path, step.plan);
        requests += endpoint === options.mock ? 1 : 0;
        const listed = firstListedId((await send(agent, endpoint, requestPath(step.list.path, step.list.plan))).body);
        return listed === undefined ? undefined : requestPath(step.path, { ...step.plan, pathParams: { ...step.plan.pathParams, [step.list.idParameter]: listed } });
      };
      const mockPath = await pathOf(options.mock);
      const targetPath = await pathOf(options.target);
      const base = { operationId: step.operationId, method: step.method, path: step.path, case: step.case };
      if (mockPath === undefined || targetPath === undefined) {
        const empty = [mockPath === undefined ? 'the mock' : '', targetPath === undefined ? 'the target' : ''].filter(Boolean).join(' and ');
        skipped.push({ operationId: step.operationId, reason: `${step.list?.operationId} of ${empty} gave no item to read` });
        continue;
      }
      const [mock, target] = [await send(agent, options.mock, mockPath), await send(agent, options.target, targetPath)];
      requests++;
      const shown = mockPath === targetPath ? mockPath : `${mockPath} (target: ${targetPath})`;
      for (const difference of compareAnswers(step.operationId, mock, target)) drifts.push({ ...base, request: `GET ${shown}`, ...difference });
    }
  } finally {
    await agent.close();
  }
  return {
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    seed: options.seed,
    mock: { baseUrl: options.mock.baseUrl },
    target: { baseUrl: options.target.baseUrl },
    operations: new Set(plan.map((p) => p.operationId)).size,
    requests,
    drifts,
    skipped,
  };
}
