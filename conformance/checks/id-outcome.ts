// The outcome a valid request's path ids call for (seed "Errors": 404 for an unknown resource):
// with a made-up id, 404 in the error shape the contract names for the operation's 404; with only
// real ids (listed by the target or created by the suite), 2xx or a business error the request's
// own state explains, never 404 (unless its body names a uuid the suite made up).
import { describeIds, type IdTag } from '../discovery/tag-ids.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CheckContext, CheckResult } from './check.ts';
import { violation } from './check.ts';
import { shapeOf } from './error-shape.ts';

type Accepted = Extract<NonNullable<Exchange['expectation']>, { kind: 'accepted' }>;

/** The verdict on the ids of an accepted request; undefined when the general rules decide. */
export function idOutcome(e: Accepted, ex: Exchange & { response: NonNullable<Exchange['response']> }, ctx: CheckContext, got: string): CheckResult | undefined {
  const ids: IdTag[] = e.ids ?? [];
  if (ids.length === 0) return undefined;
  const { status } = ex.response;
  const madeUp = ids.filter((t) => t.origin === 'made-up');
  if (madeUp.length > 0) {
    if (status !== 404) return violation(`${e.what} with the made-up ${describeIds(madeUp)} got ${got}; an unknown resource is answered 404`, e.part);
    const expected = ctx.documented?.shape ?? 'B';
    const actual = shapeOf(ctx.json);
    if (actual !== expected) {
      return violation(`${e.what} with the made-up ${describeIds(madeUp)} got a 404 ${actual ? `in Shape ${actual}` : 'in neither error shape'}; the contract names Shape ${expected} for ${ctx.op.operationId}`, ctx.documented?.label ?? e.part);
    }
    return 'pass';
  }
  const real = `the real ${describeIds(ids)}`;
  if (status === 404 && (e.references?.length ?? 0) === 0) {
    return violation(`${e.what} with ${real} got ${got}; a resource the target listed or the suite created is not unknown`, e.part);
  }
  if (status === 409 && !ctx.op.responses.has(409)) {
    return violation(`${e.what} with ${real} got 409, a state conflict the contract does not document for ${ctx.op.operationId}`, e.part);
  }
  return undefined;
}
