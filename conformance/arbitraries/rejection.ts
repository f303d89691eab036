// What the contract says about an invalid request: whether its only fault is the one field the
// suite broke (so the expected `field` is unambiguous), and which Shape B codes the errors call
// for (seed "Errors": INVALID_UUID for a malformed uuid, INVALID_FORMAT for a broken format or the
// schema's x-error-code, VALIDATION_ERROR otherwise). A value that breaks two rules at once (an
// empty string under both minLength and a pattern) may get the code of either.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { SuiteOperation } from '../contract/operation.ts';
import { instanceSegments } from '../contract/instance-path.ts';
import type { RequestPlan } from './request.ts';

const SUMMARY = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not']);

export interface Rejection {
  codes: string[];
}

function codeOf(error: ErrorObject): string {
  const schemaCode = (error.parentSchema as { 'x-error-code'?: unknown } | undefined)?.['x-error-code'];
  if (error.keyword === 'format' && error.params.format === 'uuid') return 'INVALID_UUID';
  if (error.keyword === 'format' || error.keyword === 'pattern') return typeof schemaCode === 'string' ? schemaCode : 'INVALID_FORMAT';
  return 'VALIDATION_ERROR';
}

function locationOf(error: ErrorObject, dropFirst: boolean): string[] {
  const segments = instanceSegments(error.instancePath);
  if (dropFirst) segments.shift();
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  if (error.keyword === 'dependentRequired') segments.push(String(error.params.missingProperty));
  return segments;
}

function within(location: string[], field: string[]): boolean {
  return field.every((s, i) => location[i] === s);
}

/** Judges errors of a validator run; undefined when there are none or one lies outside the field. */
export function judgeErrors(errors: ErrorObject[], field: string[], wrapped: boolean): Rejection | undefined {
  if (errors.length === 0) return undefined;
  for (const error of errors) if (!within(locationOf(error, wrapped), field)) return undefined;
  const specific = errors.filter((e) => !SUMMARY.has(e.keyword));
  const telling = specific.some((e) => e.keyword !== 'type') ? specific.filter((e) => e.keyword !== 'type') : specific;
  const codes = [...new Set(telling.map(codeOf))];
  return { codes: codes.length > 0 ? codes : ['VALIDATION_ERROR'] };
}

function run(validate: ValidateFunction, value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/**
 * The contract's verdict on a request in which only `field` (a body path, or [parameter name] for
 * `location` query/path) was made invalid.
 */
export function judgeRequest(op: SuiteOperation, plan: RequestPlan, location: 'body' | 'query' | 'path', field: string[]): Rejection | undefined {
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.name === 'timezone') continue;
    const raw = p.in === 'path' ? plan.pathParams[p.name] : plan.query[p.name];
    const isTarget = location !== 'body' && field[0] === p.name;
    if (raw === undefined || raw === '') {
      if (p.required) return isTarget ? { codes: ['VALIDATION_ERROR'] } : undefined;
      continue;
    }
    const errors = run(p.validate, { v: p.isArray ? (Array.isArray(raw) ? [...raw] : [raw]) : raw });
    if (errors.length === 0) continue;
    return isTarget ? judgeErrors(errors, [], true) : undefined;
  }
  if (location !== 'body') return undefined;
  const validate = op.body?.validate();
  if (!validate || plan.body === undefined) return undefined;
  return judgeErrors(run(validate, plan.body), field, false);
}
