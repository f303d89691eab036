// A finding belongs to the rule it tests (rules/catalogue.ts ownsFinding, report/rule-verdicts.ts):
// a check several rules share decides each of them only through the findings within the rule's
// aspect, and the independent validator's findings about the suite's own requests are reported
// apart (checks/independent-validator.ts), never as the target violating a rule.
import { describe, expect, it } from 'vitest';
import { aboutRequest, independentValidator, SUITE_REQUESTS } from '../../conformance/checks/independent-validator.ts';
import { runChecks } from '../../conformance/checks/run-checks.ts';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import type { Exchange } from '../../conformance/http/exchange.ts';
import { Recorder, recorder } from '../../conformance/record/recorder.ts';
import { ruleVerdicts } from '../../conformance/report/rule-verdicts.ts';
import { PARTS } from '../../conformance/target/target.ts';

const FULL = { mode: 'full' as const, parts: [...PARTS] };
const SHARED = ['errors.client-mistakes-4xx', 'endpoints.json-bodies', 'versioning.path-version', 'limits.page-sizes', 'rates.pagination'];

/** The rules among SHARED that a run with these expected-outcome failures (and passes) finds violated. */
function violatedBy(failures: Array<{ op: string; message: string }>): string[] {
  const r = new Recorder();
  for (const op of ['listActionLogs', 'listPhoneNumberRates', 'exportAnalyticsMessages', 'getFlow']) r.record({ check: 'expected-outcome', rule: 'r', operationId: op, outcome: 'pass' });
  for (const f of failures) r.record({ check: 'expected-outcome', rule: 'r', operationId: f.op, outcome: { part: 'documented', message: f.message } });
  const { tallies, findings, notes } = r.drain();
  return ruleVerdicts(tallies, findings, notes, FULL)
    .filter((v) => SHARED.includes(v.id) && v.status === 'violated')
    .map((v) => v.id)
    .sort();
}

describe('a shared check’s findings', () => {
  it('a 422 with the wrong code marks the errors rule only, not versioning or page sizes', () => {
    expect(violatedBy([{ op: 'listActionLogs', message: 'a request with a type changed (query status) got 422 VALIDATION_ERROR (field status); expected code INVALID_FORMAT' }])).toEqual(['errors.client-mistakes-4xx']);
  });

  it('a page-size case marks the page-size rules of its operation', () => {
    expect(violatedBy([{ op: 'listActionLogs', message: 'per_page = 101 (above maximum), past the bound was accepted; expected 422 VALIDATION_ERROR' }])).toEqual(['errors.client-mistakes-4xx', 'limits.page-sizes']);
    expect(violatedBy([{ op: 'listPhoneNumberRates', message: 'per_page = 201 (above maximum), past the bound was accepted; expected 422 VALIDATION_ERROR' }])).toEqual(['errors.client-mistakes-4xx', 'limits.page-sizes', 'rates.pagination']);
    // Refused, but with the wrong code: the error rules' concern, not the page size's.
    expect(violatedBy([{ op: 'listActionLogs', message: 'per_page = 0 (below minimum), past the bound got 422 RESOURCE_NOT_FOUND; expected code VALIDATION_ERROR' }])).toEqual(['errors.client-mistakes-4xx']);
    // The same case on an operation the page-size rule does not list.
    expect(violatedBy([{ op: 'getFlow', message: 'per_page = 101 (above maximum), past the bound was accepted; expected 422 VALIDATION_ERROR' }])).toEqual(['errors.client-mistakes-4xx']);
  });

  it('a documented path the target does not serve marks the version rule; a valid request refused, the JSON-bodies rule', () => {
    expect(violatedBy([{ op: 'getFlow', message: 'a valid request: the endpoint does not exist on the target (404 ENDPOINT_NOT_FOUND)' }])).toEqual(['errors.client-mistakes-4xx', 'versioning.path-version']);
    expect(violatedBy([{ op: 'getFlow', message: 'a valid request got 400 BAD_REQUEST; a valid request is accepted (2xx) or meets a documented business error' }])).toEqual(['endpoints.json-bodies', 'errors.client-mistakes-4xx']);
  });

  it('every rule keeps the findings that decide it, however many others its check recorded first', () => {
    const others = Array.from({ length: 12 }, (_, i) => ({ op: 'listActionLogs', message: `a request with a type changed (query type) got 422 VALIDATION_ERROR (field type); expected code INVALID_FORMAT #${i}` }));
    expect(violatedBy([...others, { op: 'listActionLogs', message: 'per_page = 0 (below minimum), past the bound was accepted; expected 422 VALIDATION_ERROR' }])).toEqual(['errors.client-mistakes-4xx', 'limits.page-sizes']);
  });
});

describe('the independent validator', () => {
  const contract = loadSuiteContract();
  const op = contract.operations.find((o) => o.operationId === 'listActionLogs');
  if (!op) throw new Error('no listActionLogs');

  function judged(violations: unknown[], expectation?: Exchange['expectation']) {
    const ex: Exchange = {
      request: { operationId: 'listActionLogs', method: 'GET', url: 'http://127.0.0.1:1/api/v1/logs/actions?per_page=0', headers: {} },
      response: { status: 422, headers: { 'content-type': 'application/json', 'sl-violations': JSON.stringify(violations) }, text: '{}' },
      sentAt: 0,
      receivedAt: 1,
      ...(expectation ? { expectation } : {}),
    };
    return runChecks(contract, op as NonNullable<typeof op>, ex, (check) => check === independentValidator.name).find((r) => r.check === independentValidator.name);
  }

  it('reports what Prism finds in the suite’s requests apart, never as the target’s violation', () => {
    const request = { location: ['request', 'query', 'per_page'], severity: 'Error', message: 'must be >= 1' };
    expect(aboutRequest(request)).toBe(true);
    recorder.drain();
    const rejected: Exchange['expectation'] = { kind: 'rejected', part: 'documented', rule: 'r', what: 'per_page = 0 (below minimum), past the bound', statuses: [422] };
    expect(judged([request], rejected)?.result).toBe('skip');
    expect(judged([request], { kind: 'accepted', part: 'documented', rule: 'r', what: 'the contract example' })?.result).toBe('skip');
    const notes = recorder.drain().notes.filter((n) => n.area === SUITE_REQUESTS).map((n) => n.message);
    expect(notes).toEqual([
      'listActionLogs: Prism finds the suite\u2019s deliberately invalid requests invalid, as intended',
      'listActionLogs: a request the suite meant as valid (the contract example) breaks the contract, says Prism: query.per_page: must be >= 1',
    ]);
  });

  it('judges what Prism finds in the answer as the target’s', () => {
    const result = judged([{ location: ['request', 'query', 'per_page'], severity: 'Error', message: 'must be >= 1' }, { location: ['response', 'body', 'data'], severity: 'Error', message: 'must be array' }])?.result;
    expect(result).toEqual([{ message: 'Prism reports: body.data: must be array', part: op?.contract }]);
  });
});
