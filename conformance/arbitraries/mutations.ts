// Invalid variants of a valid request (seed "Errors", 422): a required field removed
// (VALIDATION_ERROR), a type changed, a bound or an enum broken (VALIDATION_ERROR), a format
// broken (INVALID_FORMAT, or the schema's x-error-code), a malformed uuid (INVALID_UUID), an
// unknown field where the schema allows none. Each mutation is kept only if the contract's own
// validator rejects the result, and names the status, code and field it should get.
import type { Part } from '../contract/operation.ts';
import { type FieldSpec, fieldName } from './field-specs.ts';
import type { RequestPlan } from './request.ts';
import { queryValue } from './request.ts';
import { type Schema, typesOf } from './schema-tools.ts';

export interface Mutation {
  kind: string;
  describe: string;
  plan: RequestPlan;
  /** The code the fault calls for; `codes` after the contract's validator judged it. */
  code: string;
  codes: string[];
  field: string;
  location: 'body' | 'query' | 'path';
  segments: string[];
  /** The label of what the mutation breaks: the field, or the constraint keyword it breaks; inferred for the contract's own design choices. */
  part: Part;
  /** Whether the expected code is the seed's (documented) or the contract's (inferred). */
  codePart: Part;
}

const BAD_UUIDS = ['not-a-uuid', '3f0c6d52-6a4e-4b8e-9d0a-1c2b3d4e5f6', '3f0c6d526a4e4b8e9d0a1c2b3d4e5f60zz'];
const BAD_PHONES = ['+49-151-1234567', '0049 151 1234567', '+1234567890123456'];
/** Where the `+` is required (everywhere but the channel snapshot's `number` query): the digits alone. */
export const PHONE_WITHOUT_PLUS = '4915112345678';
const BAD_EMAILS = ['not-an-email', 'maria@', '@example.com'];
const BAD_DATES = ['2026-13-45', '14.03.2026', 'tomorrow'];
const BAD_DATETIMES = ['14/03/2026 10:30', '2026-03-14 10:30', 'next monday'];
const BAD_GENERIC = ['!!not matching!!', ' ', '\u00e9\u00e9'];

function setAt(plan: RequestPlan, spec: FieldSpec, value: unknown, remove = false): RequestPlan {
  const out: RequestPlan = { pathParams: { ...plan.pathParams }, query: { ...plan.query } };
  if (plan.body !== undefined) out.body = structuredClone(plan.body);
  const name = spec.segments[0] as string;
  if (spec.location === 'path') {
    out.pathParams[name] = String(value);
    return out;
  }
  if (spec.location === 'query') {
    if (remove) delete out.query[name];
    else out.query[name] = queryValue(value);
    return out;
  }
  let node = out.body as Record<string, unknown>;
  for (const s of spec.segments.slice(0, -1)) node = node[s] as Record<string, unknown>;
  const last = spec.segments[spec.segments.length - 1] as string;
  if (remove) delete node[last];
  else node[last] = value;
  return out;
}

function isE164(schema: Schema): boolean {
  return typeof schema.pattern === 'string' && schema.pattern.includes('[1-9][0-9]{0,14}');
}

function formatFailures(spec: FieldSpec): { values: string[]; code: string; codePart: Part } | undefined {
  const s = spec.schema;
  const xCode = typeof s['x-error-code'] === 'string' ? (s['x-error-code'] as string) : undefined;
  if (s.format === 'uuid') return { values: BAD_UUIDS, code: 'INVALID_UUID', codePart: 'documented' };
  if (isE164(s)) return { values: (s.pattern as string).includes('\\+?') ? BAD_PHONES : [...BAD_PHONES, PHONE_WITHOUT_PLUS], code: 'INVALID_FORMAT', codePart: 'documented' };
  if (s.format === 'email') return { values: BAD_EMAILS, code: xCode ?? 'INVALID_FORMAT', codePart: 'inferred' };
  if (s.format === 'date') return { values: BAD_DATES, code: xCode ?? 'INVALID_FORMAT', codePart: 'inferred' };
  if (typeof s.pattern === 'string' && /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(s.pattern)) return { values: BAD_DATETIMES, code: xCode ?? 'INVALID_FORMAT', codePart: 'inferred' };
  if (typeof s.format === 'string' || typeof s.pattern === 'string') return { values: BAD_GENERIC, code: xCode ?? 'INVALID_FORMAT', codePart: 'inferred' };
  return undefined;
}

function wrongTypeValue(schema: Schema): unknown {
  const types = typesOf(schema);
  const candidates: Array<[string, unknown]> = [
    ['string', 12345],
    ['integer', 'not-a-number'],
    ['number', 'not-a-number'],
    ['boolean', 'not-a-boolean'],
    ['array', 'not-an-array'],
    ['object', 'not-an-object'],
  ];
  const own = candidates.find(([t]) => types.includes(t));
  return own ? own[1] : undefined;
}

/** Every mutation of one field (unchecked: the caller keeps those the contract rejects). */
export function fieldMutations(base: RequestPlan, spec: FieldSpec): Mutation[] {
  const s = spec.schema;
  const field = fieldName(spec.segments);
  const out: Mutation[] = [];
  const add = (kind: string, describe: string, plan: RequestPlan, code: string, codePart: Part, part: Part = spec.part) =>
    out.push({ kind, describe: `${describe} (${spec.location} ${field})`, plan, code, codes: [code], field, location: spec.location, segments: spec.segments, part, codePart });

  if (spec.required && spec.present && spec.location !== 'path') {
    add('missing-required', 'a required field removed', setAt(base, spec, undefined, true), 'VALIDATION_ERROR', 'documented', spec.requiredPart);
  }
  if (spec.location === 'path') {
    if (s.format === 'uuid') for (const bad of BAD_UUIDS.slice(0, 2)) add('malformed-uuid', `a malformed uuid "${bad}"`, setAt(base, spec, bad), 'INVALID_UUID', 'documented', spec.constraintPart('format'));
    return out;
  }
  const wrong = wrongTypeValue(s);
  const queryArray = spec.location === 'query' && typesOf(s).includes('array');
  if (wrong !== undefined && !queryArray && !(spec.location === 'query' && typeof wrong === 'number')) {
    add('wrong-type', `a value of the wrong type ${JSON.stringify(wrong)}`, setAt(base, spec, wrong), 'VALIDATION_ERROR', 'inferred', spec.constraintPart('type'));
  }
  const formats = formatFailures(spec);
  if (formats && typesOf(s).includes('string')) {
    const keyword = typeof s.format === 'string' ? 'format' : 'pattern';
    for (const bad of formats.values) add(s.format === 'uuid' ? 'malformed-uuid' : 'bad-format', `a broken format "${bad}"`, setAt(base, spec, bad), formats.code, formats.codePart, spec.constraintPart(keyword));
  }
  if (Array.isArray(s.enum)) add('bad-enum', 'a value outside the enum', setAt(base, spec, 'NOT_A_LISTED_VALUE'), 'VALIDATION_ERROR', 'inferred', spec.constraintPart('enum'));
  if (typeof s.minLength === 'number' && s.minLength > (spec.location === 'query' ? 1 : 0)) {
    add('too-short', `a string shorter than ${s.minLength}`, setAt(base, spec, 'x'.repeat(s.minLength - 1)), 'VALIDATION_ERROR', 'inferred', spec.constraintPart('minLength'));
  }
  if (typeof s.maximum === 'number') add('above-maximum', `a number above the maximum ${s.maximum}`, setAt(base, spec, s.maximum + 1), 'VALIDATION_ERROR', 'inferred', spec.constraintPart('maximum'));
  if (typeof s.minimum === 'number') add('below-minimum', `a number below the minimum ${s.minimum}`, setAt(base, spec, s.minimum - 1), 'VALIDATION_ERROR', 'inferred', spec.constraintPart('minimum'));
  return out;
}

/** An unknown property where the body schema allows none (the contract's `additionalProperties: false`, a design choice). */
export function unknownFieldMutation(base: RequestPlan): Mutation | undefined {
  if (typeof base.body !== 'object' || base.body === null || Array.isArray(base.body)) return undefined;
  const plan: RequestPlan = { pathParams: { ...base.pathParams }, query: { ...base.query }, body: { ...(base.body as object), unexpected_field: 'x' } };
  return {
    kind: 'unknown-field',
    describe: 'an unknown field (body unexpected_field)',
    plan,
    code: 'VALIDATION_ERROR',
    codes: ['VALIDATION_ERROR'],
    field: 'unexpected_field',
    location: 'body',
    segments: ['unexpected_field'],
    part: 'inferred',
    codePart: 'inferred',
  };
}
