// Every operation the mode allows, with the contract's own examples and with requests generated
// from its schemas (seed "Endpoints"): a valid request is accepted (2xx) or meets a documented
// business error, and every exchange passes every exchange check.
import { describe } from 'vitest';
import { anchor, examplePlan, validPlanArbitrary } from '../arbitraries/request.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Expectation } from '../http/exchange.ts';
import { runProperty } from '../record/property.ts';
import { recorder } from '../record/recorder.ts';
import { conformanceTest, planOptions, sendAndClean, suite } from './context.ts';

const { operations, contract, target, profile } = suite();

function accepted(op: SuiteOperation, what: string): Expectation {
  return { kind: 'accepted', part: op.contract, rule: 'seed "Endpoints": a valid request is accepted or meets a documented business error', what };
}

describe('operations', () => {
  for (const op of operations) {
    conformanceTest(`${op.operationId}: contract examples`, async () => {
      const count = Math.max(1, op.body?.examples.length ?? 0);
      for (let i = 0; i < count; i++) {
        const { plan, unsafe } = anchor(op, examplePlan(op, i), target);
        if (unsafe) {
          recorder.note(op.operationId, unsafe);
          continue;
        }
        await sendAndClean({ ...planOptions(op, plan), expectation: accepted(op, `example request ${i + 1}`) });
      }
    });

    conformanceTest(`${op.operationId}: generated valid requests`, async () => {
      await runProperty(
        `${op.operationId}: generated valid requests`,
        validPlanArbitrary(contract, op),
        async (generated) => {
          const { plan, unsafe } = anchor(op, generated, target);
          if (unsafe) {
            recorder.note(op.operationId, unsafe);
            return;
          }
          await sendAndClean({ ...planOptions(op, plan), expectation: accepted(op, 'a generated valid request') });
        },
        { numRuns: profile.validRuns, endOnFailure: profile.endOnFailure },
      );
    });
  }
});
