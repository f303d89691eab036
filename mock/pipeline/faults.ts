// Faults make the mock break a rule on purpose, so the conformance suite can prove it notices.
// Standing faults come from configuration (`--fault name`); forced responses come from the
// control API and apply to the next matching request(s).
import type { OperationInfo } from '../contract/operation-table.ts';
import { BoundedMap } from '../core/bounded-map.ts';
import { pathPattern } from '../core/path-pattern.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { WebhookResponses } from '../resources/agents/webhook-dispatch.ts';
import { shiftCalendarValues } from './shift-calendar.ts';
import { STATE_FAULTS } from './faults-state.ts';

export const FAULTS = {
  ...STATE_FAULTS,
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
  'queue-update-ignored': 'a queue update answers the new name, color, is_active and sla_seconds but stores none of them (endpoint assignments are stored)',
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
  'flow-deployed-edit-allowed': 'adding or updating a step of a deployed flow is accepted instead of refused with 409',
  'flow-step-test-not-stored': 'a step test answers its result but does not store it as the step\'s last_test',
  'feed-secrets-unmasked': 'the webhooks log feed shows delivery headers and payloads unmasked (the signature header in clear)',
  'phone-plus-optional': 'a phone number in a request body is accepted without its leading + (E.164 requires it)',
  'uuid-case-sensitive': 'a UUID in a path or query matches a record only in lower case',
  'feed-url-tokens-unmasked': 'the log feeds mask secret keys but show credentials in URL query values (`?token=`) in clear',
  'known-ids-404': 'a GET of an existing resource by its path id answers 404 as if the resource were unknown',
  // Resource rules (conformance/self-test/cases/resources.ts).
  'intent-event-ignores-connection': "an intent's app action on an external app is accepted without an active connection of that app",
  'agent-rules-add-replaces-all': "adding one guard or routing rule replaces the agent's other rules of that kind",
  'routing-priority-default-wrong': 'a routing rule added without priority gets priority 1, not the highest existing priority + 1',
  'call-action-after-end': 'call actions (say, forward, hangup, mute, unmute) are accepted on a call that has ended',
  'sms-reply-accepts-file': 'a conversation reply with a file is accepted on an SMS conversation',
  'reply-ignores-user-email': "with a workspace token a reply is attributed to the token's creator, not the member named in user_email",
  'whatsapp-template-duplicate-accepted': 'a second WhatsApp template with the same name, language and business account is accepted instead of 409',
  'builder-ssh-secret-unmasked': "the read of a builder's SSH access shows its token in clear",
  'webhook-subscription-not-delivered': 'evaluations are never delivered to the workspace webhook subscriptions of their event',
  'webhook-deliveries-unlogged': 'webhook deliveries made on conversation changes are never recorded in the webhooks log feed',
  'transcription-never-completes': 'a transcription job stays processing for ever: it never completes and never has a transcript',
  'transcription-transcript-empty': 'a completed transcription has a transcript without any message (empty plain text and messages)',
  'transcription-callback-unlogged': "a completed transcription's webhook_url callback is never recorded in the webhooks log feed",
  'call-details-other-record': 'the call details read answers the workspace\'s newest call, whatever call the path names',
  'conversation-details-other-record': 'the conversation details read answers the workspace\'s first conversation, whatever conversation the path names',
  'sessions-split-ignored': "a conversation's sessions list answers one session for the whole conversation, ignoring the idle timeout that splits it",
  'task-retry-any-status': 'a task is retried whatever its status, not only from failed (mock/resources/tasks/machine.ts)',
  'task-cancel-finished': 'a finished task (completed, failed, cancelled, expired) is cancelled instead of refused with 409',
  'task-queue-stalls': 'a queued task never starts: no call is made and no message sent, it stays queued',
  'appointment-conflict-ignored': 'an appointment create, update or status change books a slot that overlaps another appointment of the same schedule',
  'appointment-request-cancel-any': 'an appointment request cancel succeeds whatever the request status, instead of 409 for a request no longer pending',
  'collection-writes-lost': 'the operations derived for a collection (mock/resources/shared/collection.ts) answer a create or update as if stored but keep the state as it was',
  'evaluation-before-session-end': 'a messaging session is evaluated at its last message, without waiting for the idle timeout of the evaluate settings',
  'evaluation-metric-unexplained': "an evaluation's sentiment metric is answered without its confidence and reason",
  'webhook-payload-flat': 'webhook delivery payloads put their fields beside `event` instead of in a `data` object (the n8n trigger reads `data`)',
  'inbound-no-conversation': 'an inbound message from a sender with no open conversation is stored, but no conversation opens',
  'campaign-update-rebuilds-tasks': "a campaign update cancels its listing's pending tasks and queues them again",
  'text-rule-not-coerced': 'a text rule keeps the caps and call-only fields sent instead of one-shot values',
  'rule-update-rebuilds-tasks': "a rule update cancels the pending tasks of its campaigns and queues them again",
  'campaign-delete-keeps-tasks': 'deleting a campaign leaves its pending tasks pending',
  'text-campaign-publishes-without-setting': 'a text campaign publishes (status Active) with an inactive WhatsApp template setting',
  'campaign-binding-unchecked': "a campaign update accepts an agent with no channel matching campaign_type (nothing is bound)",
  'data-table-types-unchecked': 'data table record values are stored without checking them against their column types',
  'channels-lookup-needs-plus': 'the phone number channel lookup finds a number only when it is given with its leading +',
  'purchase-cap-ignored': 'a phone number purchase never reaches the workspace purchase cap (no 403 purchase_limit_reached)',
  'purchased-number-not-stored': 'a phone number purchase answers the number but never adds it to the workspace',
  'listing-contacts-capped': 'a listing create keeps only its first 25 contacts (bulk sends need several requests)',
  'listing-pace-ignored': 'a listing create stores the default pace (10 per minute) whatever pace was sent',
  'listing-delete-keeps-campaign': "deleting a listing leaves its campaign readable",
  'listing-delete-removes-contacts': "deleting a listing deletes the contacts of its pool",
  'analytics-newest-first': 'the analytics message export lists the rows of each page newest first',
  'analytics-cursor-repeats-row': "an analytics export page read with a cursor starts at the previous page's last row, which is given twice",
  'flow-unknown-shape-b': 'an unknown flow gives its 404 in Shape B instead of the Shape A {success:false, message, data:[]}',
  'parts-add-replaces-all': "adding one guideline, note, procedure or training row to an agent drops the agent's other parts of that kind, as a replace-all would",
  'procedure-steps-unordered': "a procedure's steps are stored and answered in the order they were sent instead of ascending `order`",
  'agent-create-drops-sections': 'a created agent is stored without the guidelines, notes, procedures, training and routing rules it was sent',
  'agent-website-job-never-completes': 'a website agent job stays processing for ever and never creates its agent',
  'agent-appointments-keeps-old': "replacing an agent's appointment settings appends the new schedule assignments to the old ones",
  'instagram-unbind-keeps-binding': "the Instagram unbind answers 200 but the agent keeps its Instagram binding",
  'channel-binding-not-stored': 'an agent channel assignment answers the agent with its new binding but the state keeps the old one',
  'channel-binding-conflict-ignored': 'an agent channel assignment takes a number, account or page another agent is bound to (no 409)',
  'channel-unconnected-accepted': 'an agent channel assignment accepts a WhatsApp number, Instagram account or Facebook page that is not connected',
  'data-table-import-drops-last-row': 'a pasted-text import loses its last line when no line break follows it',
  'data-table-sync-indexes-nothing': "a data table sync completes without indexing any record (records_indexed 0)",
  'export-policy-unmasked': 'the analytics message export shows row content in clear under the masked export policy',
  'reply-base64-file-refused': 'a conversation reply with a file given as base64 content is refused (422); only URLs are taken',
  'contact-field-key-mutable': "a contact field update with another key renames the field",
  'analyzer-ids-unprefixed': 'the analyzers of custom contact fields are listed by their bare key, without the f_ prefix',
  'contact-unknown-field-accepted': 'a contact create or update takes a key no custom contact field has (dropped) instead of a 422 naming it',
  'contact-matching-off': "a listing's contact objects never match an existing contact: each creates a new contact",
  'blacklisted-contact-gets-tasks': 'a listing queues tasks for blacklisted contacts too',
  'contact-list-total-unfiltered': "the contact list's total and last_page count every contact, whatever the filters",
  // Cross-cutting rules (conformance/self-test/cases/cross-cutting.ts).
  'json-charset-required': 'request bodies sent as plain `application/json` (without a charset parameter) are refused with 415',
  'coaching-path-unversioned': 'the coaching agent endpoints are served without the version segment (/api/coaching-agents); under /api/v1 they answer 404 ENDPOINT_NOT_FOUND',
  'json-served-as-text': 'successful JSON answers are labelled `Content-Type: text/plain`',
  'zone-header-ignored': 'the X-Timezone request header is ignored when choosing the zone',
  'zone-query-ignored': 'the `timezone` query parameter is ignored when choosing the zone',
  'zone-query-over-header': 'with both given, the `timezone` query parameter wins over the X-Timezone header',
  'windows-zone-names-rejected': 'Windows zone names (e.g. "W. Europe Standard Time") are treated as unknown',
  'unknown-zone-utc': 'an unknown zone name makes the answer fall back to UTC instead of the next source',
  'profile-zone-ignored': "a per-user token works in the workspace zone, not the member's profile zone",
  'workspace-zone-ignored': 'a workspace token works in UTC, not the workspace zone',
  'calendar-values-shifted': 'time-of-day values move by the applied zone\u2019s offset and date-only values read a day earlier behind UTC, as if they were UTC instants',
  'wall-time-read-as-utc': 'date-time filters without an offset (the call list `from`/`to`) are read in UTC, not the applied zone',
  'revoked-token-still-valid': 'a revoked workspace token keeps working',
  'user-tokens-refused': 'per-user tokens (JWT) are refused with 401 INVALID_AUTH_TOKEN',
  'unknown-tenant-served': 'a request to an unknown tenant host is served by the default tenant instead of 404',
  'unknown-token-403': 'a token the workspace never issued gets 403 FORBIDDEN instead of 401 INVALID_AUTH_TOKEN',
  'permissions-not-enforced': "a token without an operation's permission is served anyway",
  'validation-errors-500': 'request values that fail validation are answered 500 INTERNAL_SERVER_ERROR instead of 422',
  'summary-ignores-queue': 'the outbound summary shows no queued or sending items: accepted requests never appear in the sending queue',
  'page-size-uncapped': 'page sizes above the documented maximum (per_page, limit) are honoured instead of refused',
  'unknown-log-filter-ignored': 'an unknown conversation, session or contact in the action log filters is ignored (200) instead of 404',
  'no-general-limit': 'the general API rate (1000 requests per minute per workspace) is not enforced',
  'no-concurrent-call-limit': 'a call is started although 50 calls of the workspace are live',
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
    if (this.has('flow-unknown-shape-b') && op?.operationId === 'getFlow' && response.status === 404 && response.body) {
      const body = JSON.parse(response.body) as { message?: string };
      response.body = JSON.stringify({ success: false, message: body.message, error: { code: 'RESOURCE_NOT_FOUND', details: String(body.message) } });
    }
    if (this.has('schema-drift') && success && response.body) {
      response.body = JSON.stringify(renameUuid(JSON.parse(response.body)));
    }
    if (this.has('missing-rate-limit-headers')) {
      delete response.headers['x-ratelimit-limit'];
      delete response.headers['x-ratelimit-remaining'];
    }
    if (this.has('missing-retry-after') && response.status === 429) delete response.headers['retry-after'];
    if (this.has('json-served-as-text') && success && response.body) response.headers['content-type'] = 'text/plain; charset=utf-8';
    if (this.has('calendar-values-shifted') && response.body) response.body = shiftCalendarValues(response.body, response.headers['x-timezone']);
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
