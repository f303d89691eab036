// Faults make the mock break a rule on purpose, so the conformance suite can prove it notices.
// Standing faults come from configuration (`--fault name`); forced responses come from the
// control API and apply to the next matching request(s).
import type { OperationInfo } from '../contract/operation-table.ts';
import { BoundedMap } from '../core/bounded-map.ts';
import { pathPattern } from '../core/path-pattern.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { WebhookResponses } from '../resources/agents/webhook-dispatch.ts';

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
  'data-table-update-ignored': 'data table record updates are answered 200 but not stored',
  'listing-delete-keeps-tasks': 'deleting a listing leaves its pending tasks pending',
  'rates-ignore-prefix': 'the outbound call rates list ignores the destination prefix filter',
  'queue-update-ignored': 'a queue update answers the new values but stores nothing',
  'missing-rate-limit-headers': 'responses omit X-RateLimit-Limit and X-RateLimit-Remaining',
  'missing-retry-after': '429 responses omit the Retry-After header',
  'timestamps-without-offset': 'timestamps in bodies lose their offset (2026-03-14T10:30:00)',
  'timestamps-in-utc': 'timestamps in bodies are rendered in UTC whatever zone was applied',
  'validation-error-without-field': '422 error bodies omit error.field',
  'swapped-auth-codes': '401 errors swap MISSING_AUTH_TOKEN and INVALID_AUTH_TOKEN',
  'two-factor-without-pin': 'assistant channel 2FA is enabled although no PIN was ever set',
  'reply-not-in-messages': 'a conversation reply is answered 201 but never becomes a message of the conversation',
  'analytics-to-inclusive': 'the analytics message export includes rows created exactly at `to` ([from, to] instead of [from, to))',
  'flow-steps-unordered': 'a flow read lists its steps in stored order, not ordered by position',
  'feed-secrets-unmasked': 'the webhooks log feed shows delivery headers and payloads unmasked (the signature header in clear)',
} as const;

export type FaultName = keyof typeof FAULTS;

export interface ForcedResponse {
  operationId?: string;
  method?: string;
  path?: string;
  /** A path pattern (`*` within a segment, `**` across; core/path-pattern.ts). */
  pathPattern?: string;
  /** The tenant (workspace slug) the request addresses. */
  tenant?: string;
  /** Without a status (and without a fault) the request is answered as usual, after the delay. */
  status?: number;
  body?: unknown;
  /** Headers added to the answer. */
  headers?: Record<string, string>;
  /** Real milliseconds the answer waits before it is written (bounded by the control API). */
  delayMs?: number;
  /** A connection fault instead of an answer: `reset` drops the connection, `no-answer` never answers. */
  fault?: ConnectionFault;
  remaining: number;
}

export type ConnectionFault = 'reset' | 'no-answer';

export class FaultPlan {
  private readonly active: Set<string>;
  private forced: ForcedResponse[] = [];
  private readonly patterns = new BoundedMap<string, RegExp>(1_000);
  /** What webhook destinations answer, per workspace (control API PUT /webhooks/response). */
  readonly webhookResponses = new WebhookResponses();

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

  /** A forced rule's path pattern, compiled once (at most as many as rules may wait). */
  private compiled(pattern: string): RegExp {
    let regex = this.patterns.get(pattern);
    if (regex === undefined) {
      regex = pathPattern(pattern);
      this.patterns.set(pattern, regex);
    }
    return regex;
  }

  takeForced(op: OperationInfo, req: MockRequest, tenant?: string): ForcedResponse | undefined {
    if (this.forced.length === 0) return undefined;
    const index = this.forced.findIndex(
      (f) =>
        (f.operationId === undefined || f.operationId === op.operationId) &&
        (f.method === undefined || f.method.toUpperCase() === req.method.toUpperCase()) &&
        (f.path === undefined || f.path === req.path) &&
        (f.pathPattern === undefined || this.compiled(f.pathPattern).test(req.path)) &&
        (f.tenant === undefined || f.tenant === tenant),
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
