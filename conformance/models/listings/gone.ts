// What a request on a deleted listing must show (seed "Other statuses": "Deleting a listing
// removes the listing campaign"): the listing, its report and its campaign answer 404, and so does
// a second delete.
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { requireRule } from '../../record/rule.ts';
import { expectStatus } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { LISTING_DELETE_REMOVES_CAMPAIGN } from './model.ts';

export function requireGone(op: SuiteOperation, answer: Answer, what: string): void {
  requireRule(LISTING_DELETE_REMOVES_CAMPAIGN, op.operationId, expectStatus(answer, op, what, 404, ['RESOURCE_NOT_FOUND']), answer);
}

/** Sends `operationId` for `uuid` (no body) and requires the 404. */
export async function expectGone(real: Real, operationId: string, uuid: string, what: string): Promise<void> {
  const op = real.client.op(operationId);
  requireGone(op, await real.client.send({ op, pathParams: { uuid } }), what);
}
