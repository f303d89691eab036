// Finds the schema nodes that describe a value at an instance path, through $ref, allOf, oneOf,
// anyOf and if/then/else, so a failure can be judged by the part it concerns: a part whose
// schema carries `x-contract: inferred` is a designed guess, and a failure on it is a warning.
import type { JsonObject } from '../../contract/openapi-types.ts';
import { getAtPointer, joinPointer } from '../../contract/pointer.ts';

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

function expand(doc: unknown, pointer: string, out: Set<string>): void {
  if (out.has(pointer)) return;
  const node = getAtPointer(doc, pointer);
  if (typeof node !== 'object' || node === null) return;
  out.add(pointer);
  const schema = node as JsonObject;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) expand(doc, schema.$ref, out);
  for (const key of COMPOSITIONS) {
    const list = schema[key];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) expand(doc, joinPointer(pointer, key, String(i)), out);
  }
  for (const key of ['then', 'else'] as const) if (schema[key] !== undefined) expand(doc, joinPointer(pointer, key), out);
}

function children(doc: unknown, pointer: string, segment: string): string[] {
  const schema = getAtPointer(doc, pointer) as JsonObject;
  const out: string[] = [];
  const properties = schema.properties as JsonObject | undefined;
  if (properties && segment in properties) out.push(joinPointer(pointer, 'properties', segment));
  else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) out.push(joinPointer(pointer, 'additionalProperties'));
  if (/^\d+$/.test(segment)) {
    const prefix = schema.prefixItems;
    if (Array.isArray(prefix) && Number(segment) < prefix.length) out.push(joinPointer(pointer, 'prefixItems', segment));
    else if (typeof schema.items === 'object' && schema.items !== null) out.push(joinPointer(pointer, 'items'));
  }
  return out;
}

/** Every schema node on the way from `root` to the value at `segments`. */
export function schemaNodesAt(doc: unknown, root: string, segments: readonly string[]): string[] {
  const visited = new Set<string>();
  let level = new Set<string>();
  expand(doc, root, level);
  for (const p of level) visited.add(p);
  for (const segment of segments) {
    const next = new Set<string>();
    for (const pointer of level) for (const child of children(doc, pointer, segment)) expand(doc, child, next);
    for (const p of next) visited.add(p);
    level = next;
    if (level.size === 0) break;
  }
  return [...visited];
}

/** True when any schema node describing the value at `segments` is marked `x-contract: inferred`. */
export function isInferredAt(doc: unknown, root: string, segments: readonly string[]): boolean {
  return schemaNodesAt(doc, root, segments).some((p) => (getAtPointer(doc, p) as JsonObject)['x-contract'] === 'inferred');
}

/** Splits an Ajv/JSON-pointer instance path (`/data/items/0/uuid`) into segments. */
export function instanceSegments(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}
