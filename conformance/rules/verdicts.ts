// Shared ways of judging an answer in the rule checks: the status and Shape B code it got.
import { shapeOf } from '../checks/error-shape.ts';
import type { Part, SuiteOperation } from '../contract/operation.ts';
import type { Answer } from '../http/client.ts';
import type { RuleVerdict } from '../record/rule.ts';

export function errorCodeOf(answer: Answer): string | undefined {
  if (shapeOf(answer.json) !== 'B') return undefined;
  return (answer.json as { error: { code: string } }).error.code;
}

export function describeAnswer(answer: Answer): string {
  if (!answer.response) return `no response (${answer.transportError ?? 'unknown'})`;
  const code = errorCodeOf(answer);
  return `${answer.response.status}${code ? ` ${code}` : ''}`;
}

export function isSuccess(answer: Answer): boolean {
  const status = answer.response?.status ?? 0;
  return status >= 200 && status < 300;
}

/**
 * Expects `status` (and one of `codes` when the body is Shape B). A 404 ENDPOINT_NOT_FOUND on an
 * inferred operation means the guessed endpoint does not exist: a warning, not a failure.
 */
export function expectStatus(answer: Answer, op: SuiteOperation, what: string, status: number, codes: string[] | undefined, part: Part = 'documented'): RuleVerdict {
  const got = answer.response?.status;
  const code = errorCodeOf(answer);
  if (got === status && (codes === undefined || code === undefined || codes.includes(code))) return true;
  if (got === 404 && code === 'ENDPOINT_NOT_FOUND' && op.contract === 'inferred') {
    return { message: `${what}: the endpoint does not exist on the target (${describeAnswer(answer)})`, part: 'inferred' };
  }
  return { message: `${what}: expected ${status}${codes ? ` ${codes.join(' or ')}` : ''}, got ${describeAnswer(answer)}`, part };
}
