// Faults make the mock break a rule on purpose, so the conformance suite can prove it notices.
// Standing faults come from configuration (`--fault name`); forced responses come from the
// control API and apply to the next matching request(s).
import type { OperationInfo } from '../contract/operation-table.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';

export const FAULTS = {
  'missing-timezone-header': 'responses omit X-Timezone',
  'no-rate-limit': 'the send operations accept more than 5 requests per second',
  'wrong-error-shape': 'error bodies use the other shape (A for B and B for A)',
  'idempotency-off': 'a repeated request_key creates a second resource',
  'wrong-status': 'successful responses answer 202, a status no operation documents',
  'schema-drift': 'resources in success bodies carry `id` instead of `uuid`',
  'rebuild-no-409': 'a builder agent rebuild is accepted while another rebuild is processing',
  'template-delete-no-409': 'a template setting referenced by a campaign in a blocking status is deleted anyway',
  'two-default-coaches': 'set-default leaves the previous default coaching agent in place',
  'listing-delete-keeps-tasks': 'deleting a listing leaves its pending tasks pending',
  'missing-rate-limit-headers': 'responses omit X-RateLimit-Limit and X-RateLimit-Remaining',
  'missing-retry-after': '429 responses omit the Retry-After header',
  'timestamps-without-offset': 'timestamps in bodies lose their offset (2026-03-14T10:30:00)',
  'timestamps-in-utc': 'timestamps in bodies are rendered in UTC whatever zone was applied',
  'validation-error-without-field': '422 error bodies omit error.field',
  'swapped-auth-codes': '401 errors swap MISSING_AUTH_TOKEN and INVALID_AUTH_TOKEN',
} as const;

export type FaultName = keyof typeof FAULTS;

export interface ForcedResponse {
  operationId?: string;
  method?: string;
  path?: string;
  status: number;
  body?: unknown;
  remaining: number;
}

export class FaultPlan {
  private readonly active: Set<string>;
  private forced: ForcedResponse[] = [];

  constructor(names: string[]) {
    for (const name of names) if (!(name in FAULTS)) throw new Error(`unknown fault "${name}"; known: ${Object.keys(FAULTS).join(', ')}`);
    this.active = new Set(names);
  }

  has(name: FaultName): boolean {
    return this.active.has(name);
  }

  list(): string[] {
    return [...this.active];
  }

  set(names: string[]): void {
    for (const name of names) if (!(name in FAULTS)) throw new Error(`unknown fault "${name}"`);
    this.active.clear();
    for (const name of names) this.active.add(name);
  }

  force(rule: ForcedResponse): void {
    this.forced.push(rule);
  }

  pending(): ForcedResponse[] {
    return this.forced;
  }

  clearForced(): void {
    this.forced = [];
  }

  takeForced(op: OperationInfo, req: MockRequest): ForcedResponse | undefined {
    if (this.forced.length === 0) return undefined;
    const index = this.forced.findIndex(
      (f) =>
        (f.operationId === undefined || f.operationId === op.operationId) &&
        (f.method === undefined || f.method.toUpperCase() === req.method.toUpperCase()) &&
        (f.path === undefined || f.path === req.path),
    );
    if (index === -1) return undefined;
    const rule = this.forced[index] as ForcedResponse;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.forced.splice(index, 1);
    return rule;
  }

  /** Applies the standing faults to a response about to leave. */
  distort(response: MockResponse, op: OperationInfo | undefined): void {
    if (this.active.size === 0) return;
    if (this.has('missing-timezone-header')) delete response.headers['x-timezone'];
    const success = response.status >= 200 && response.status < 300;
    if (this.has('wrong-status') && success && op) response.status = 202;
    if (this.has('wrong-error-shape') && response.status >= 400 && response.body) {
      const body = JSON.parse(response.body) as { message?: string; error?: unknown; data?: unknown };
      response.body = JSON.stringify(
        body.error === undefined
          ? { success: false, message: body.message, error: { code: 'INTERNAL_SERVER_ERROR', details: String(body.message) } }
          : { success: false, message: body.message, data: [] },
      );
    }
    if (this.has('schema-drift') && success && response.body) {
      response.body = JSON.stringify(renameUuid(JSON.parse(response.body)));
    }
    if (this.has('missing-rate-limit-headers')) {
      delete response.headers['x-ratelimit-limit'];
      delete response.headers['x-ratelimit-remaining'];
    }
    if (this.has('missing-retry-after') && response.status === 429) delete response.headers['retry-after'];
    if (this.has('timestamps-without-offset') && response.body) response.body = response.body.replace(TIMESTAMP, (_, local: string) => local);
    if (this.has('timestamps-in-utc') && response.body) response.body = response.body.replace(TIMESTAMP, (stamp: string) => new Date(stamp).toISOString());
    if (response.status >= 400 && response.body && (this.has('validation-error-without-field') || this.has('swapped-auth-codes'))) {
      const body = JSON.parse(response.body) as { error?: { code?: string; field?: string } };
      if (this.has('validation-error-without-field') && response.status === 422) delete body.error?.field;
      if (this.has('swapped-auth-codes') && body.error && response.status === 401) {
        body.error.code = body.error.code === 'MISSING_AUTH_TOKEN' ? 'INVALID_AUTH_TOKEN' : 'MISSING_AUTH_TOKEN';
      }
      response.body = JSON.stringify(body);
    }
  }
}

/** A timestamp with its offset inside a JSON text; group 1 is the local part without the offset. */
const TIMESTAMP = /(?<=")(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:Z|[+-]\d{2}:\d{2})(?=")/g;

function renameUuid(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameUuid);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k === 'uuid' ? 'id' : k] = renameUuid(v);
    return out;
  }
  return value;
}
