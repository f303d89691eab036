// Small helpers over contract schemas: resolve a `$ref` (keeping sibling keywords), merge an
// `allOf` into one object schema, and read a schema's examples.
import type { JsonObject } from '../../contract/openapi-types.ts';
import { getAtPointer } from '../../contract/pointer.ts';

export type Schema = JsonObject;

/** Follows `$ref` chains; sibling keywords of a `$ref` (description, x-contract, ...) are kept. */
export function resolveSchema(doc: unknown, schema: Schema): Schema {
  let current = schema;
  const seen = new Set<string>();
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith('#/')) break;
    seen.add(ref);
    const target = getAtPointer(doc, ref) as Schema | undefined;
    if (!target) break;
    const { $ref: _ignored, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** One schema for `allOf` branches: properties and required lists are combined. */
export function mergeAllOf(doc: unknown, schema: Schema): Schema {
  const base = resolveSchema(doc, schema);
  if (!Array.isArray(base.allOf)) return base;
  const { allOf, ...rest } = base;
  let merged: Schema = { ...rest };
  for (const branch of allOf as Schema[]) merged = mergeTwo(merged, mergeAllOf(doc, branch));
  return merged;
}

export function mergeTwo(a: Schema, b: Schema): Schema {
  const out: Schema = { ...b, ...a };
  if (a.properties || b.properties) out.properties = { ...(b.properties as Schema | undefined), ...(a.properties as Schema | undefined) };
  const required = [...((a.required as string[] | undefined) ?? []), ...((b.required as string[] | undefined) ?? [])];
  if (required.length > 0) out.required = [...new Set(required)];
  if (a.type === undefined && b.type !== undefined) out.type = b.type;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const left = a[key] as Schema[] | undefined;
    const right = b[key] as Schema[] | undefined;
    // Two alternatives in one allOf: each combination of a branch of each.
    if (Array.isArray(left) && Array.isArray(right)) out[key] = left.flatMap((l) => right.map((r) => mergeTwo(l, r)));
  }
  return out;
}

export function schemaExamples(schema: Schema): unknown[] {
  const out: unknown[] = [];
  if (schema.example !== undefined) out.push(schema.example);
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  if (schema.default !== undefined) out.push(schema.default);
  return out;
}

export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties !== undefined || schema.additionalProperties !== undefined || schema.required !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}
