// Invalid requests must be rejected with the right 4xx (seed "Errors"): generated invalid data
// (a required field removed, a type changed, a bound or format broken, a malformed uuid) gets 422
// with its code and field; boundary values are accepted at the bound and rejected past it;
// malformed JSON gets 400. Never 2xx, never 5xx. An unknown identifier in the action log's
// conversation, session or contact filter gets 404.
import { afterAll, beforeAll, describe } from 'vitest';
import { boundaryCases } from '../arbitraries/boundaries.ts';
import { invalidRequestArbitrary, mutationsOf } from '../arbitraries/invalid-request.ts';
import { type Mutation, PHONE_WITHOUT_PLUS } from '../arbitraries/mutations.ts';
import { anchor, examplePlan } from '../arbitraries/request.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { cleanUp, discoverIds } from '../discovery/discover.ts';
import { IdPool } from '../discovery/id-pool.ts';
import { idParams } from '../discovery/id-sources.ts';
import { type IdContext, tagRequest, withIds } from '../discovery/request-ids.ts';
import { allReal } from '../discovery/tag-ids.ts';
import type { Expectation } from '../http/exchange.ts';
import { runProperty } from '../record/property.ts';
import { recorder } from '../record/recorder.ts';
import { checkUnknownFilters } from '../rules/logs.ts';
import { checkUuidCase, uuidCaseOperations } from '../rules/uuid-case.ts';
import { conformanceTest, planOptions, sendAndClean, suite } from './context.ts';

const { operations, contract, target, profile, client } = suite();
// Values at a bound are sent about real resources (listed by the target or created by the suite),
// so the bound is what the answer is about: a 404 there would hide it.
const ids: IdContext = { client, contract, target, pool: new IdPool() };
const RULE = 'seed "Errors": 422 for validation failures (VALIDATION_ERROR, INVALID_FORMAT, INVALID_UUID with field), 400 for malformed JSON';

/** A real server may look the resource up before it validates the body: 404 is then a fair answer too. */
function rejectionStatuses(op: SuiteOperation, location: string): number[] {
  const lookupFirst = !target.isMock && location !== 'path' && op.parameters.some((p) => p.in === 'path');
  return lookupFirst ? [422, 404] : [422];
}

/** What a request with one mutation must get: the 4xx, code and field of its fault. */
function rejected(op: SuiteOperation, mutation: Mutation): Expectation {
  return {
    kind: 'rejected',
    part: mutation.part,
    codePart: mutation.codePart,
    rule: RULE,
    what: `a request with ${mutation.describe}`,
    statuses: rejectionStatuses(op, mutation.location),
    codes: mutation.codes,
    field: mutation.field,
  };
}

describe('negative', () => {
  beforeAll(async () => {
    ids.pool = await discoverIds(ids, operations);
  });
  afterAll(async () => {
    await cleanUp(ids, ids.pool);
  });

  for (const op of operations) {
    conformanceTest(`${op.operationId}: generated invalid requests`, async () => {
      await runProperty(
        `${op.operationId}: generated invalid requests`,
        invalidRequestArbitrary(contract, op, target),
        async (mutation) => {
          if (mutation === null) return;
          await sendAndClean({ ...planOptions(op, mutation.plan), expectation: rejected(op, mutation) });
        },
        { numRuns: profile.invalidRuns, endOnFailure: profile.endOnFailure },
      );
    });

    conformanceTest(`${op.operationId}: boundary values`, async () => {
      const { plan: base, unsafe } = anchor(op, examplePlan(op), target);
      const cases = boundaryCases(contract, op, base).slice(0, profile.maxBoundaries);
      for (const c of cases) {
        if (c.valid && unsafe) {
          recorder.note(op.operationId, unsafe);
          continue;
        }
        const expectation: Expectation = c.valid
          ? { kind: 'accepted', part: c.part, rule: 'seed "Endpoints": a value at a stated bound is valid', what: `${c.describe}, at the bound` }
          : { kind: 'rejected', part: c.part, codePart: 'inferred', rule: RULE, what: `${c.describe}, past the bound`, statuses: rejectionStatuses(op, 'body'), codes: c.codes, field: c.field };
        if (!c.valid) {
          await sendAndClean({ ...planOptions(op, c.plan), expectation });
          continue;
        }
        const params = idParams(contract, op);
        const tagged = await tagRequest(ids, op, params, anchor(op, c.plan, target).plan, allReal(params));
        await sendAndClean({ ...planOptions(op, tagged.plan), expectation: withIds(ids, op, expectation, tagged) });
      }
    });

    // Seed "Errors": E.164 is `+` then up to 15 digits. Every phone number of the example body
    // without its `+` (generated mutations pick one at random; this tries each, every run).
    const example = anchor(op, examplePlan(op), target);
    const withoutPlus = example.unsafe ? [] : mutationsOf(contract, op, example.plan).filter((m) => m.kind === 'bad-format' && m.describe.includes(PHONE_WITHOUT_PLUS));
    if (withoutPlus.length > 0) {
      conformanceTest(`${op.operationId}: phone numbers without their +`, async () => {
        for (const mutation of withoutPlus) await sendAndClean({ ...planOptions(op, mutation.plan), expectation: rejected(op, mutation) });
      });
    }

    if (op.body) {
      conformanceTest(`${op.operationId}: malformed JSON`, async () => {
        const { plan } = anchor(op, examplePlan(op), target);
        const expectation: Expectation = {
          kind: 'rejected',
          part: op.contract,
          codePart: 'inferred',
          rule: 'seed "Errors": 400 for a malformed request or invalid JSON',
          what: 'a body that is not valid JSON',
          statuses: [400],
          codes: ['BAD_REQUEST'],
        };
        await sendAndClean({ ...planOptions(op, { ...plan, body: undefined }), rawBody: '{"to": "+4915112345678", ', expectation });
      });
    }
  }

  conformanceTest('the action log filters give 404 for unknown identifiers', () => checkUnknownFilters());

  conformanceTest('UUIDs in a path name the same record in upper case', async () => {
    for (const op of uuidCaseOperations(operations)) await checkUuidCase(ids, op);
  });
});
