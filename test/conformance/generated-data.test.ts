// The suite's generated data: valid requests built from the contract's schemas validate against
// the contract; each invalid variant is rejected by the contract for its one broken field, with
// the code the seed gives (INVALID_UUID, INVALID_FORMAT for E.164, VALIDATION_ERROR); boundary
// values sit at and just past each stated bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryCases } from '../../conformance/arbitraries/boundaries.ts';
import { mutationsOf } from '../../conformance/arbitraries/invalid-request.ts';
import { judgeRequest } from '../../conformance/arbitraries/rejection.ts';
import { examplePlan, type RequestPlan, validPlanArbitrary } from '../../conformance/arbitraries/request.ts';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import type { SuiteOperation } from '../../conformance/contract/operation.ts';

const contract = loadSuiteContract();
const op = (id: string) => contract.byId.get(id) as SuiteOperation;

function planValid(o: SuiteOperation, plan: RequestPlan): boolean {
  for (const p of o.parameters) {
    if ((p.in !== 'path' && p.in !== 'query') || p.name === 'timezone') continue;
    const raw = p.in === 'path' ? plan.pathParams[p.name] : plan.query[p.name];
    if (raw === undefined) {
      if (p.required) return false;
      continue;
    }
    if (!p.validate({ v: p.isArray ? (Array.isArray(raw) ? [...raw] : [raw]) : raw })) return false;
  }
  const validate = o.body?.validate();
  return validate === undefined || (plan.body !== undefined && Boolean(validate(plan.body))) || (!o.body?.required && plan.body === undefined);
}

describe('generated valid requests', () => {
  it('validate against the contract for every operation', () => {
    for (const o of contract.operations) {
      for (const plan of fc.sample(validPlanArbitrary(contract, o), { numRuns: 25, seed: 42 })) {
        expect(planValid(o, plan), `${o.operationId}: ${JSON.stringify(plan).slice(0, 300)}`).toBe(true);
      }
    }
  });

  it('are generated from the schemas, not only taken from the examples', () => {
    for (const id of ['sendSms', 'sendEmailMessage', 'startCall', 'updateCampaign', 'listActionLogs', 'createBuilder']) {
      const o = op(id);
      const examples = new Set((o.body?.examples ?? []).map((e) => JSON.stringify(e)));
      const fresh = fc.sample(validPlanArbitrary(contract, o), { numRuns: 30, seed: 3 }).filter((p) => !examples.has(JSON.stringify(p.body)));
      expect(fresh.length, id).toBeGreaterThan(10);
    }
  });
});

describe('invalid variants', () => {
  it('are each rejected by the contract for the field they break', () => {
    for (const o of contract.operations) {
      for (const m of mutationsOf(contract, o, examplePlan(o))) {
        const verdict = judgeRequest(o, m.plan, m.location, m.segments);
        expect(verdict, `${o.operationId}: ${m.describe}`).toBeDefined();
        expect(m.codes).toEqual(verdict?.codes);
      }
    }
  });

  it('name the seed codes for a missing field, a broken E.164 number and a malformed uuid', () => {
    const sms = mutationsOf(contract, op('sendSms'), examplePlan(op('sendSms')));
    const find = (kind: string, field: string) => sms.find((m) => m.kind === kind && m.field === field);
    expect(find('missing-required', 'phoneNumber')?.codes).toEqual(['VALIDATION_ERROR']);
    expect(find('bad-format', 'phoneNumber')?.codes).toEqual(['INVALID_FORMAT']);
    expect(find('malformed-uuid', 'agentId')?.codes).toEqual(['INVALID_UUID']);
    expect(find('unknown-field', 'unexpected_field')?.codes).toEqual(['VALIDATION_ERROR']);
    const flow = mutationsOf(contract, op('getFlow'), examplePlan(op('getFlow')));
    expect(flow.filter((m) => m.kind === 'malformed-uuid').map((m) => [m.location, m.field, m.codes])).toContainEqual(['path', 'uuid', ['INVALID_UUID']]);
  });

  it('allow either code when one value breaks two rules (an empty string under minLength and a pattern)', () => {
    const o = op('writeBuilderFile');
    const plan = examplePlan(o);
    const verdict = judgeRequest(o, { ...plan, body: { ...(plan.body as object), path: '' } }, 'body', ['path']);
    expect(verdict?.codes.sort()).toEqual(['INVALID_FORMAT', 'VALIDATION_ERROR']);
  });

  it('are dropped when the change breaks a second rule elsewhere (not one fault)', () => {
    const o = op('sendEmailMessage');
    const plan = examplePlan(o, 1);
    // `from` and `email_address_uuid` together break the body's `not`, outside the `from` field.
    const both = { ...(plan.body as object), from: 'not-an-address', email_address_uuid: '3f0c6d52-6a4e-4b8e-9d0a-1c2b3d4e5f60' };
    expect(judgeRequest(o, { ...plan, body: both }, 'body', ['from'])).toBeUndefined();
  });
});

describe('boundary values', () => {
  it('cover the seed bounds of the action log page size (1..100)', () => {
    const o = op('listActionLogs');
    const cases = boundaryCases(contract, o, examplePlan(o)).filter((c) => c.field === 'per_page');
    expect(cases.map((c) => [c.plan.query.per_page, c.valid])).toEqual([
      ['1', true],
      ['0', false],
      ['100', true],
      ['101', false],
    ]);
  });

  it('cover string and array bounds of a body, valid at the bound and invalid past it', () => {
    const o = op('sendEmailMessage');
    const cases = boundaryCases(contract, o, examplePlan(o));
    const validate = o.body?.validate();
    for (const c of cases) expect(Boolean(validate?.(c.plan.body)), c.describe).toBe(c.valid);
    const subject = cases.filter((c) => c.field === 'subject').map((c) => [(c.plan.body as { subject: string }).subject.length, c.valid]);
    expect(subject).toEqual([
      [1, true],
      [0, false],
      [998, true],
      [999, false],
    ]);
    expect(cases.some((c) => c.field === 'attachments' && !c.valid && (c.plan.body as { attachments: unknown[] }).attachments.length === 11)).toBe(true);
  });
});
