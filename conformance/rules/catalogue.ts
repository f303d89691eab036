// The rule catalogue: every rule of the API document (api-spec.md, "the seed") with a stable id,
// where the document states it, its label (documented / published / inferred) and the checks that
// test it, by the names they record outcomes under (conformance/checks/*, conformance/rules/*,
// conformance/models/**). A rule no check tests says why: it cannot be tested black-box, or no
// check tests it yet. test/conformance/catalogue.test.ts keeps the catalogue complete both ways;
// report/rule-verdicts.ts turns a run's tallies into one verdict per rule.
import type { Label } from '../../contract/labels.ts';
import type { Mode, SuitePart } from '../target/target.ts';

/** Why a rule has no check: it cannot be tested from outside the service, or no check tests it yet. */
export interface Untested {
  kind: 'not-black-box' | 'no-check-yet';
  reason: string;
}

export interface CatalogueRule {
  id: string;
  /** Section and rule of the seed (or the published API), e.g. `Authentication 5`. */
  ref: string;
  /** The rule, quoted or closely paraphrased. */
  text: string;
  label: Label;
  /** Names of the checks whose outcomes decide the rule. */
  checks: string[];
  /** Only these operations' outcomes of the checks decide the rule (a rule about some endpoints). */
  operations?: string[];
  /**
   * For a check several rules share: the findings of it this rule owns (see Aspect). A finding of
   * a shared check without an aspect here belongs to every rule that lists the check.
   */
  aspects?: Aspect[];
  untested?: Untested;
}

/**
 * The part of a shared check's findings a rule owns: those whose message matches `pattern`. The
 * message names what the request was built to show (`a request with per_page = 101 (above
 * maximum), past the bound`) and what came back, so a finding is attributed to the rule whose
 * aspect it concerns, not to every rule that lists the check.
 */
export interface Aspect {
  check: string;
  pattern: RegExp;
  /** What the rule owns, for readers of the catalogue. */
  what: string;
}

/**
 * Where a check records outcomes: the suite parts that run it and the least mode that does. A
 * model check's mode is its model's (models/index.ts), or stricter when the check needs requests
 * only a stricter mode sends.
 */
export interface CheckScope {
  parts: readonly SuitePart[];
  mode: Mode;
  /** A stateful model check: its group in conformance/models/index.ts. */
  model?: string;
  /** The check exceeds the target's limits on purpose: it runs against the mock, or with --stress. */
  stress?: true;
}

/** Exchange checks run after every request the suite sends through its client. */
const EXCHANGE_PARTS: readonly SuitePart[] = ['operations', 'negative', 'auth', 'time', 'stateful'];
const exchange: CheckScope = { parts: EXCHANGE_PARTS, mode: 'readonly' };
const part = (p: SuitePart, mode: Mode = 'readonly'): CheckScope => ({ parts: [p], mode });
const model = (group: string, mode: Mode): CheckScope => ({ parts: ['stateful'], mode, model: group });

export const CHECK_SCOPES: Readonly<Record<string, CheckScope>> = {
  transport: exchange,
  'not-server-error': exchange,
  'status-documented': exchange,
  'content-type': exchange,
  'response-schema': exchange,
  'timezone-header': exchange,
  'rate-limit-headers': exchange,
  // Judged on every exchange, but only the outbound model's burst provokes a 429 on purpose.
  'retry-after': { parts: ['stateful'], mode: 'full' },
  'error-shape': exchange,
  'error-code': exchange,
  'expected-outcome': exchange,
  'timestamp-offset': exchange,
  'applied-zone': exchange,
  'independent-validator': exchange,
  'auth-missing-token': part('auth'),
  'auth-invalid-token': part('auth'),
  'auth-wrong-tenant': part('auth'),
  'auth-forbidden': part('auth'),
  'auth-revoked-token': part('auth', 'safe'),
  'auth-user-token': part('auth'),
  'time-header-zone': part('time'),
  'time-query-zone': part('time'),
  'time-header-over-query': part('time'),
  'time-windows-names': part('time'),
  'time-unknown-zone-ignored': part('time'),
  'time-workspace-zone': part('time'),
  'time-profile-zone': part('time'),
  'time-dates-unshifted': part('time'),
  'time-input-in-applied-zone': part('time'),
  'logs-unknown-filter-404': part('negative'),
  'uuid-case-insensitive': part('negative'),
  'logs-secrets-masked': part('auth'),
  'tls-https-only': part('tls'),
  'tls-legacy-refused': part('tls'),
  'tls-version': part('tls'),
  'reply-in-messages': model('conversation-replies', 'full'),
  'two-factor-needs-pin': model('assistant-channels', 'full'),
  'assistant-email-release': model('assistant-email', 'full'),
  'pin-never-returned': model('assistant-channels', 'full'),
  'static-pin-only': model('assistant-channels', 'full'),
  'send-rate-limit': model('outbound', 'full'),
  'send-429-creates-nothing': model('outbound', 'full'),
  idempotency: model('outbound', 'full'),
  'send-queue-counts': model('outbound', 'full'),
  'rebuild-while-processing': model('builder-agents', 'full'),
  'builder-agent-transitions': model('builder-agents', 'full'),
  'builder-agent-intent': model('builder-agents', 'full'),
  'builder-agent-list': model('builder-agents', 'full'),
  'builder-files-default-root': model('builder-agents', 'full'),
  'builder-lifecycle': model('builders', 'full'),
  'builder-ssh-secret-masked': model('builders', 'full'),
  'one-default-coach': model('coaching-agents', 'full'),
  'coach-settings': model('coaching-agents', 'full'),
  'data-table-records': model('data-tables', 'full'),
  'listing-delete-cancels-tasks': model('listings', 'full'),
  'listing-delete-removes-campaign': model('listings', 'full'),
  'listing-delete-keeps-contacts': model('listings', 'full'),
  'listing-state': model('listings', 'full'),
  // The model runs from safe mode, but the blocking campaign is a listing, which sends: full only.
  'template-setting-delete-blocked': model('template-settings', 'full'),
  'template-setting-delete-allowed': model('template-settings', 'safe'),
  'template-setting-list': model('template-settings', 'safe'),
  'template-setting-create': model('template-settings', 'safe'),
  'template-setting-delete-keeps-template': model('template-settings', 'safe'),
  'rate-filters': model('rates', 'readonly'),
  'rate-pagination': model('rates', 'readonly'),
  'queue-update-persists': model('queues', 'full'),
  'queue-endpoints-available': model('queues', 'full'),
  'analytics-export-order': model('analytics-export', 'readonly'),
  'analytics-export-range': model('analytics-export', 'readonly'),
  'analytics-export-pages': model('analytics-export', 'readonly'),
  'flow-steps-ordered': model('flows', 'readonly'),
  'flow-unknown-404': model('flows', 'readonly'),
  'flow-step-test-stored': model('flows', 'full'),
  'flow-deployed-edit-409': model('flows', 'full'),
  'feed-secrets-masked': model('log-feeds', 'full'),
  // They exceed the target's limits on purpose: against the mock, or with --stress.
  'general-rate-limit': { parts: ['stateful'], mode: 'readonly', stress: true },
  'concurrent-call-limit': { parts: ['stateful'], mode: 'full', stress: true },
  'call-actions-need-live-call': model('calls', 'full'),
  'sms-reply-text-only': model('conversation-replies', 'full'),
  'reply-acting-member': model('conversation-replies', 'full'),
  'webhook-delivery-logged': model('events', 'full'),
  'evaluation-metrics': model('evaluations', 'readonly'),
  'evaluation-read': model('evaluations', 'readonly'),
  // The model reads from readonly mode on; the idle-session check replies to a conversation.
  'evaluation-after-session-end': model('evaluations', 'full'),
  'webhook-payload-published': model('events', 'full'),
  'inbound-becomes-conversation': model('events', 'full'),
  'campaign-update-keeps-tasks': model('campaigns', 'full'),
  'campaign-text-publish-needs-setting': model('campaigns', 'full'),
  'campaign-agent-binding': model('campaigns', 'full'),
  'campaigns-collection': model('campaigns', 'full'),
  'campaign-delete-cascade': model('campaigns', 'full'),
  'rule-update-keeps-tasks': model('campaigns', 'full'),
  'pools-collection': model('pools', 'full'),
  'whatsapp-templates-collection': model('whatsapp-templates', 'full'),
  'whatsapp-template-unique': model('whatsapp-templates', 'full'),
  'webhook-subscription-lifecycle': model('webhook-subscriptions', 'full'),
  'webhook-subscription-delivered': model('webhook-subscriptions', 'full'),
  'rules-collection': model('rules', 'full'),
  'rules-text-one-shot': model('rules', 'full'),
  'data-table-column-types': model('data-tables', 'full'),
  'channels-lookup-plus-optional': model('phone-number-channels', 'readonly'),
  'purchased-number-listed': model('phone-numbers', 'full'),
  'phone-number-purchase-cap': model('phone-numbers', 'full'),
  'listing-bulk-contacts': model('listings', 'full'),
  'instagram-unbind-keeps-account': model('agent-channels', 'full'),
  'agent-channel-binding-readback': model('agent-channel-bindings', 'full'),
  'agent-channel-binding-conflict': model('agent-channel-bindings', 'full'),
  'agent-channel-unconnected-refused': model('agent-channel-bindings', 'full'),
  'agent-rules-add-keeps': model('agent-rules', 'full'),
  'routing-priority-default': model('agent-rules', 'full'),
  'intent-event-connection': model('agent-intents', 'full'),
  'agent-parts-written': model('agent-parts', 'full'),
  'procedure-steps': model('agent-parts', 'full'),
  'data-table-import': model('data-tables', 'full'),
  'data-table-assign-sync': model('data-tables', 'full'),
  'analytics-export-policy': model('analytics-export', 'readonly'),
  'reply-file-url-or-base64': model('conversation-replies', 'full'),
  'contact-field-key-immutable': model('contact-fields', 'full'),
  'analyzer-prefixes': model('contact-fields', 'full'),
  'transcription-job-completes': model('transcriptions', 'full'),
  'transcription-callback-logged': model('transcriptions', 'full'),
  'call-details-named-record': model('record-details', 'readonly'),
  'conversation-details-named-record': model('record-details', 'readonly'),
  'conversation-sessions-listed': model('record-details', 'readonly'),
  'contacts-collection': model('contacts', 'full'),
  'tasks-collection': model('tasks', 'full'),
  'task-retry-only-failed': model('tasks', 'full'),
  'task-cancel-unfinished': model('tasks', 'full'),
  'task-queued-runs': model('tasks', 'full'),
  'contact-custom-fields': model('contacts', 'full'),
  'contact-matching': model('contacts', 'full'),
  'contact-blacklist-no-tasks': model('contacts', 'full'),
  'contact-list-totals': model('contacts', 'full'),
  'schedules-collection': model('appointments', 'full'),
  'appointments-collection': model('appointments', 'full'),
  'appointment-slot-conflict': model('appointments', 'full'),
  'appointment-request-cancel-pending': model('appointments', 'full'),
  'agents-collection': model('agents', 'full'),
  'agent-create-sections': model('agents', 'full'),
  'agent-website-job-completes': model('agents', 'full'),
  'agent-appointments-replace': model('agents', 'full'),
};

const outside = (reason: string): Untested => ({ kind: 'not-black-box', reason });

// What the expected-outcome check says (checks/expected-outcome.ts, checks/id-outcome.ts), by aspect.
/**
 * A page-size case (the request's per_page or limit is what it is about) whose value was not
 * refused as it should be: a refusal with the wrong code or field is the error rules' concern.
 */
const PAGE_SIZE_CASE = /(?<![A-Za-z0-9_])(?:per_page|limit)(?![A-Za-z0-9_])(?![\s\S]*; expected (?:code|error\.field) )/;
/** A documented path the target does not serve. */
const ENDPOINT_MISSING = /ENDPOINT_NOT_FOUND|the endpoint does not exist on the target/;
/** A valid request the target refused (or a malformed body it did not refuse as such). */
const VALID_REQUEST_REFUSED = /a valid request is accepted|a schema-valid request may only|is not a documented business error here|a state conflict the contract does not document|is not unknown|a body that is not valid JSON/;

export const CATALOGUE: readonly CatalogueRule[] = [
  // Introduction, endpoints, versioning
  { id: 'endpoints.answer', ref: 'Endpoints', text: 'every endpoint of the interface answers (a documented status, never a dropped connection)', label: 'documented', checks: ['transport', 'status-documented'] },
  { id: 'endpoints.json-bodies', ref: 'Endpoints', text: 'request bodies are application/json; valid requests are accepted', label: 'documented', checks: ['expected-outcome'], aspects: [{ check: 'expected-outcome', pattern: VALID_REQUEST_REFUSED, what: 'valid requests refused, and malformed JSON' }] },
  { id: 'versioning.path-version', ref: 'Versioning 1; introduction', text: 'the version is part of the path: all API paths start with /api/v1', label: 'documented', checks: ['expected-outcome'], aspects: [{ check: 'expected-outcome', pattern: ENDPOINT_MISSING, what: 'a documented /api/v1 path the target does not serve' }] },
  { id: 'versioning.published-description', ref: 'Versioning 2', text: 'the published machine-readable description carries version 1.0.0', label: 'documented', checks: [], untested: outside('the location of the published description is not shown, so the suite cannot fetch it') },
  // Response envelope and resources
  { id: 'envelope.json', ref: 'Response envelope', text: 'responses are JSON objects with success, message and data (some omit success and message)', label: 'documented', checks: ['content-type', 'response-schema'] },
  { id: 'resources.fields', ref: 'Resources and their fields', text: 'each resource carries the fields and types the document (and the contract built on it) gives', label: 'documented', checks: ['response-schema', 'independent-validator'] },
  { id: 'resources.analyzer-prefixes', ref: 'What the service does: Contacts', text: 'analyzer identifiers carry a prefix: b_ built-in field, f_ custom field, p_ pipeline stage rule', label: 'documented', checks: ['analyzer-prefixes'] },
  { id: 'resources.contact-field-key-immutable', ref: 'What the service does: Contacts', text: 'a contact field key is unique and immutable once created', label: 'documented', checks: ['contact-field-key-immutable'] },
  { id: 'contacts.collection', ref: 'Published API: Contacts', text: 'a created contact reads back as sent and is listed, an update changes only the fields sent, a deleted contact reads 404', label: 'published', checks: ['contacts-collection'] },
  { id: 'schedules.collection', ref: 'Published API: Schedules', text: 'a created schedule reads back as sent and is listed, an update changes only the fields sent', label: 'published', checks: ['schedules-collection'] },
  { id: 'appointments.collection', ref: 'Published API: Appointments', text: 'a created appointment reads back as sent and is listed, an update changes only the fields sent, a deleted appointment reads 404 and leaves the list', label: 'published', checks: ['appointments-collection'] },
  { id: 'appointments.slot-conflict', ref: 'Published API: Appointments (create); contract', text: 'an appointment overlapping another live appointment of the same schedule is refused with 409', label: 'inferred', checks: ['appointment-slot-conflict'] },
  { id: 'appointment-requests.cancel-pending', ref: 'Published API: Appointment requests (cancel); contract', text: 'an appointment request can be cancelled only while pending; cancelling it again is a 409', label: 'inferred', checks: ['appointment-request-cancel-pending'] },
  { id: 'agents.collection', ref: 'Published API: Agents (list, create, update)', text: 'a created agent reads back as sent and is listed, an update changes only the fields sent', label: 'published', checks: ['agents-collection'] },
  { id: 'agents.create-sections', ref: 'Published API: Agents (create an agent)', text: 'the nested sections a create sends (guidelines, notes, procedures with steps, training) are saved and listed', label: 'published', checks: ['agent-create-sections'] },
  { id: 'agents.website-job-completes', ref: 'Published API: Agents (create an agent from website); contract', text: 'a website agent job completes with its agent once its time has passed, and the agent is then listed', label: 'inferred', checks: ['agent-website-job-completes'] },
  { id: 'agents.appointments-replace', ref: 'Published API: Agents (replace appointment settings and schedule assignments)', text: 'the schedule assignments sent replace the agent\u2019s', label: 'published', checks: ['agent-appointments-replace'] },
  { id: 'tasks.collection', ref: 'Published API: Tasks', text: 'a created task reads back as sent and is listed, an update changes only the fields sent, a deleted task reads 404 and leaves the list', label: 'published', checks: ['tasks-collection'] },
  { id: 'tasks.retry-only-failed', ref: 'Published API: Tasks (retry a failed task)', text: 'only a failed task can be retried; a retry in any other status is a 409', label: 'published', checks: ['task-retry-only-failed'] },
  { id: 'tasks.cancel-unfinished', ref: 'Published API: Tasks (cancel a task); contract', text: 'a task can be cancelled until it has finished; cancelling a finished task is a 409', label: 'inferred', checks: ['task-cancel-unfinished'] },
  { id: 'tasks.queued-task-runs', ref: 'Published API: Tasks (queue a task for execution)', text: 'a queued task runs: a call task becomes a call and ends completed or failed; it is never left queued', label: 'published', checks: ['task-queued-runs'] },
  { id: 'contacts.custom-fields', ref: 'Published API: Contacts (create, update)', text: 'registered custom contact fields are top-level keys of bodies and answers; an unregistered key gives 422 naming it', label: 'published', checks: ['contact-custom-fields'] },
  { id: 'contacts.matching', ref: 'Published API: Listings', text: 'a listing\u2019s contact objects are matched to existing contacts by phone number, then email, and update them', label: 'published', checks: ['contact-matching'] },
  { id: 'contacts.blacklist-no-tasks', ref: 'Published API: Contacts (blacklist); contract', text: 'a blacklisted contact gets no new task', label: 'inferred', checks: ['contact-blacklist-no-tasks'] },
  { id: 'contacts.list-totals', ref: 'Published API: Lists and paging; Contacts list', text: 'the contact list\u2019s total and last_page count the contacts its filters keep', label: 'published', checks: ['contact-list-totals'] },
  { id: 'calls.details', ref: 'Published API: GET /api/v1/calls/{uuid}', text: 'a call read by its uuid is the call the path names, as the call list shows it; an unknown call is 404', label: 'published', checks: ['call-details-named-record'] },
  { id: 'conversations.details', ref: 'Published API: GET /api/v1/conversations/{uuid}', text: 'a conversation read by its uuid is the conversation the path names, as the conversation list shows it; an unknown conversation is 404', label: 'published', checks: ['conversation-details-named-record'] },
  { id: 'conversations.sessions', ref: 'What the service does: Evaluate; published API: GET /api/v1/conversations/{uuid}/sessions', text: 'a conversation\u2019s sessions (split by the idle timeout or the close) are listed as the conversation names them in session_uuids, oldest first', label: 'published', checks: ['conversation-sessions-listed'] },
  { id: 'transcriptions.job-completes', ref: 'Published API: transcriptions', text: 'audio submitted for transcription is processed asynchronously; the job completes and its transcript names it, with the conversation\u2019s messages', label: 'published', checks: ['transcription-job-completes'] },
  { id: 'transcriptions.callback-logged', ref: 'Published API: transcriptions; Events 1', text: 'a completed transcription\u2019s webhook_url receives the transcript, and the delivery is recorded in the webhooks log feed', label: 'published', checks: ['transcription-callback-logged'] },
  { id: 'calls.live-call-required', ref: 'What the service does: Calls and call actions', text: 'the call actions (say, forward, hangup, mute, unmute) need a live (non-ended) call', label: 'documented', checks: ['call-actions-need-live-call'] },
  { id: 'replies.sms-text-only', ref: 'What the service does: Conversations', text: 'files are given as a public URL or base64 content; SMS is text only', label: 'documented', checks: ['sms-reply-text-only'] },
  { id: 'replies.file-url-or-base64', ref: 'What the service does: Conversations', text: 'a reply\u2019s file is given as a public URL or as base64 content, on channels that take files', label: 'documented', checks: ['reply-file-url-or-base64'] },
  { id: 'builders.files-default-root', ref: 'Endpoints GET /api/v1/builders/{uuid}/files', text: 'query path is a directory relative to the app root, default `.`: without it the app root is listed', label: 'documented', checks: ['builder-files-default-root'] },
  { id: 'builders.lifecycle-controls', ref: 'What the service does: Builders', text: 'an app is started, stopped and auto-stopped through the lifecycle controls', label: 'documented', checks: ['builder-lifecycle'] },
  { id: 'builders.ssh-secret-masked', ref: 'Published API: Builders (SSH access); What the service does: Logs', text: 'the SSH token is handed out by the create and recreate answers only; every read masks it', label: 'published', checks: ['builder-ssh-secret-masked'] },
  { id: 'builders.preview-url-while-running', ref: 'What the service does: Builders', text: 'a running app has a public HTTPS preview URL that only resolves while it runs', label: 'documented', checks: [], untested: outside('the preview URL is a public host outside the API; whether it resolves depends on DNS the suite does not control') },
  { id: 'events.inbound-become-conversations', ref: 'Events 2; What the service does: Logs', text: 'inbound email and inbound channel messages become conversations automatically', label: 'documented', checks: ['inbound-becomes-conversation'] },
  { id: 'events.webhook-deliveries-logged', ref: 'Events 1', text: 'each outbound webhook delivery is recorded in the webhooks log feed with event, destination, status, payload, headers and response', label: 'documented', checks: ['webhook-delivery-logged'] },
  { id: 'events.webhook-payload', ref: 'Published API: the n8n trigger (MihuTrigger.node.ts)', text: 'a delivery\u2019s payload is {event, data} with the conversation, the agent (agent_id) and the event\u2019s instant (timestamp)', label: 'published', checks: ['webhook-payload-published'] },
  { id: 'evaluations.session-end', ref: 'What the service does: Evaluate', text: 'a session ends when the customer is idle for the configured sessionization.timeout_minutes or the conversation closes; analyzer features then produce evaluation records', label: 'documented', checks: ['evaluation-after-session-end'] },
  { id: 'evaluations.metrics', ref: 'Published API: Evaluations (get-paginated-list-of-session-evaluations, get-a-single-evaluation)', text: 'an evaluation carries the ten metrics, each {value, confidence (integer), reason}', label: 'published', checks: ['evaluation-metrics'] },
  { id: 'evaluations.read', ref: 'Published API: Evaluations (get-a-single-evaluation)', text: 'an evaluation is read by its uuid as listed; an unknown uuid gives 404', label: 'published', checks: ['evaluation-read'] },
  // Time handling
  { id: 'time.response-offset', ref: 'Time handling 1', text: 'every timestamp in a response carries an offset', label: 'documented', checks: ['timestamp-offset'] },
  { id: 'time.input-without-offset', ref: 'Time handling 2', text: 'a request date-time without an offset is read in the caller\u2019s zone', label: 'documented', checks: ['time-input-in-applied-zone'] },
  { id: 'time.zone-header', ref: 'Time handling 3', text: 'the X-Timezone request header (IANA identifier) selects the zone', label: 'documented', checks: ['time-header-zone'] },
  { id: 'time.zone-query', ref: 'Time handling 3', text: 'the timezone query parameter selects the zone', label: 'documented', checks: ['time-query-zone'] },
  { id: 'time.header-over-query', ref: 'Time handling 3', text: 'with both given, the header wins over the query parameter', label: 'inferred', checks: ['time-header-over-query'] },
  { id: 'time.windows-names', ref: 'Time handling 3', text: 'Windows-style zone names are accepted and mapped to IANA names', label: 'documented', checks: ['time-windows-names'] },
  { id: 'time.unknown-zone-ignored', ref: 'Time handling 3', text: 'an invalid or unknown identifier is ignored and resolution continues', label: 'documented', checks: ['time-unknown-zone-ignored'] },
  { id: 'time.profile-zone', ref: 'Time handling 4.1', text: 'a per-user token works in the member\u2019s profile zone', label: 'documented', checks: ['time-profile-zone'] },
  { id: 'time.workspace-zone', ref: 'Time handling 4.2 and 7', text: 'a workspace API token works in the workspace zone, not UTC, on input and output', label: 'documented', checks: ['time-workspace-zone'] },
  { id: 'time.utc-fallback', ref: 'Time handling 4.3', text: 'UTC when neither a profile nor a workspace zone is configured', label: 'documented', checks: [], untested: outside('needs a workspace without a configured zone, which the API cannot arrange') },
  { id: 'time.response-zone-header', ref: 'Time handling 5', text: 'every response carries X-Timezone naming the applied zone', label: 'documented', checks: ['timezone-header'] },
  { id: 'time.rendered-in-applied-zone', ref: 'Time handling 5 and 7', text: 'timestamps are rendered in the zone X-Timezone names', label: 'documented', checks: ['applied-zone'] },
  { id: 'time.dates-unshifted', ref: 'Time handling 6', text: 'date-only and time-of-day values are never shifted', label: 'documented', checks: ['time-dates-unshifted'] },
  // States and transitions
  { id: 'builder-agents.transitions', ref: 'States and transitions: Builder agent conversation', text: 'writes return at once in processing; answers only while gathering (a finished conversation is rejected); approve only awaiting approval; rebuild from deployed or failed', label: 'documented', checks: ['builder-agent-transitions'] },
  { id: 'builder-agents.rebuild-409', ref: 'States and transitions; Endpoints behaviour 1', text: 'a rebuild while another is processing is rejected with 409 and the conversation is unchanged', label: 'documented', checks: ['rebuild-while-processing'] },
  { id: 'builder-agents.intent-kept', ref: 'States and transitions: Builder agent conversation', text: 'a rebuild keeps the original intent unless the request changes it (replace_prompt)', label: 'documented', checks: ['builder-agent-intent'] },
  { id: 'builder-agents.list', ref: 'Endpoints: operations named in prose only', text: 'GET /api/v1/builder-agents lists the conversations, newest first, filtered by status', label: 'inferred', checks: ['builder-agent-list'] },
  { id: 'template-settings.delete-blocked', ref: 'Other statuses; Endpoints DELETE template-settings', text: 'deleting a template setting is refused (409) while a campaign referencing it is In Process, Importing, Active or Paused', label: 'documented', checks: ['template-setting-delete-blocked'] },
  { id: 'template-settings.delete', ref: 'Endpoints DELETE /api/v1/whatsapp/template-settings/{uuid}', text: 'deletes the setting when no blocking campaign references it; an unknown setting is 404', label: 'documented', checks: ['template-setting-delete-allowed'] },
  { id: 'template-settings.list', ref: 'Endpoints GET /api/v1/whatsapp/template-settings', text: 'the settings matching template_uuid, waba_id and status, newest first', label: 'documented', checks: ['template-setting-list'] },
  { id: 'template-settings.delete-keeps-template', ref: 'Endpoints DELETE /api/v1/whatsapp/template-settings/{uuid}', text: 'deleting a setting leaves the underlying template unaffected: a new setting can still be made on it', label: 'documented', checks: ['template-setting-delete-keeps-template'] },
  { id: 'template-settings.create', ref: 'Endpoints: operations named in prose only; published API (create a template setting)', text: 'a created setting has the template and status sent (active by default); a text listing needs an active setting', label: 'published', checks: ['template-setting-create'] },
  { id: 'listings.delete-cancels-tasks', ref: 'Other statuses', text: 'deleting a listing cancels pending campaign tasks', label: 'documented', checks: ['listing-delete-cancels-tasks'] },
  { id: 'listings.delete-removes-campaign', ref: 'Other statuses', text: 'deleting a listing removes the listing campaign', label: 'documented', checks: ['listing-delete-removes-campaign'] },
  { id: 'listings.delete-keeps-contacts', ref: 'Other statuses', text: 'contacts are not deleted with a listing', label: 'documented', checks: ['listing-delete-keeps-contacts'] },
  { id: 'listings.lifecycle', ref: 'What the service does: Campaigns and listings', text: 'a listing is Importing, then Active while tasks run, then Completed; it keeps its pace and its report totals its tasks', label: 'inferred', checks: ['listing-state'] },
  { id: 'listings.bulk-one-request', ref: 'Limits note 2; What the service does: Campaigns and listings', text: 'bulk sending to many contacts is done with a listing: one request, any number of contacts, all of them held by the listing', label: 'documented', checks: ['listing-bulk-contacts'] },
  { id: 'campaigns.update-no-rebuild', ref: 'Endpoints behaviour 2', text: 'a campaign update does not rebuild already scheduled tasks', label: 'documented', checks: ['campaign-update-keeps-tasks'] },
  { id: 'campaigns.text-needs-setting', ref: 'Resources: Campaign', text: 'a text campaign cannot publish without an active WhatsApp template setting', label: 'documented', checks: ['campaign-text-publish-needs-setting'] },
  { id: 'campaigns.collection', ref: 'Published API: Campaigns', text: 'a created campaign reads back as sent and is listed, an update changes only the fields sent, a deleted campaign reads 404', label: 'published', checks: ['campaigns-collection'] },
  { id: 'campaigns.delete-cascade', ref: 'Published API: Campaigns (delete); Other statuses', text: 'deleting a campaign cancels its pending campaign tasks, as deleting a listing does', label: 'published', checks: ['campaign-delete-cascade'] },
  { id: 'pools.collection', ref: 'Published API: Pools', text: 'a created pool is listed as sent, an update changes only the fields sent', label: 'published', checks: ['pools-collection'] },
  { id: 'whatsapp-templates.collection', ref: 'Published API: WhatsApp templates (create)', text: 'a created template is answered and listed as sent', label: 'published', checks: ['whatsapp-templates-collection'] },
  { id: 'whatsapp-templates.unique', ref: 'Published API: WhatsApp templates (create); contract', text: 'a template is unique per name and language within its business account; a second one is refused with 409', label: 'published', checks: ['whatsapp-template-unique'] },
  { id: 'webhook-subscriptions.lifecycle', ref: 'n8n trigger (published): webhooks; contract', text: 'subscribing the same target and event again answers the same subscription; unsubscribing removes it; an unknown target is 404', label: 'inferred', checks: ['webhook-subscription-lifecycle'] },
  { id: 'webhook-subscriptions.delivered', ref: 'n8n trigger (published): webhooks', text: 'an evaluation that completes while a target is subscribed to its event is delivered to the target and recorded in the webhooks log feed', label: 'published', checks: ['webhook-subscription-delivered'] },
  { id: 'rules.collection', ref: 'Published API: Rules', text: 'a created rule is listed as sent with times as HH:MM:SS, an update changes only the fields sent', label: 'published', checks: ['rules-collection'] },
  { id: 'rules.text-one-shot', ref: 'Published API: Rules (create, update)', text: 'a text rule is one-shot: caps coerced to 1, call-only fields null', label: 'published', checks: ['rules-text-one-shot'] },
  { id: 'rules.update-no-rebuild', ref: 'Endpoints behaviour 2; Published API: Rules (update)', text: 'a rule update does not rebuild already scheduled tasks', label: 'documented', checks: ['rule-update-keeps-tasks'] },
  { id: 'campaigns.agent-binding', ref: 'Resources: Campaign (fields accepted on update)', text: 'agent_uuid binds the agent\u2019s channel (agent_app) that matches campaign_type (text means WhatsApp), resolved automatically; an agent with no such channel cannot be bound', label: 'documented', checks: ['campaign-agent-binding'] },
  { id: 'coaching.one-default', ref: 'What the service does: Coaching agents; Other statuses', text: 'the first coaching agent created becomes the default; exactly one is always the default; set-default makes it the only one', label: 'documented', checks: ['one-default-coach'] },
  { id: 'coaching.settings', ref: 'What the service does: Coaching agents', text: 'a read returns the settings last written; an update changes only the fields it sends', label: 'documented', checks: ['coach-settings'] },
  // Endpoints
  { id: 'queues.update-persists', ref: 'Endpoints PUT /api/v1/queues/{uuid}', text: 'the fields sent (name, color, is_active, sla_seconds) are applied and the next read shows them', label: 'documented', checks: ['queue-update-persists'] },
  { id: 'queues.available-endpoints', ref: 'Resources: Available queue endpoints', text: 'only endpoints not yet assigned to any queue are listed', label: 'documented', checks: ['queue-endpoints-available'] },
  { id: 'rates.filters', ref: 'Endpoints GET /api/v1/phone-numbers/rates', text: 'the country filter (2-letter code) and the destination prefix filter (starts-with) hold for every rate listed', label: 'documented', checks: ['rate-filters'] },
  { id: 'rates.pagination', ref: 'Resources: Outbound call rate item; Limits', text: 'pagination {current_page, per_page, total, last_page, from, to, has_more} describes the page; page size at most 200', label: 'documented', checks: ['rate-pagination', 'expected-outcome'], operations: ['listPhoneNumberRates'], aspects: [{ check: 'expected-outcome', pattern: PAGE_SIZE_CASE, what: 'the page-size cases (per_page, limit) of its operations not refused' }] },
  { id: 'assistant.two-factor-needs-pin', ref: 'Endpoints behaviour 3', text: 'enabling 2FA without a PIN ever set fails; the PIN may be set in the same request', label: 'documented', checks: ['two-factor-needs-pin'] },
  { id: 'assistant.pin-secret', ref: 'Resources: Assistant channel security', text: 'the static PIN is a secret: no answer carries it', label: 'documented', checks: ['pin-never-returned'] },
  { id: 'assistant.email-release', ref: 'Endpoints DELETE /api/v1/assistant-channels/email', text: 'the delete releases the user\u2019s assigned email inbox', label: 'documented', checks: ['assistant-email-release'] },
  { id: 'assistant.static-pin-only', ref: 'Endpoints behaviour 3', text: 'static PIN is the only verification method: every saved channel names it as its method', label: 'documented', checks: ['static-pin-only'] },
  { id: 'data-tables.records', ref: 'What the service does: Tables', text: 'tables are filled by direct record operations: the records equal what was added, updated and deleted', label: 'documented', checks: ['data-table-records'] },
  { id: 'data-tables.column-types', ref: 'What the service does: Tables', text: 'column types are text, number, date, boolean, json and url: a table lists its columns with their types and refuses a value that does not fit its column', label: 'documented', checks: ['data-table-column-types'] },
  { id: 'data-tables.imports', ref: 'What the service does: Tables', text: 'tables are filled by import from pasted text, a file or a crawled website: a completed import of pasted text leaves its records in the table', label: 'documented', checks: ['data-table-import'] },
  { id: 'data-tables.assign-sync', ref: 'What the service does: Tables', text: 'a table is assigned to an agent, and a sync refreshes the agent\u2019s index (a table assigned to no agent is not synced)', label: 'documented', checks: ['data-table-assign-sync'] },
  { id: 'conversations.reply-listed', ref: 'What the service does: Conversations; published API "Conversations"', text: 'a reply accepted on a conversation is listed among its messages (outbound, sender Human, the text sent)', label: 'published', checks: ['reply-in-messages'] },
  { id: 'phone-numbers.purchase-listed', ref: 'Published: phone-numbers/buy-a-phone-number, list-your-phone-numbers', text: 'a bought number is listed among the owned numbers (source purchased, not external) and its channel snapshot reads', label: 'published', checks: ['purchased-number-listed'] },
  { id: 'phone-numbers.purchase-cap', ref: 'Published: phone-numbers/buy-a-phone-number', text: 'past the workspace cap a purchase is 403 with data.error purchase_limit_reached, limit and current, and buys nothing', label: 'published', checks: ['phone-number-purchase-cap'] },
  { id: 'phone-numbers.channels-plus-optional', ref: 'Endpoints GET /api/v1/phone-numbers/channels', text: 'the number query is E.164 with the leading + optional', label: 'documented', checks: ['channels-lookup-plus-optional'] },
  { id: 'agents.parts-add-keeps', ref: 'Published: agents/add-a-single-guideline, replace-agent-guidelines, update-a-single-training-row, delete-a-single-procedure-and-its-steps', text: "adding one guideline, note, procedure or training row keeps the agent's others of that kind; replacing all makes the set the one sent; updates and deletes change only the part named", label: 'published', checks: ['agent-parts-written'] },
  { id: 'agents.procedure-steps', ref: 'Published: agents/update-a-single-procedure-and-replace-its-steps-if-provided', text: "a procedure's steps are replaced when an update sends them and kept when it does not, and are answered in ascending order", label: 'published', checks: ['procedure-steps'] },
  { id: 'agents.rules-add-keeps', ref: 'Published: voice-ivr-&-guards/add-one-guard-rule-preserves-existing-rules, add-one-routing-rule-preserves-existing-rules', text: "adding one guard or routing rule keeps the agent's other rules of that kind", label: 'published', checks: ['agent-rules-add-keeps'] },
  { id: 'agents.routing-priority-default', ref: 'Published: voice-ivr-&-guards/add-one-routing-rule-preserves-existing-rules', text: 'a routing rule added without priority gets the highest existing priority + 1', label: 'published', checks: ['routing-priority-default'] },
  { id: 'agents.intent-event-connection', ref: 'Published: agents/set-the-intents-action-event', text: "an intent's app action on an external app without an active connection of that app gives 422", label: 'published', checks: ['intent-event-connection'] },
  { id: 'agents.instagram-unbind', ref: 'Endpoints POST /api/v1/agents/{uuid}/channels/instagram/unbind', text: 'the unbind removes the agent\u2019s Instagram binding; the account stays connected and can be assigned again', label: 'documented', checks: ['instagram-unbind-keeps-account'] },
  { id: 'agents.channel-binding-readback', ref: 'Published agent-channel-bindings: assign an SMS phone number to an agent', text: 'an assigned number replaces the agent\u2019s SMS number and shows in the agent, the agents list and the number\u2019s channel snapshot; assigning it again changes nothing', label: 'published', checks: ['agent-channel-binding-readback'] },
  { id: 'agents.channel-binding-conflict', ref: 'Contract design: agent channel bindings', text: 'a number, account or page another agent is bound to is refused with 409 and neither agent\u2019s binding changes', label: 'inferred', checks: ['agent-channel-binding-conflict'] },
  { id: 'agents.channel-unconnected-refused', ref: 'Published agent-channel-bindings: assign an Instagram account to an agent', text: 'an account that is not connected to the workspace is refused and not assigned', label: 'published', checks: ['agent-channel-unconnected-refused'] },
  { id: 'identifiers.uuid-case', ref: 'Contract design (RFC 9562: a UUID may be written in either case)', text: 'a UUID in a path names the same record in upper and in lower case', label: 'inferred', checks: ['uuid-case-insensitive'] },
  { id: 'logs.unknown-filter-404', ref: 'Errors: further 404 rules; Query parameters of logs/actions', text: 'the conversation, session and contact filters give 404 for unknown identifiers', label: 'documented', checks: ['logs-unknown-filter-404'] },
  { id: 'analytics.export-policy', ref: 'Query parameters of analytics/messages; Errors', text: 'policy disabled gives 403; masked replaces content with ***', label: 'documented', checks: ['analytics-export-policy'] },
  { id: 'analytics.sort-order', ref: 'Query parameters of analytics/messages', text: 'rows are sorted by (created_at ascending, message_uuid ascending)', label: 'documented', checks: ['analytics-export-order'] },
  { id: 'analytics.range', ref: 'Query parameters of analytics/messages', text: 'the range is [from, to): rows created at or after from and before to', label: 'documented', checks: ['analytics-export-range'] },
  { id: 'analytics.cursor-pages', ref: 'Query parameters of analytics/messages', text: 'limit rows per page; cursor is the opaque pagination.next_cursor of the previous page, and the pages give each row once, in order', label: 'documented', checks: ['analytics-export-pages'] },
  { id: 'flows.steps-ordered', ref: 'Resources: Flow; Endpoints GET /api/v1/flow/{uuid}', text: 'the flow read returns its steps as one flat list ordered by position; branch children name their parent step', label: 'documented', checks: ['flow-steps-ordered'] },
  { id: 'flows.unknown-404', ref: 'Endpoints GET /api/v1/flow/{uuid}', text: 'an unknown flow gives 404 with body {success:false, message, data:[]}', label: 'documented', checks: ['flow-unknown-404'] },
  { id: 'flows.step-test-stored', ref: 'Published API: flow-steps, Test a step', text: 'a step test with persist stores its result as the step\'s last_test.data', label: 'published', checks: ['flow-step-test-stored'] },
  { id: 'flows.deployed-edit-409', ref: 'Published API: flow-steps, Add a step', text: 'a deployed flow refuses a new step with 409 until it is undeployed', label: 'published', checks: ['flow-deployed-edit-409'] },
  // Authentication
  { id: 'auth.missing-token-401', ref: 'Authentication 1 and 6', text: 'no Authorization header gives 401 MISSING_AUTH_TOKEN', label: 'documented', checks: ['auth-missing-token'] },
  { id: 'auth.user-token-accepted', ref: 'Authentication 2', text: 'per-user tokens (JWT) are accepted', label: 'documented', checks: ['auth-user-token'] },
  { id: 'auth.revocation-immediate', ref: 'Authentication 3 and 6', text: 'revocation takes effect immediately (401 INVALID_AUTH_TOKEN)', label: 'documented', checks: ['auth-revoked-token'] },
  { id: 'auth.token-shown-once', ref: 'Authentication 3', text: 'a token is displayed once at creation', label: 'documented', checks: [], untested: outside('tokens are displayed in the workspace UI; the API answer alone cannot show what the UI displays later') },
  { id: 'auth.wrong-tenant-404', ref: 'Authentication 4 and 6', text: 'the tenant is the subdomain; a wrong tenant gives 404', label: 'documented', checks: ['auth-wrong-tenant'] },
  { id: 'tls.https-only', ref: 'Authentication 5', text: 'all requests must use HTTPS; plain HTTP is rejected', label: 'documented', checks: ['tls-https-only'] },
  { id: 'tls.version-1-2', ref: 'Authentication 5', text: 'TLS 1.2 or higher (TLS 1.0 and 1.1 refused)', label: 'documented', checks: ['tls-version', 'tls-legacy-refused'] },
  { id: 'auth.invalid-token-401', ref: 'Authentication 6', text: 'a wrong or malformed token gives 401 INVALID_AUTH_TOKEN', label: 'documented', checks: ['auth-invalid-token'] },
  { id: 'auth.forbidden-403', ref: 'Authentication 6', text: 'a valid token without the needed permission gives 403 FORBIDDEN', label: 'documented', checks: ['auth-forbidden'] },
  { id: 'auth.acting-member', ref: 'Authentication 7', text: 'with a workspace token the acting member is named in user_email; with a per-user token the action is attributed to the token\u2019s user', label: 'documented', checks: ['reply-acting-member'] },
  { id: 'auth.log-secrets-masked', ref: 'Authentication 8; What the service does: Logs', text: 'tokens, passwords, signatures and other secrets are masked in the log feeds', label: 'documented', checks: ['logs-secrets-masked', 'feed-secrets-masked'] },
  { id: 'auth.builder-tenant-key', ref: 'Authentication 9', text: 'builder tool connections use a tenant key bound to one tenant', label: 'documented', checks: [], untested: outside('the tenant key is shown in the workspace UI and used by builder tools, not by the HTTP API') },
  // Errors
  { id: 'errors.shape', ref: 'Errors', text: 'error bodies are Shape A or Shape B, as the contract names for the operation and status', label: 'documented', checks: ['error-shape'] },
  { id: 'errors.codes', ref: 'Errors', text: 'a Shape B error carries the code of its status, field for validation errors', label: 'documented', checks: ['error-code'] },
  { id: 'errors.client-mistakes-4xx', ref: 'Errors', text: 'an invalid request gets the 4xx, code and field its fault calls for; 5xx only for unexpected failures', label: 'documented', checks: ['expected-outcome', 'not-server-error'] },
  { id: 'errors.retry-guidance', ref: 'Errors: retry guidance', text: 'clients retry 429, 500, 502 and 503 with backoff and do not retry 400, 401, 403, 404 or 422', label: 'documented', checks: [], untested: outside('guidance for clients, not behaviour of the service') },
  // Limits
  { id: 'limits.send-rate-5-per-second', ref: 'Limits: request rate', text: 'at most 5 accepted send requests per second per workspace, shared by all tokens', label: 'documented', checks: ['send-rate-limit'] },
  { id: 'limits.over-limit-429', ref: 'Limits: over-limit response', text: 'over the limit: 429 with Retry-After (seconds) and nothing is created or sent', label: 'documented', checks: ['send-429-creates-nothing', 'retry-after'] },
  { id: 'limits.rate-headers', ref: 'Limits: rate headers', text: 'X-RateLimit-Limit and X-RateLimit-Remaining on every response', label: 'documented', checks: ['rate-limit-headers'] },
  { id: 'limits.idempotency', ref: 'Limits: idempotency', text: 'retrying with the same request_key returns the same request and never a second call or message', label: 'documented', checks: ['idempotency'] },
  { id: 'limits.send-queue', ref: 'Limits note 1', text: 'accepted requests wait in the sending queue (summary at /api/v1/outbound/summary)', label: 'documented', checks: ['send-queue-counts'] },
  { id: 'limits.page-sizes', ref: 'Limits: logs, analytics export and rates page sizes', text: 'logs 1..100 per page, analytics export 1..1000 (default 500), rates at most 200: out-of-range values are refused', label: 'documented', checks: ['expected-outcome'], operations: ['listActionLogs', 'exportAnalyticsMessages', 'listPhoneNumberRates'], aspects: [{ check: 'expected-outcome', pattern: PAGE_SIZE_CASE, what: 'the page-size cases (per_page, limit) of its operations not refused' }] },
  { id: 'limits.general-1000-per-minute', ref: 'Limits: general API rate', text: '1000 requests per minute per workspace; over it 429 RATE_LIMIT_EXCEEDED with Retry-After', label: 'documented', checks: ['general-rate-limit'] },
  { id: 'limits.concurrent-calls-50', ref: 'Limits: concurrent calls', text: '50 simultaneous calls; a call over them is refused', label: 'documented', checks: ['concurrent-call-limit'] },
  { id: 'limits.webhooks-100-per-second', ref: 'Limits: webhook deliveries', text: '100 webhook events per second', label: 'documented', checks: [], untested: outside('needs a webhook receiver under a load of real events') },
  { id: 'limits.higher-limits-support', ref: 'Limits note 3', text: 'higher limits are requested from the provider\u2019s support', label: 'documented', checks: [], untested: outside('a support process, not API behaviour') },
];

/** The catalogue rules a check decides. */
export function rulesOfCheck(check: string): CatalogueRule[] {
  return CATALOGUE.filter((r) => r.checks.includes(check));
}

/** Whether a finding of one of its checks belongs to a rule: on its operations, and within its aspect of a shared check. */
export function ownsFinding(rule: CatalogueRule, finding: { check: string; operationId: string | undefined; message: string }): boolean {
  if (!rule.checks.includes(finding.check)) return false;
  if (rule.operations && !rule.operations.includes(finding.operationId ?? '')) return false;
  const aspects = rule.aspects?.filter((a) => a.check === finding.check) ?? [];
  return aspects.length === 0 || aspects.some((a) => a.pattern.test(finding.message));
}

const ASPECT_RULES = CATALOGUE.filter((r) => r.aspects !== undefined);

/**
 * The rules with an aspect of the check that own a finding, as one key: the recorder keeps detailed
 * findings per key, so every such rule keeps the findings that decide it.
 */
export function aspectOwners(check: string, operationId: string | undefined, message: string): string {
  return ASPECT_RULES.filter((r) => r.aspects?.some((a) => a.check === check) && ownsFinding(r, { check, operationId, message }))
    .map((r) => r.id)
    .join(',');
}
