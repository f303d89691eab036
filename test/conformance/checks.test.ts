// Each exchange check against hand-made exchanges on real contract operations: the check passes on
// a conforming response and reports a violation, with the label of the right part (documented,
// published or inferred), on one that breaks its rule.
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../conformance/checks/check.ts';
import { runChecks } from '../../conformance/checks/run-checks.ts';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import type { Exchange, Expectation } from '../../conformance/http/exchange.ts';

const contract = loadSuiteContract();

const GOOD_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'Europe/Berlin', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999' };

interface Given {
  op: string;
  status: number;
  body: unknown;
  headers?: Record<string, string | undefined>;
  expectation?: Expectation;
  requestJson?: unknown;
}

function result(check: string, given: Given): CheckResult {
  const op = contract.byId.get(given.op);
  if (!op) throw new Error(`no operation ${given.op}`);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...GOOD_HEADERS, ...given.headers })) if (v !== undefined) headers[k] = v;
  const ex: Exchange = {
    request: { operationId: op.operationId, method: op.method, url: 'http://acme.localhost/', headers: {} },
    response: { status: given.status, headers, text: typeof given.body === 'string' ? given.body : JSON.stringify(given.body) },
    sentAt: 0,
    receivedAt: 1,
    ...(given.expectation ? { expectation: given.expectation } : {}),
    ...(given.requestJson !== undefined ? { requestJson: given.requestJson } : {}),
  };
  const run = runChecks(contract, op, ex).find((r) => r.check === check);
  if (!run) throw new Error(`no check ${check}`);
  return run.result;
}

function parts(r: CheckResult): string[] | string {
  return Array.isArray(r) ? r.map((v) => v.part).sort() : r;
}

const campaign = {
  uuid: '6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01',
  name: 'Spring recall',
  description: null,
  status: 'Active',
  start_date: '2026-03-01T09:00:00+01:00',
  end_date: null,
  created_at: '2026-02-20T14:05:11+01:00',
  updated_at: '2026-02-27T08:30:00+01:00',
};
const ok = (data: unknown) => ({ success: true, message: 'ok', data });
/** The contract's own example of a template settings page (the seed's list, with the published per_page), with some fields replaced. */
const settingsPage = (replace: Record<string, unknown>) => {
  const example = contract.byId.get('listWhatsappTemplateSettings')?.responses.get(200)?.examples[0] as { data: Record<string, unknown> };
  return { ...example, data: { ...example.data, ...replace } };
};
const shapeB = (code: string, field?: string) => ({ success: false, message: 'x', error: { code, details: 'x', ...(field ? { field } : {}) } });
const shapeA = { success: false, message: 'Campaign not found', data: [] };
const rejected = (codes: string[], field: string): Expectation => ({ kind: 'rejected', part: 'documented', rule: 'r', what: 'a request', statuses: [422], codes, field, codePart: 'documented' });
const accepted: Expectation = { kind: 'accepted', part: 'documented', rule: 'r', what: 'a request' };

const cases: Array<[check: string, label: string, given: Given, want: string[] | string]> = [
  ['not-server-error', '200', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['not-server-error', '503', { op: 'getCampaign', status: 503, body: shapeB('SERVICE_UNAVAILABLE') }, ['documented']],
  ['status-documented', 'documented op, 202', { op: 'updateCampaign', status: 202, body: ok(campaign) }, ['documented']],
  ['status-documented', 'published op, another success code than the designed one', { op: 'sendSms', status: 202, body: {} }, ['inferred']],
  ['status-documented', 'published op, an undocumented error status', { op: 'sendSms', status: 418, body: {} }, ['published']],
  ['status-documented', 'inferred op, 202', { op: 'getListing', status: 202, body: ok(campaign) }, ['inferred']],
  ['status-documented', 'documented status', { op: 'updateCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['content-type', 'text/html', { op: 'getCampaign', status: 200, body: ok(campaign), headers: { 'content-type': 'text/html' } }, ['documented']],
  ['content-type', 'not JSON', { op: 'getCampaign', status: 200, body: '<html>', headers: {} }, ['documented']],
  ['content-type', 'JSON', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['response-schema', 'matches', { op: 'updateCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['response-schema', 'documented field broken', { op: 'updateCampaign', status: 200, body: ok({ ...campaign, name: 7 }) }, ['documented']],
  ['response-schema', 'inferred field broken', { op: 'updateCampaign', status: 200, body: ok({ ...campaign, agent_uuid: 7 }) }, ['inferred']],
  ['response-schema', 'inferred operation', { op: 'getListing', status: 200, body: ok({ ...campaign, name: 7 }) }, ['inferred']],
  ['response-schema', 'inferred answer of a published operation', { op: 'getCampaign', status: 200, body: ok({ ...campaign, name: 7 }) }, ['inferred']],
  ['response-schema', 'published field of a documented answer', { op: 'listWhatsappTemplateSettings', status: 200, body: settingsPage({ per_page: 'all' }) }, ['published']],
  ['response-schema', 'documented field beside it', { op: 'listWhatsappTemplateSettings', status: 200, body: settingsPage({ current_page: 'one' }) }, ['documented']],
  ['response-schema', 'both broken', { op: 'listWhatsappTemplateSettings', status: 200, body: settingsPage({ per_page: 'all', current_page: 'one' }) }, ['documented', 'published']],
  ['timezone-header', 'present', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['timezone-header', 'missing', { op: 'getCampaign', status: 200, body: ok(campaign), headers: { 'x-timezone': undefined } }, ['documented']],
  ['timezone-header', 'not IANA', { op: 'getCampaign', status: 200, body: ok(campaign), headers: { 'x-timezone': 'Mars/Base' } }, ['documented']],
  ['rate-limit-headers', 'present', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['rate-limit-headers', 'missing', { op: 'getCampaign', status: 200, body: ok(campaign), headers: { 'x-ratelimit-remaining': undefined } }, ['documented']],
  ['rate-limit-headers', 'remaining above limit', { op: 'getCampaign', status: 200, body: ok(campaign), headers: { 'x-ratelimit-remaining': '1001' } }, ['documented']],
  ['retry-after', 'not a 429', { op: 'sendSms', status: 200, body: {} }, 'skip'],
  ['retry-after', '429 without Retry-After', { op: 'sendSms', status: 429, body: { success: false, message: 'x', error: { code: 'RATE_LIMIT_EXCEEDED', details: 'x', retryAfter: 1 } } }, ['documented']],
  ['retry-after', '429 with both', { op: 'sendSms', status: 429, body: { success: false, message: 'x', error: { code: 'RATE_LIMIT_EXCEEDED', details: 'x', retryAfter: 1 } }, headers: { 'retry-after': '1' } }, 'pass'],
  ['retry-after', '429 disagreeing', { op: 'sendSms', status: 429, body: { success: false, message: 'x', error: { code: 'RATE_LIMIT_EXCEEDED', details: 'x', retryAfter: 30 } }, headers: { 'retry-after': '1' } }, ['inferred']],
  ['error-shape', 'Shape A where named', { op: 'getFlow', status: 404, body: shapeA }, 'pass'],
  ['error-shape', 'Shape B where A is named', { op: 'getFlow', status: 404, body: shapeB('RESOURCE_NOT_FOUND') }, ['documented']],
  ['error-shape', 'Shape A where B is named', { op: 'sendSms', status: 422, body: shapeA }, ['documented']],
  ['error-code', '401 with its code', { op: 'sendSms', status: 401, body: shapeB('MISSING_AUTH_TOKEN') }, 'pass'],
  ['error-code', '401 with another code', { op: 'sendSms', status: 401, body: shapeB('FORBIDDEN') }, ['documented']],
  ['error-code', '422 without field', { op: 'sendSms', status: 422, body: shapeB('VALIDATION_ERROR') }, ['documented']],
  ['error-code', '409 with an inferred code', { op: 'sendSms', status: 409, body: shapeB('FORBIDDEN') }, ['inferred']],
  ['expected-outcome', 'invalid request accepted', { op: 'sendSms', status: 200, body: {}, expectation: rejected(['INVALID_FORMAT'], 'phoneNumber') }, ['documented']],
  ['expected-outcome', 'invalid request, right code and field', { op: 'sendSms', status: 422, body: shapeB('INVALID_FORMAT', 'phoneNumber'), expectation: rejected(['INVALID_FORMAT'], 'phoneNumber') }, 'pass'],
  ['expected-outcome', 'invalid request, wrong code', { op: 'sendSms', status: 422, body: shapeB('VALIDATION_ERROR', 'phoneNumber'), expectation: rejected(['INVALID_FORMAT'], 'phoneNumber') }, ['documented']],
  ['expected-outcome', 'invalid request, other field', { op: 'sendSms', status: 422, body: shapeB('INVALID_FORMAT', 'message'), expectation: rejected(['INVALID_FORMAT'], 'phoneNumber') }, ['inferred']],
  ['expected-outcome', 'valid request, business error on its field', { op: 'sendSms', status: 422, body: shapeB('VALIDATION_ERROR', 'agentId'), expectation: accepted, requestJson: { agentId: 'a', phoneNumber: '+491', message: 'x' } }, 'pass'],
  ['expected-outcome', 'valid request, format rejected', { op: 'sendSms', status: 422, body: shapeB('INVALID_FORMAT', 'phoneNumber'), expectation: accepted, requestJson: { agentId: 'a', phoneNumber: '+491', message: 'x' } }, ['documented']],
  ['expected-outcome', 'valid request, 400', { op: 'sendSms', status: 400, body: shapeB('BAD_REQUEST'), expectation: accepted }, ['documented']],
  ['timestamp-offset', 'offsets', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['timestamp-offset', 'no offset', { op: 'getCampaign', status: 200, body: ok({ ...campaign, created_at: '2026-02-20T14:05:11' }) }, ['documented']],
  ['applied-zone', 'rendered in the applied zone', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'pass'],
  ['applied-zone', 'rendered in another zone', { op: 'getCampaign', status: 200, body: ok(campaign), headers: { 'x-timezone': 'Asia/Tokyo' } }, ['documented']],
  ['applied-zone', 'UTC as Z', { op: 'getCampaign', status: 200, body: ok({ ...campaign, start_date: null, created_at: '2026-02-20T13:05:11Z', updated_at: '2026-02-27T07:30:00Z' }), headers: { 'x-timezone': 'UTC' } }, 'pass'],
  ['independent-validator', 'no header', { op: 'getCampaign', status: 200, body: ok(campaign) }, 'skip'],
  ['independent-validator', 'violations', { op: 'getListing', status: 200, body: ok(campaign), headers: { 'sl-violations': JSON.stringify([{ severity: 'Error', message: 'bad' }]) } }, ['inferred']],
];

describe('exchange checks', () => {
  it.each(cases)('%s: %s', (check, _label, given, want) => {
    expect(parts(result(check, given))).toEqual(want);
  });
});
