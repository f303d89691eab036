// Collects the time values of a JSON value by its schema (seed "Time handling"): date-times
// (`format: date-time`, rules 1 and 5: an offset, rendered in the applied zone), date-only
// values (`format: date`) and time-of-day values (a `HH:MM:SS` pattern), rule 6: never shifted.
// oneOf/anyOf branches and if/then/else are followed where the value matches them.
import type { ContractAjv } from '../../contract/ajv.ts';
import type { JsonObject } from '../../contract/openapi-types.ts';
import { getAtPointer, joinPointer } from '../../contract/pointer.ts';

export type TemporalKind = 'date-time' | 'date' | 'time';

export interface TemporalValue {
  /** JSON pointer of the value in the body. */
  path: string;
  kind: TemporalKind;
  value: string;
}

const patternKinds = new Map<string, TemporalKind | undefined>();

function classify(schema: JsonObject): TemporalKind | undefined {
  if (schema.format === 'date-time') return 'date-time';
  if (schema.format === 'date') return 'date';
  if (typeof schema.pattern === 'string') {
    const pattern = schema.pattern;
    if (!patternKinds.has(pattern)) {
      let kind: TemporalKind | undefined;
      try {
        const re = new RegExp(pattern, 'u');
        if (re.test('09:30:00') && !re.test('2026-03-14T09:30:00') && !re.test('hello')) kind = 'time';
      } catch {
        kind = undefined;
      }
      patternKinds.set(pattern, kind);
    }
    return patternKinds.get(pattern);
  }
  return undefined;
}

export function collectTemporal(doc: unknown, ajv: ContractAjv, root: string, value: unknown): TemporalValue[] {
  const found = new Map<string, TemporalValue>();
  const seen = new Set<string>();

  function walk(pointer: string, v: unknown, path: string): void {
    const key = `${pointer}@${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const node = getAtPointer(doc, pointer);
    if (typeof node !== 'object' || node === null) return;
    const schema = node as JsonObject;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) walk(schema.$ref, v, path);
    if (Array.isArray(schema.allOf)) for (let i = 0; i < schema.allOf.length; i++) walk(joinPointer(pointer, 'allOf', String(i)), v, path);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = schema[key];
      if (!Array.isArray(list)) continue;
      list.forEach((_, i) => {
        const branch = joinPointer(pointer, key, String(i));
        if (ajv.validator(branch)(v)) walk(branch, v, path);
      });
    }
    if (schema.if !== undefined) {
      const branch = ajv.validator(joinPointer(pointer, 'if'))(v) ? 'then' : 'else';
      if (schema[branch] !== undefined) walk(joinPointer(pointer, branch), v, path);
    }
    if (typeof v === 'string') {
      const kind = classify(schema);
      if (kind) found.set(path, { path, kind, value: v });
      return;
    }
    if (Array.isArray(v)) {
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
      v.forEach((item, i) => {
        if (i < prefix) walk(joinPointer(pointer, 'prefixItems', String(i)), item, `${path}/${i}`);
        else if (typeof schema.items === 'object' && schema.items !== null) walk(joinPointer(pointer, 'items'), item, `${path}/${i}`);
      });
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const properties = (schema.properties as JsonObject | undefined) ?? {};
      for (const [k, item] of Object.entries(v)) {
        const child = joinPointer(path === '' ? '' : path, k);
        if (k in properties) walk(joinPointer(pointer, 'properties', k), item, child);
        else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
          walk(joinPointer(pointer, 'additionalProperties'), item, child);
        }
      }
    }
  }

  walk(root, value, '');
  return [...found.values()];
}

/** Whether the schema at `root` can hold a date-only or time-of-day value anywhere inside it. */
export function holdsCalendarValues(doc: unknown, root: string): boolean {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const pointer = stack.pop() as string;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const node = getAtPointer(doc, pointer);
    if (typeof node !== 'object' || node === null) continue;
    const schema = node as JsonObject;
    const kind = classify(schema);
    if (kind === 'date' || kind === 'time') return true;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) stack.push(schema.$ref);
    for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems'] as const) {
      const list = schema[key];
      if (Array.isArray(list)) for (let i = 0; i < list.length; i++) stack.push(joinPointer(pointer, key, String(i)));
    }
    for (const key of ['items', 'additionalProperties', 'then', 'else'] as const) {
      if (typeof schema[key] === 'object' && schema[key] !== null) stack.push(joinPointer(pointer, key));
    }
    for (const name of Object.keys((schema.properties as JsonObject | undefined) ?? {})) stack.push(joinPointer(pointer, 'properties', name));
  }
  return false;
}
