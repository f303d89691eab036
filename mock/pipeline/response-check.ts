// With `validateResponses`, every response the mock sends is checked against the contract:
// a documented status, a body matching its schema, and the headers every response carries.
import type { OperationInfo } from '../contract/operation-table.ts';
import type { MockResponse } from '../core/types.ts';

export function checkResponse(op: OperationInfo, response: MockResponse): string | undefined {
  if (!op.statuses.has(response.status)) return `status ${response.status} is not documented`;
  for (const header of ['x-timezone', 'x-ratelimit-limit', 'x-ratelimit-remaining']) {
    if (response.headers[header] === undefined) return `header ${header} is missing`;
  }
  if (response.status === 429 && response.headers['retry-after'] === undefined) return 'a 429 without Retry-After';
  const validate = op.responseValidator(response.status);
  if (!validate) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'the body is not JSON';
  }
  if (!validate(body)) {
    return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  }
  return undefined;
}
