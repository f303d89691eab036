// UUIDs name records whatever their letter case (RFC 9562 section 4: a UUID is compared as a
// number; its hex digits may be written in either case; the contract's design, inferred). For every
// read (GET) whose path names a record by a real UUID the suite found, the same read with the UUID
// in upper case answers as the lower-case one does. Reads are safe in every mode.
import type { RequestPlan } from '../arbitraries/request.ts';
import { anchor, examplePlan } from '../arbitraries/request.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { idParams } from '../discovery/id-sources.ts';
import { type IdContext, noRealIds, tagRequest } from '../discovery/request-ids.ts';
import { allReal } from '../discovery/tag-ids.ts';
import { notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { suite } from '../suite/context.ts';
import { describeAnswer, isSuccess } from './verdicts.ts';

export const UUID_CASE: RuleCheck = {
  name: 'uuid-case-insensitive',
  rule: 'UUIDs match regardless of letter case: a record read by the upper-case form of its UUID answers as by the lower-case form (the contract\u2019s design)',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function upperCased(plan: RequestPlan): RequestPlan | undefined {
  const pathParams = Object.fromEntries(Object.entries(plan.pathParams).map(([name, value]) => [name, UUID.test(value) ? value.toUpperCase() : value]));
  const changed = Object.entries(pathParams).some(([name, value]) => value !== plan.pathParams[name]);
  return changed ? { ...plan, pathParams } : undefined;
}

/** The reads this rule can try: GET operations with a path id. */
export function uuidCaseOperations(operations: readonly SuiteOperation[]): SuiteOperation[] {
  return operations.filter((op) => op.method === 'GET' && op.parameters.some((p) => p.in === 'path'));
}

export async function checkUuidCase(ids: IdContext, op: SuiteOperation): Promise<void> {
  const { client, contract, target } = suite();
  const params = idParams(contract, op);
  const missing = noRealIds(ids, op, params);
  if (missing) return notApplicable(UUID_CASE, op.operationId, missing);
  const tagged = await tagRequest(ids, op, params, anchor(op, examplePlan(op), target).plan, allReal(params));
  const upper = upperCased(tagged.plan);
  if (!upper) return notApplicable(UUID_CASE, op.operationId, 'the real ids of its path are not UUIDs');
  const lower = await client.send({ op, pathParams: tagged.plan.pathParams, query: tagged.plan.query });
  if (!isSuccess(lower)) return notApplicable(UUID_CASE, op.operationId, `the read by the lower-case UUID answered ${describeAnswer(lower)}`);
  const answer = await client.send({ op, pathParams: upper.pathParams, query: upper.query });
  const same = answer.response?.status === lower.response?.status;
  recordRule(
    UUID_CASE,
    op.operationId,
    same ? true : { message: `the read by the upper-case UUID answered ${describeAnswer(answer)} where the lower-case one answered ${describeAnswer(lower)}`, part: 'inferred' },
    answer,
  );
}
