// Boundary values for every bound the contract states on a request (minLength/maxLength,
// minimum/maximum and their exclusive forms, minItems/maxItems): the value at the bound is
// accepted, the value just past it is rejected with 422 VALIDATION_ERROR naming the field.
// Each case is kept only if the contract's own validator agrees it is valid or invalid.
import fc from 'fast-check';
import type { SuiteContract } from '../contract/load.ts';
import type { Part, SuiteOperation } from '../contract/operation.ts';
import { bodyFields, type FieldSpec, fieldName, parameterFields } from './field-specs.ts';
import { judgeRequest } from './rejection.ts';
import { queryValue, type RequestPlan } from './request.ts';
import { schemaArbitrary } from './schema-arbitrary.ts';
import { mergeAllOf, type Schema, schemaExamples } from './schema-tools.ts';
import { fitLength } from './string-arbitrary.ts';

/** Strings longer than this are not sent (a multi-megabyte body proves little more). */
const MAX_STRING_BOUND = 1_100_000;

export interface BoundaryCase {
  describe: string;
  plan: RequestPlan;
  valid: boolean;
  field: string;
  part: Part;
  /** For a value past the bound: the codes the contract's validator calls for. */
  codes: string[];
}

function valueAt(plan: RequestPlan, spec: FieldSpec): unknown {
  const name = spec.segments[0] as string;
  if (spec.location === 'path') return plan.pathParams[name];
  if (spec.location === 'query') return plan.query[name];
  let node: unknown = plan.body;
  for (const s of spec.segments) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[s] : undefined;
  return node;
}

function withValue(plan: RequestPlan, spec: FieldSpec, value: unknown): RequestPlan {
  const out: RequestPlan = { pathParams: { ...plan.pathParams }, query: { ...plan.query } };
  if (plan.body !== undefined) out.body = structuredClone(plan.body);
  const name = spec.segments[0] as string;
  if (spec.location === 'path') out.pathParams[name] = String(value);
  else if (spec.location === 'query') out.query[name] = queryValue(value);
  else {
    let node = out.body as Record<string, unknown>;
    for (const s of spec.segments.slice(0, -1)) node = node[s] as Record<string, unknown>;
    node[spec.segments[spec.segments.length - 1] as string] = value;
  }
  return out;
}

/** How many distinct values a schema allows (Infinity unless it is an enum, a const, a boolean or null). */
function distinctValues(schema: Schema): number {
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map((v) => JSON.stringify(v))).size;
  if (schema.const !== undefined) return 1;
  if (schema.type === 'boolean') return 2;
  if (schema.type === 'null') return 1;
  return Number.POSITIVE_INFINITY;
}

/**
 * `n` items for an array bound; undefined when the item schema has fewer than `n` distinct values
 * and the array must hold distinct ones (`uniqueItems` with an enum of six cannot reach seven).
 */
function items(contract: SuiteContract, spec: FieldSpec, current: unknown, n: number): unknown[] | undefined {
  const itemSchema = (spec.schema.items ?? {}) as Record<string, unknown>;
  if (spec.schema.uniqueItems === true || !Array.isArray(current) || current.length === 0) {
    // Asking fast-check for more distinct values than the schema has would never end.
    if (n > distinctValues(mergeAllOf(contract.doc, itemSchema))) return undefined;
    const arb = fc.uniqueArray(schemaArbitrary(contract.doc, itemSchema), { minLength: n, maxLength: n, selector: (v) => JSON.stringify(v) });
    return fc.sample(arb, { numRuns: 1, seed: 7 })[0] ?? [];
  }
  return Array.from({ length: n }, (_, i) => structuredClone(current[i % current.length]));
}

interface Case {
  describe: string;
  value: unknown;
  valid: boolean;
  /** The bound's keyword (its label decides the severity of a finding). */
  keyword: string;
}

function casesFor(contract: SuiteContract, spec: FieldSpec, base: RequestPlan): Case[] {
  const s = spec.schema;
  const current = valueAt(base, spec) ?? schemaExamples(s)[0];
  const seedText = typeof current === 'string' ? current : 'x';
  const out: Case[] = [];
  // A case whose value cannot be built (`undefined`) is left out.
  const push = (keyword: string, ...cases: Array<Omit<Case, 'keyword'>>) => {
    for (const c of cases) if (c.value !== undefined) out.push({ ...c, keyword });
  };
  const numeric = s.type === 'integer' || s.type === 'number';
  if (typeof s.minLength === 'number' && s.minLength <= MAX_STRING_BOUND) {
    push('minLength', { describe: `length ${s.minLength} (minLength)`, value: fitLength(seedText, s.minLength, s.minLength), valid: true });
    // An empty query value reads as "not given", so query bounds are probed from length 1.
    const floor = spec.location === 'query' ? 1 : 0;
    if (s.minLength > floor) push('minLength', { describe: `length ${s.minLength - 1} (below minLength)`, value: fitLength(seedText, s.minLength - 1, s.minLength - 1), valid: false });
  }
  if (typeof s.maxLength === 'number' && s.maxLength <= MAX_STRING_BOUND) {
    push(
      'maxLength',
      { describe: `length ${s.maxLength} (maxLength)`, value: fitLength(seedText, s.maxLength, s.maxLength), valid: true },
      { describe: `length ${s.maxLength + 1} (above maxLength)`, value: fitLength(seedText, s.maxLength + 1, s.maxLength + 1), valid: false },
    );
  }
  const step = s.type === 'integer' ? 1 : 0.5;
  if (numeric && typeof s.minimum === 'number') {
    push('minimum', { describe: `${s.minimum} (minimum)`, value: s.minimum, valid: true }, { describe: `${s.minimum - step} (below minimum)`, value: s.minimum - step, valid: false });
  }
  if (numeric && typeof s.maximum === 'number') {
    push('maximum', { describe: `${s.maximum} (maximum)`, value: s.maximum, valid: true }, { describe: `${s.maximum + step} (above maximum)`, value: s.maximum + step, valid: false });
  }
  if (numeric && typeof s.exclusiveMinimum === 'number') {
    push(
      'exclusiveMinimum',
      { describe: `${s.exclusiveMinimum + step} (just above exclusiveMinimum)`, value: s.exclusiveMinimum + step, valid: true },
      { describe: `${s.exclusiveMinimum} (exclusiveMinimum)`, value: s.exclusiveMinimum, valid: false },
    );
  }
  if (numeric && typeof s.exclusiveMaximum === 'number') {
    push(
      'exclusiveMaximum',
      { describe: `${s.exclusiveMaximum - step} (just below exclusiveMaximum)`, value: s.exclusiveMaximum - step, valid: true },
      { describe: `${s.exclusiveMaximum} (exclusiveMaximum)`, value: s.exclusiveMaximum, valid: false },
    );
  }
  if (s.type === 'array' && spec.location === 'body') {
    if (typeof s.minItems === 'number') {
      push('minItems', { describe: `${s.minItems} items (minItems)`, value: items(contract, spec, current, s.minItems), valid: true });
      if (s.minItems > 0) push('minItems', { describe: `${s.minItems - 1} items (below minItems)`, value: items(contract, spec, current, s.minItems - 1), valid: false });
    }
    if (typeof s.maxItems === 'number') {
      push(
        'maxItems',
        { describe: `${s.maxItems} items (maxItems)`, value: items(contract, spec, current, s.maxItems), valid: true },
        { describe: `${s.maxItems + 1} items (above maxItems)`, value: items(contract, spec, current, s.maxItems + 1), valid: false },
      );
    }
  }
  return out;
}

export function boundaryCases(contract: SuiteContract, op: SuiteOperation, base: RequestPlan): BoundaryCase[] {
  const validateBody = op.body?.validate();
  const specs = [...parameterFields(op, base), ...bodyFields(contract, op, base.body)].filter((spec) => spec.location !== 'path');
  const out: BoundaryCase[] = [];
  for (const spec of specs) {
    for (const c of casesFor(contract, spec, base)) {
      const plan = withValue(base, spec, c.value);
      const describe = `${fieldName(spec.segments)} = ${c.describe}`;
      const common = { describe, plan, field: fieldName(spec.segments), part: spec.constraintPart(c.keyword) };
      if (c.valid) {
        let valid: boolean;
        if (spec.location === 'body') valid = validateBody ? Boolean(validateBody(plan.body)) : true;
        else {
          const p = spec.parameter;
          const raw = plan.query[spec.segments[0] as string];
          valid = p ? p.validate({ v: p.isArray ? (Array.isArray(raw) ? [...raw] : [raw]) : raw }) : true;
        }
        if (valid) out.push({ ...common, valid: true, codes: [] });
        continue;
      }
      const verdict = judgeRequest(op, plan, spec.location, spec.segments);
      if (verdict) out.push({ ...common, valid: false, codes: verdict.codes });
    }
  }
  return out;
}
