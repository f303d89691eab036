// The places in a request that can be made invalid: every body property (nested objects and the
// first item of arrays included), every query and path parameter, each with its schema, whether
// it is required, and its label (documented, published or inferred) with the labels of its
// constraint keywords.
import type { SuiteContract } from '../contract/load.ts';
import type { Part, SuiteOperation, SuiteParameter } from '../contract/operation.ts';
import { generatedParameters } from './request.ts';
import { mergeAllOf, type Schema } from './schema-tools.ts';

export interface FieldSpec {
  location: 'body' | 'query' | 'path';
  /** Path of the field in the body, or [parameter name]. */
  segments: string[];
  schema: Schema;
  required: boolean;
  /** The field is in the base request. */
  present: boolean;
  /** The field's label. */
  part: Part;
  /** The label of one of its constraint keywords (`maxLength`, `enum`, ...): its own, else the field's. */
  constraintPart(keyword: string): Part;
  /** The label of its being required: the parameter's `required`, or its parent object's `required` keyword. */
  requiredPart: Part;
  parameter?: SuiteParameter;
}

const MAX_DEPTH = 4;

/** `attachments[0].url` style, as error.field names it. */
export function fieldName(segments: readonly string[]): string {
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc === '' ? s : `${acc}.${s}`), '');
}

export function parameterFields(op: SuiteOperation, plan: { pathParams: Record<string, string>; query: Record<string, unknown> }): FieldSpec[] {
  return generatedParameters(op).map((p) => ({
    location: p.in === 'path' ? 'path' : 'query',
    segments: [p.name],
    schema: p.schema,
    required: p.required,
    present: p.in === 'path' ? p.name in plan.pathParams : p.name in plan.query,
    part: p.label,
    constraintPart: (keyword: string) => p.constraintLabel(keyword),
    requiredPart: p.requiredLabel,
    parameter: p,
  }));
}

export function bodyFields(contract: SuiteContract, op: SuiteOperation, base: unknown): FieldSpec[] {
  const body = op.body;
  if (!body) return [];
  const root = body.schemaPointer;
  const out: FieldSpec[] = [];
  const labelsOf = (segments: string[]): Pick<FieldSpec, 'part' | 'constraintPart' | 'requiredPart'> => ({
    part: body.labelAt(segments),
    constraintPart: (keyword) => body.labelAt(segments, keyword),
    // `required` is a keyword of the parent object: its label there decides.
    requiredPart: body.labelAt(segments.slice(0, -1), 'required'),
  });

  function walk(schema: Schema, value: unknown, segments: string[], depth: number): void {
    const s = mergeAllOf(contract.doc, schema);
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value) && typeof s.items === 'object' && s.items !== null && value.length > 0) {
      const items = mergeAllOf(contract.doc, s.items as Schema);
      const at = [...segments, '0'];
      out.push({ location: 'body', segments: at, schema: items, required: true, present: true, ...labelsOf(at) });
      walk(items, value[0], at, depth + 1);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, child] of Object.entries(properties)) {
      const at = [...segments, name];
      const merged = mergeAllOf(contract.doc, child);
      const present = name in (value as Record<string, unknown>);
      out.push({ location: 'body', segments: at, schema: merged, required: required.has(name), present, ...labelsOf(at) });
      if (present) walk(merged, (value as Record<string, unknown>)[name], at, depth + 1);
    }
  }

  const rootSchema: Schema = { $ref: root };
  walk(rootSchema, base, [], 0);
  return out;
}
