// Generated invalid requests: a generated valid request (anchored to the workspace) with one
// mutation, chosen by fast-check among every mutation the contract's validator rejects for that
// field alone (one fault per request, so the expected code and field are unambiguous).
import fc from 'fast-check';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Target } from '../target/target.ts';
import { bodyFields, parameterFields } from './field-specs.ts';
import { fieldMutations, type Mutation, unknownFieldMutation } from './mutations.ts';
import { judgeRequest } from './rejection.ts';
import { anchor, type RequestPlan, validPlanArbitrary } from './request.ts';

export function mutationsOf(contract: SuiteContract, op: SuiteOperation, base: RequestPlan): Mutation[] {
  const specs = [...parameterFields(op, base), ...bodyFields(contract, op, base.body)];
  const all = specs.flatMap((spec) => fieldMutations(base, spec));
  const unknown = op.body ? unknownFieldMutation(base) : undefined;
  if (unknown) all.push(unknown);
  const out: Mutation[] = [];
  for (const m of all) {
    const verdict = judgeRequest(op, m.plan, m.location, m.segments);
    if (verdict) out.push({ ...m, codes: verdict.codes });
  }
  return out;
}

/** A generated invalid request, or null when the generated request has no mutation to offer. */
export function invalidRequestArbitrary(contract: SuiteContract, op: SuiteOperation, target: Target): fc.Arbitrary<Mutation | null> {
  return fc.tuple(validPlanArbitrary(contract, op), fc.nat()).map(([generated, pick]) => {
    const { plan, unsafe } = anchor(op, generated, target);
    if (unsafe) return null;
    const mutations = mutationsOf(contract, op, plan);
    return mutations.length === 0 ? null : (mutations[pick % mutations.length] as Mutation);
  });
}
