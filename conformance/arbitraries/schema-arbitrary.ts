// Derives a fast-check arbitrary from a contract schema: types, enums and consts, formats and
// patterns, string/number/array bounds, objects with their required and optional properties,
// allOf merged, oneOf/anyOf as alternatives. Keywords it cannot steer (not, if/then,
// dependentRequired, ...) are left to the caller, who validates against the contract.
import fc from 'fast-check';
import { mergeAllOf, mergeTwo, resolveSchema, type Schema, schemaExamples, typesOf } from './schema-tools.ts';
import { stringArbitrary } from './string-arbitrary.ts';

const MAX_DEPTH = 7;
const EXTRA_ITEMS = 3;

const jsonLeaf = fc.oneof(fc.string({ maxLength: 16 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean());

export function schemaArbitrary(doc: unknown, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = mergeAllOf(doc, resolveSchema(doc, schema));
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));

  const branches = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as Schema[] | undefined;
  if (branches && branches.length > 0) {
    const { oneOf: _o, anyOf: _a, ...rest } = s;
    const structural = typesOf(rest).length > 0;
    const options = branches.map((b, i) => {
      if (!structural) return schemaArbitrary(doc, b, depth + 1);
      const merged = mergeTwo(mergeAllOf(doc, b), rest);
      // Keys another branch requires stay out, so exactly one branch matches.
      const own = new Set((merged.required as string[] | undefined) ?? []);
      const others = branches.filter((_, j) => j !== i).flatMap((o) => (mergeAllOf(doc, o).required as string[] | undefined) ?? []);
      const properties = { ...((merged.properties as Schema | undefined) ?? {}) };
      for (const key of others) if (!own.has(key)) delete properties[key];
      return schemaArbitrary(doc, { ...merged, properties }, depth + 1);
    });
    return fc.oneof(...options);
  }

  const types = typesOf(s);
  if (types.length > 1) {
    return fc.oneof(...types.map((t) => (t === 'null' ? fc.constant(null) : schemaArbitrary(doc, { ...s, type: t }, depth))));
  }
  const generated = byType(doc, s, types[0], depth);
  const examples = schemaExamples(s);
  if (examples.length === 0) return generated;
  return fc.oneof({ arbitrary: generated, weight: 3 }, { arbitrary: fc.constantFrom(...examples), weight: 1 });
}

function byType(doc: unknown, s: Schema, type: string | undefined, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return numberArbitrary(s);
    case 'string': {
      const arb = stringArbitrary(s);
      if (arb) return arb;
      const examples = schemaExamples(s);
      return examples.length > 0 ? fc.constantFrom(...examples) : fc.constant('x'.repeat(Math.max(1, Number(s.minLength ?? 1))));
    }
    case 'array':
      return arrayArbitrary(doc, s, depth);
    case 'object':
      return objectArbitrary(doc, s, depth);
    default:
      return depth > MAX_DEPTH ? fc.constant(null) : jsonLeaf;
  }
}

function bounds(s: Schema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 0.001;
  let min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + step : undefined;
  let max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - step : undefined;
  if (min === undefined && max === undefined) {
    min = 0;
    max = 1000;
  }
  min ??= (max as number) - 1000;
  max ??= min + 1000;
  return integer ? { min: Math.ceil(min), max: Math.floor(max) } : { min, max };
}

function integerArbitrary(s: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(s, true);
  return fc.integer({ min, max });
}

function numberArbitrary(s: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(s, false);
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 1000) / 1000).filter((n) => n >= min && n <= max),
  );
}

function arrayArbitrary(doc: unknown, s: Schema, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
  const cap = depth > MAX_DEPTH ? minLength : minLength + EXTRA_ITEMS;
  const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : cap, cap);
  const items = typeof s.items === 'object' && s.items !== null ? schemaArbitrary(doc, s.items as Schema, depth + 1) : jsonLeaf;
  if (s.uniqueItems === true) return fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
  return fc.array(items, { minLength, maxLength });
}

function objectArbitrary(doc: unknown, s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((s.required as string[] | undefined) ?? []);
  const names = Object.keys(properties).filter((name) => depth <= MAX_DEPTH || required.has(name));
  if (names.length === 0) {
    const extra = s.additionalProperties;
    if (extra === false || extra === undefined || depth > MAX_DEPTH) return fc.constant({});
    const keys = keyArbitrary(s);
    const values = extra === true ? jsonLeaf : schemaArbitrary(doc, extra as Schema, depth + 1);
    const minKeys = typeof s.minProperties === 'number' ? s.minProperties : 0;
    return fc.dictionary(keys, values, { minKeys, maxKeys: Math.max(minKeys, 3) });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) model[name] = schemaArbitrary(doc, properties[name] as Schema, depth + 1);
  return fc.record(model, { requiredKeys: names.filter((n) => required.has(n)) }).map((value) => settleObject(value, s, required));
}

/** Drops optional keys that `not: {required}`, `not: {anyOf: [{required}]}` or `dependentRequired` forbid. */
function settleObject(value: Record<string, unknown>, s: Schema, required: Set<string>): Record<string, unknown> {
  const out = { ...value };
  const not = s.not as Schema | undefined;
  const drop = (key: string) => {
    if (!required.has(key)) delete out[key];
  };
  if (not && Array.isArray(not.required)) {
    const keys = not.required as string[];
    if (keys.every((k) => k in out)) {
      const optional = keys.filter((k) => !required.has(k));
      const last = optional[optional.length - 1];
      if (last !== undefined) drop(last);
    }
  }
  if (not && Array.isArray(not.anyOf)) for (const branch of not.anyOf as Schema[]) for (const key of (branch.required as string[] | undefined) ?? []) drop(key);
  const dependent = s.dependentRequired as Record<string, string[]> | undefined;
  for (const [key, needs] of Object.entries(dependent ?? {})) if (key in out && needs.some((n) => !(n in out))) drop(key);
  return out;
}

function keyArbitrary(s: Schema): fc.Arbitrary<string> {
  const names = resolveSchema({}, (s.propertyNames as Schema | undefined) ?? {});
  if (typeof names.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(names.pattern));
    } catch {
      return fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
    }
  }
  return fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
}
