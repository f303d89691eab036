// Every operation the mode allows, with the contract's own examples and with requests generated
// from its schemas (seed "Endpoints"): a valid request is accepted (2xx) or meets a documented
// business error, and every exchange passes every exchange check. Path ids are real (listed by
// the target, or created by the suite first) or made up, and each calls for its own outcome:
// real ones never 404, a made-up one 404 (seed "Errors").
import fc from 'fast-check';
import { afterAll, beforeAll, describe } from 'vitest';
import { anchor, examplePlan, validPlanArbitrary } from '../arbitraries/request.ts';
import { expectedOutcome } from '../checks/expected-outcome.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { cleanUp, discoverIds } from '../discovery/discover.ts';
import { IdPool } from '../discovery/id-pool.ts';
import { idParams } from '../discovery/id-sources.ts';
import { type IdContext, realIdGap, tagRequest, withIds, withRandomIds } from '../discovery/request-ids.ts';
import { allMadeUp, allReal, idChoicesArbitrary } from '../discovery/tag-ids.ts';
import type { Expectation } from '../http/exchange.ts';
import { runProperty } from '../record/property.ts';
import { recorder } from '../record/recorder.ts';
import { conformanceTest, planOptions, sendAndClean, suite } from './context.ts';

const { operations, contract, target, profile, client } = suite();
const ids: IdContext = { client, contract, target, pool: new IdPool() };

function accepted(op: SuiteOperation, what: string): Expectation {
  return { kind: 'accepted', part: op.contract, rule: 'seed "Endpoints": a valid request is accepted or meets a documented business error', what };
}

/** Records why an operation's real-id expectation cannot be decided in this run (once per operation). */
function noteMissingIds(op: SuiteOperation): void {
  const params = idParams(contract, op);
  for (const param of params) {
    if (!param.source) recorder.note(op.operationId, `the contract names no list or create for the path id ${param.name}: only made-up ids are sent (404 expected)`);
  }
  const gap = realIdGap(ids, op, params);
  if (!gap) return;
  if (gap.notRun) {
    // Not applicable by design (the mode, or a data-file key not given): said, never passed silently.
    recorder.record({ check: expectedOutcome.name, rule: expectedOutcome.rule, operationId: op.operationId, outcome: 'skip' });
    recorder.note(expectedOutcome.name, `${op.operationId} with real ids: ${gap.notRun}`);
    return;
  }
  recorder.record({ check: expectedOutcome.name, rule: expectedOutcome.rule, operationId: op.operationId, outcome: { inconclusive: `real ids: ${gap.reason}` } });
}

describe('operations', () => {
  beforeAll(async () => {
    ids.pool = await discoverIds(ids, operations);
  });
  afterAll(async () => {
    await cleanUp(ids, ids.pool);
  });

  for (const op of operations) {
    const params = idParams(contract, op);
    conformanceTest(`${op.operationId}: contract examples`, async () => {
      noteMissingIds(op);
      const count = Math.max(1, op.body?.examples.length ?? 0);
      for (let i = 0; i < count; i++) {
        const { plan, unsafe } = anchor(op, examplePlan(op, i), target);
        if (unsafe) {
          recorder.note(op.operationId, unsafe);
          continue;
        }
        const tagged = await tagRequest(ids, op, params, plan, allReal(params));
        await sendAndClean({ ...planOptions(op, tagged.plan), expectation: withIds(ids, op, accepted(op, `example request ${i + 1}`), tagged) });
        if (i > 0 || params.length === 0 || tagged.ids.some((t) => t.origin === 'made-up')) continue;
        // The same request with ids the target cannot know.
        const madeUp = await tagRequest(ids, op, params, withRandomIds(params, plan), allMadeUp(params));
        await sendAndClean({ ...planOptions(op, madeUp.plan), expectation: withIds(ids, op, accepted(op, 'example request 1'), madeUp) });
      }
    });

    conformanceTest(`${op.operationId}: generated valid requests`, async () => {
      await runProperty(
        `${op.operationId}: generated valid requests`,
        fc.tuple(validPlanArbitrary(contract, op), idChoicesArbitrary(params)),
        async ([generated, choices]) => {
          const { plan, unsafe } = anchor(op, generated, target);
          if (unsafe) {
            recorder.note(op.operationId, unsafe);
            return;
          }
          const tagged = await tagRequest(ids, op, params, plan, choices);
          await sendAndClean({ ...planOptions(op, tagged.plan), expectation: withIds(ids, op, accepted(op, 'a generated valid request'), tagged) });
        },
        { numRuns: profile.validRuns, endOnFailure: profile.endOnFailure },
      );
    });
  }
});
