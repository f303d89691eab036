// Self-test cases for the cross-cutting rules: endpoints, versioning, envelope, resource fields,
// time, authentication, TLS, errors, limits and the log feeds' secrets.
import type { FaultCase } from '../case.ts';

export const CROSS_CUTTING_CASES: FaultCase[] = [
  { rule: 'time.response-zone-header', fault: 'missing-timezone-header', parts: ['operations'], only: 'listCalls: contract examples' },
  { rule: 'limits.send-rate-5-per-second', fault: 'no-rate-limit', parts: ['stateful'], only: 'model: outbound' },
  { rule: 'errors.shape', fault: 'wrong-error-shape', parts: ['negative'], only: 'createCoachingAgent: generated invalid requests' },
  { rule: 'limits.idempotency', fault: 'idempotency-off', parts: ['stateful'], only: 'model: outbound' },
  { rule: 'endpoints.answer', fault: 'wrong-status', parts: ['operations'], only: 'listCalls: contract examples' },
  { rule: 'resources.fields', fault: 'schema-drift', parts: ['operations'], only: 'listCalls: contract examples' },
  { rule: 'limits.rate-headers', fault: 'missing-rate-limit-headers', parts: ['operations'], only: 'listCalls: contract examples' },
  { rule: 'limits.over-limit-429', fault: 'missing-retry-after', parts: ['stateful'], only: 'model: outbound' },
  { rule: 'time.response-offset', fault: 'timestamps-without-offset', parts: ['operations'], only: 'listCalls: contract examples' },
  { rule: 'time.rendered-in-applied-zone', fault: 'timestamps-in-utc', parts: ['operations'], only: 'listCalls: contract examples' },
  { rule: 'errors.codes', fault: 'validation-error-without-field', parts: ['negative'], only: 'createCoachingAgent: generated invalid requests' },
  { rule: 'auth.missing-token-401', fault: 'swapped-auth-codes', parts: ['auth'], only: 'createApiToken: authentication' },
  { rule: 'auth.log-secrets-masked', fault: 'feed-secrets-unmasked', parts: ['stateful'], only: 'model: log feeds' },
  { rule: 'auth.log-secrets-masked', fault: 'feed-url-tokens-unmasked', parts: ['stateful'], only: 'model: log feeds' },
  { rule: 'endpoints.json-bodies', fault: 'known-ids-404', parts: ['operations'], only: 'listConversationMessages: contract examples' },
  { rule: 'endpoints.json-bodies', fault: 'json-charset-required', parts: ['operations'], only: 'createCoachingAgent: contract examples' },
  { rule: 'versioning.path-version', fault: 'coaching-path-unversioned', parts: ['operations'], only: 'listCoachingAgents: contract examples' },
  { rule: 'envelope.json', fault: 'json-served-as-text', parts: ['operations'], only: 'listApiTokens: contract examples' },
  { rule: 'time.zone-header', fault: 'zone-header-ignored', parts: ['time'], only: 'zone selection' },
  { rule: 'time.zone-query', fault: 'zone-query-ignored', parts: ['time'], only: 'zone selection' },
  { rule: 'time.header-over-query', fault: 'zone-query-over-header', parts: ['time'], only: 'zone selection', failOn: 'inferred' },
  { rule: 'time.windows-names', fault: 'windows-zone-names-rejected', parts: ['time'], only: 'zone selection' },
  { rule: 'time.unknown-zone-ignored', fault: 'unknown-zone-utc', parts: ['time'], only: 'zone selection' },
  { rule: 'time.profile-zone', fault: 'profile-zone-ignored', parts: ['time'], only: 'zone selection' },
  { rule: 'time.workspace-zone', fault: 'workspace-zone-ignored', parts: ['time'], only: 'zone selection' },
  // The only calendar values the mock answers are queue opening hours, an inferred part: the check warns.
  { rule: 'time.dates-unshifted', fault: 'calendar-values-shifted', parts: ['time'], only: 'never shifted', failOn: 'inferred' },
  // The call list's `from`/`to` filters are inferred parts of the contract: the check warns.
  { rule: 'time.input-without-offset', fault: 'wall-time-read-as-utc', parts: ['time'], only: 'without offset', failOn: 'inferred' },
  { rule: 'auth.user-token-accepted', fault: 'user-tokens-refused', parts: ['auth'], only: 'per-user token' },
  { rule: 'auth.revocation-immediate', fault: 'revoked-token-still-valid', parts: ['auth'], only: 'revoked token' },
  { rule: 'auth.wrong-tenant-404', fault: 'unknown-tenant-served', parts: ['auth'], only: 'createApiToken: authentication' },
  { rule: 'auth.invalid-token-401', fault: 'unknown-token-403', parts: ['auth'], only: 'createApiToken: authentication' },
  // Which permission an operation needs is the contract's inference (x-permission): the check warns.
  { rule: 'auth.forbidden-403', fault: 'permissions-not-enforced', parts: ['auth'], only: 'createCoachingAgent: authentication', failOn: 'inferred' },
  { rule: 'errors.client-mistakes-4xx', fault: 'validation-errors-500', parts: ['negative'], only: 'createApiToken: generated invalid requests' },
  // The summary's counts are inferred parts of the contract: the check warns.
  { rule: 'limits.send-queue', fault: 'summary-ignores-queue', parts: ['stateful'], only: 'model: outbound', failOn: 'inferred' },
  // The quick profile tries only the first few bounds; past the page-size maximum is further on.
  { rule: 'errors.client-mistakes-4xx', fault: 'phone-plus-optional', parts: ['negative'], only: 'sendSms: phone numbers without their' },
  { rule: 'identifiers.uuid-case', fault: 'uuid-case-sensitive', parts: ['negative'], only: 'UUIDs in a path name the same record in upper case', failOn: 'inferred' },
  { rule: 'limits.page-sizes', fault: 'page-size-uncapped', parts: ['negative'], only: 'listActionLogs: boundary values', profile: 'default' },
  { rule: 'logs.unknown-filter-404', fault: 'unknown-log-filter-ignored', parts: ['negative'], only: 'action log filters' },
  { rule: 'limits.general-1000-per-minute', fault: 'no-general-limit', parts: ['stateful'], only: 'limits: general rate' },
  { rule: 'limits.concurrent-calls-50', fault: 'no-concurrent-call-limit', parts: ['stateful'], only: 'limits: concurrent calls', mode: 'full' },
];

/**
 * Rules with checks that no mock fault can break, each with where they are proven instead: the
 * self-test's mock serves plain HTTP, so the TLS checks only say "not applicable" against it.
 */
export const PROVEN_ELSEWHERE: Readonly<Record<string, string>> = {
  'tls.https-only':
    'no mock fault breaks TLS; test/conformance/tls-rule.test.ts runs the check against local TLS servers that refuse and accept plain HTTP, test/conformance/tls-mock.test.ts against the mock with --tls (verified) and in its default mode (violated)',
  'tls.version-1-2': 'no mock fault breaks TLS; test/conformance/tls-rule.test.ts runs the checks against local TLS servers that accept and refuse TLS 1.0/1.1, test/conformance/tls-mock.test.ts against the mock with --tls',
};
