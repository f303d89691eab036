// Severity follows the label of the part a finding is about: the suite resolves each part's label
// with contract/labels.ts (the operation's inherited, a use site's own label winning, a constraint
// keyword's own label in x-contract-constraints), and the run's threshold (--fail-on) decides
// which labels fail and which warn. A rule that cannot be decided is recorded as inconclusive.
import { afterEach, describe, expect, it } from 'vitest';
import { createContractAjv } from '../../contract/ajv.ts';
import type { Label } from '../../contract/labels.ts';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { listOperations } from '../../contract/operations.ts';
import { bodyFields, parameterFields } from '../../conformance/arbitraries/field-specs.ts';
import { fieldMutations } from '../../conformance/arbitraries/mutations.ts';
import type { SuiteContract } from '../../conformance/contract/load.ts';
import { describeOperation } from '../../conformance/contract/operation.ts';
import { recorder } from '../../conformance/record/recorder.ts';
import { inconclusive, RuleFailure, recordRule, requireRule } from '../../conformance/record/rule.ts';
import { DEFAULT_FAIL_ON, labelsBy, severityOf, weaker } from '../../conformance/record/severity.ts';

const json = (schema: unknown) => ({ description: 'ok', content: { 'application/json': { schema } } });

const doc = {
  openapi: '3.1.0',
  info: { title: 'labels', version: '1' },
  paths: {
    '/coaches': {
      parameters: [{ $ref: '#/components/parameters/Timezone' }],
      post: {
        operationId: 'createCoach',
        'x-contract': 'documented',
        parameters: [
          { $ref: '#/components/parameters/Page' },
          { $ref: '#/components/parameters/Limit', 'x-contract': 'inferred' },
          { name: 'sort', in: 'query', schema: { type: 'string', 'x-contract': 'published' } },
          { $ref: '#/components/parameters/From' },
          { $ref: '#/components/parameters/To', 'x-contract-constraints': { published: ['required'] } },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CoachCreate' } } } },
        responses: {
          '201': json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Coach' } } }),
          '409': { $ref: '#/components/responses/Conflict' },
        },
      },
    },
    '/calls': {
      get: {
        operationId: 'listCalls',
        'x-contract': 'published',
        responses: { '200': json({ type: 'object', properties: { data: { type: 'object', properties: { status: { type: 'string' }, legacy: { type: 'string', 'x-contract': 'inferred' } } } } }) },
      },
    },
  },
  components: {
    parameters: {
      Timezone: { name: 'timezone', in: 'query', schema: { type: 'string' } },
      Page: { name: 'page', in: 'query', 'x-contract': 'published', schema: { type: 'integer', minimum: 1 } },
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } },
      From: { name: 'from', in: 'query', required: true, 'x-contract': 'published', 'x-contract-constraints': { inferred: ['required'] }, schema: { type: 'string' } },
      To: { name: 'to', in: 'query', required: true, 'x-contract': 'published', 'x-contract-constraints': { inferred: ['required'] }, schema: { type: 'string' } },
    },
    responses: {
      Conflict: { description: 'conflict', 'x-contract': 'inferred', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } },
    },
    schemas: {
      CoachCreate: {
        type: 'object',
        required: ['name', 'coaching_tone'],
        'x-contract-constraints': { inferred: ['required'] },
        properties: {
          name: { type: 'string', maxLength: 255 },
          coaching_tone: { type: 'string', 'x-contract': 'published', maxLength: 100, 'x-contract-constraints': { documented: ['maxLength'] } },
          is_active: { type: 'boolean', 'x-contract': 'published' },
          rule: { type: 'object', 'x-contract': 'inferred', properties: { max_calls_per_day: { type: 'integer', 'x-contract': 'published' }, note: { type: 'string' } } },
        },
      },
      Coach: { type: 'object', properties: { uuid: { type: 'string' }, is_default: { type: 'boolean', 'x-contract': 'published' } } },
    },
  },
} as unknown as OpenApiDocument;

// Body and response schemas are compiled only when a check runs, so this document's constraint labels never reach Ajv here.
const ajv = createContractAjv(doc);
const coercing = createContractAjv(doc, { coerceTypes: true });
const ops = new Map(listOperations(doc).map((op) => [op.operationId, describeOperation(doc, op, ajv, coercing)]));
const create = ops.get('createCoach');
const calls = ops.get('listCalls');
if (!create || !calls) throw new Error('the test document has two operations');

describe('each part resolves to its own label', () => {
  const parameter = (name: string) => create.parameters.find((p) => p.name === name);
  const cases: Array<[part: string, got: () => Label | undefined, want: Label]> = [
    ['the operation', () => create.contract, 'documented'],
    ['a path-level parameter without a label: the operation’s', () => parameter('timezone')?.label, 'documented'],
    ['a parameter component labelled published', () => parameter('page')?.label, 'published'],
    ['a $ref use site labelled inferred over an unlabelled component', () => parameter('limit')?.label, 'inferred'],
    ['a parameter whose schema is labelled', () => parameter('sort')?.label, 'published'],
    ['a constraint of a labelled parameter', () => parameter('page')?.constraintLabel('minimum'), 'published'],
    ['a designed required on a published parameter', () => parameter('from')?.requiredLabel, 'inferred'],
    ['that parameter itself', () => parameter('from')?.label, 'published'],
    ['a use site labelling the required of its component', () => parameter('to')?.requiredLabel, 'published'],
    ['a parameter without a required label: its own', () => parameter('page')?.requiredLabel, 'published'],
    ['an unlabelled body property: the operation’s', () => create.body?.labelAt(['name']), 'documented'],
    ['a body property labelled published', () => create.body?.labelAt(['is_active']), 'published'],
    ['a documented constraint inside a published property', () => create.body?.labelAt(['coaching_tone'], 'maxLength'), 'documented'],
    ['that published property itself', () => create.body?.labelAt(['coaching_tone']), 'published'],
    ['a constraint without its own label: the property’s', () => create.body?.labelAt(['name'], 'maxLength'), 'documented'],
    ['a published property inside an inferred object', () => create.body?.labelAt(['rule', 'max_calls_per_day']), 'published'],
    ['an unlabelled property inside an inferred object', () => create.body?.labelAt(['rule', 'note']), 'inferred'],
    ['a response property labelled published', () => create.responses.get(201)?.labelAt(['data', 'is_default']), 'published'],
    ['an unlabelled response property', () => create.responses.get(201)?.labelAt(['data', 'uuid']), 'documented'],
    ['a shared response labelled inferred', () => create.responses.get(409)?.label, 'inferred'],
    ['a property of that response', () => create.responses.get(409)?.labelAt(['message']), 'inferred'],
    ['a published operation', () => calls.contract, 'published'],
    ['its unlabelled response property', () => calls.responses.get(200)?.labelAt(['data', 'status']), 'published'],
    ['its inferred response property', () => calls.responses.get(200)?.labelAt(['data', 'legacy']), 'inferred'],
  ];
  it.each(cases)('%s', (_part, got, want) => {
    expect(got()).toBe(want);
  });
});

describe('a missing required field is judged by the label of its being required', () => {
  const contract = { doc, ajv, coercing, operations: [...ops.values()], byId: ops } as SuiteContract;
  const plan = { pathParams: {}, query: { from: '2026-11-01', to: '2026-11-02' }, body: { name: 'Coach', coaching_tone: 'warm' } };
  const missing = (specs: ReturnType<typeof bodyFields>, field: string) =>
    specs.flatMap((spec) => fieldMutations(plan, spec)).find((m) => m.kind === 'missing-required' && m.field === field);
  it.each([
    ['a designed required on a published query parameter', () => missing(parameterFields(create, plan), 'from')?.part, 'inferred'],
    ['a published required at the use site', () => missing(parameterFields(create, plan), 'to')?.part, 'published'],
    ['a body property required by a designed `required` list', () => missing(bodyFields(contract, create, plan.body), 'coaching_tone')?.part, 'inferred'],
  ] as Array<[string, () => Label | undefined, Label]>)('%s', (_what, got, want) => {
    expect(got()).toBe(want);
  });
});

describe('severity by label and threshold', () => {
  const cases: Array<[label: Label, failOn: Label, want: 'fail' | 'warn']> = [
    ['documented', 'documented', 'fail'],
    ['published', 'documented', 'warn'],
    ['inferred', 'documented', 'warn'],
    ['documented', 'published', 'fail'],
    ['published', 'published', 'fail'],
    ['inferred', 'published', 'warn'],
    ['documented', 'inferred', 'fail'],
    ['published', 'inferred', 'fail'],
    ['inferred', 'inferred', 'fail'],
  ];
  it.each(cases)('a %s part with --fail-on %s: %s', (label, failOn, want) => {
    expect(severityOf(label, failOn)).toBe(want);
  });

  it('default to failing on published, so documented and published parts fail and inferred ones warn', () => {
    expect(DEFAULT_FAIL_ON).toBe('published');
    expect(labelsBy(DEFAULT_FAIL_ON)).toEqual({ failing: ['documented', 'published'], warning: ['inferred'] });
  });

  it('judge a designed code on a documented field by the less authoritative label', () => {
    expect(weaker('documented', 'inferred')).toBe('inferred');
    expect(weaker('published', 'documented')).toBe('published');
  });
});

describe('the recorder', () => {
  const RULE = { name: 'one-default-coach', rule: 'seed: exactly one default' };

  afterEach(() => {
    recorder.failOn = DEFAULT_FAIL_ON;
    recorder.takeTestFailures();
    recorder.drain();
  });

  it('records a violation with its label and the severity the threshold gives it', () => {
    recordRule(RULE, 'createCoach', { message: 'a published part broke', part: 'published' });
    recorder.failOn = 'documented';
    recordRule(RULE, 'createCoach', { message: 'a published part broke again', part: 'published' });
    const results = recorder.drain();
    expect(results.findings.map((f) => [f.severity, f.label, f.message])).toEqual([
      ['fail', 'published', 'a published part broke'],
      ['warn', 'published', 'a published part broke again'],
    ]);
    expect(results.tallies['createCoach\u0000one-default-coach']).toEqual({ pass: 0, fail: 1, warn: 1, inconclusive: 0, skip: 0 });
  });

  it('stops a model command only on a failing rule', () => {
    recorder.failOn = 'documented';
    expect(() => requireRule(RULE, 'createCoach', { message: 'published', part: 'published' })).not.toThrow();
    expect(() => requireRule(RULE, 'createCoach', { message: 'documented', part: 'documented' })).toThrow(RuleFailure);
    expect(() => requireRule(RULE, 'createCoach', { inconclusive: 'the answer has no data.is_default the contract gives' })).not.toThrow();
  });

  it('records an inconclusive rule with its reason, apart from failures', () => {
    for (let i = 0; i < 3; i++) inconclusive(RULE, 'listCoaches', 'the listCoaches answer has no data.data.0.is_default the contract gives');
    recordRule(RULE, 'listCoaches', { inconclusive: 'the listCoaches answer has no data.last_page the contract gives' });
    expect(recorder.takeTestFailures()).toEqual([]);
    const results = recorder.drain();
    expect(results.tallies['listCoaches\u0000one-default-coach']).toEqual({ pass: 0, fail: 0, warn: 0, inconclusive: 4, skip: 0 });
    expect(results.findings.map((f) => [f.severity, f.label, f.message])).toEqual([
      ['inconclusive', undefined, 'the listCoaches answer has no data.data.0.is_default the contract gives'],
      ['inconclusive', undefined, 'the listCoaches answer has no data.data.0.is_default the contract gives'],
      ['inconclusive', undefined, 'the listCoaches answer has no data.data.0.is_default the contract gives'],
      ['inconclusive', undefined, 'the listCoaches answer has no data.last_page the contract gives'],
    ]);
  });
});
