// The three labels of a contract part (`x-contract`), and how a part gets its label.
//
// - `documented`: api-spec.md (the seed) gives it.
// - `published`: the service's published API gives it (the seed leaves it "not shown").
// - `inferred`: this contract designs it.
//
// A part takes the label of the nearest labelled node on the way from its operation to it:
// operation → parameter / request body / response → schema nodes, level by level; at one level the
// use site (a `$ref` with a sibling `x-contract`) wins over the definition it refers to. A schema
// constraint whose label differs from its node's names it in `x-contract-constraints`, a map from
// a label to the keywords it gives (`{documented: [maximum]}`), so a keyword can be documented
// inside a published property.
import type { JsonObject } from './openapi-types.ts';
import { getAtPointer, joinPointer } from './pointer.ts';

export const LABELS = ['documented', 'published', 'inferred'] as const;
export type Label = (typeof LABELS)[number];

/** The order of authority: the seed, then the published facts, then our own design. */
export const LABEL_RANK: Record<Label, number> = { documented: 0, published: 1, inferred: 2 };

export function isLabel(value: unknown): value is Label {
  return typeof value === 'string' && (LABELS as readonly string[]).includes(value);
}

/** A node's own label, when it carries one. */
export function ownLabel(node: unknown): Label | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const value = (node as JsonObject)['x-contract'];
  return isLabel(value) ? value : undefined;
}

/** The label a node gives one of its constraint keywords (`x-contract-constraints`), if any. */
export function constraintLabel(node: unknown, keyword: string): Label | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const map = (node as JsonObject)['x-contract-constraints'];
  if (typeof map !== 'object' || map === null) return undefined;
  return LABELS.find((label) => {
    const keywords = (map as JsonObject)[label];
    return Array.isArray(keywords) && keywords.includes(keyword);
  });
}

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

/** The schema nodes that describe one value: the node, its $ref targets and compositions, use site first. */
export function expandSchema(doc: unknown, pointer: string, out: string[] = [], seen = new Set<string>()): string[] {
  if (seen.has(pointer)) return out;
  const node = getAtPointer(doc, pointer);
  if (typeof node !== 'object' || node === null) return out;
  seen.add(pointer);
  out.push(pointer);
  const schema = node as JsonObject;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) expandSchema(doc, schema.$ref, out, seen);
  for (const key of COMPOSITIONS) {
    const list = schema[key];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) expandSchema(doc, joinPointer(pointer, key, String(i)), out, seen);
  }
  for (const key of ['then', 'else'] as const) if (schema[key] !== undefined) expandSchema(doc, joinPointer(pointer, key), out, seen);
  return out;
}

/** Pointers of the schemas a value's child at `segment` is described by (a property name or an array index, `[]` for any item). */
export function childSchemas(doc: unknown, pointer: string, segment: string): string[] {
  const schema = getAtPointer(doc, pointer) as JsonObject;
  const out: string[] = [];
  const properties = schema.properties as JsonObject | undefined;
  if (properties && Object.hasOwn(properties, segment)) out.push(joinPointer(pointer, 'properties', segment));
  else if (segment !== '[]' && typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) out.push(joinPointer(pointer, 'additionalProperties'));
  if (segment === '[]' || /^\d+$/.test(segment)) {
    const prefix = schema.prefixItems;
    if (segment !== '[]' && Array.isArray(prefix) && Number(segment) < prefix.length) out.push(joinPointer(pointer, 'prefixItems', segment));
    else if (typeof schema.items === 'object' && schema.items !== null) out.push(joinPointer(pointer, 'items'));
  }
  return out;
}

/** A schema node on the way to a value, with the label it carries there. */
interface LabelledNode {
  pointer: string;
  label: Label;
}

/**
 * The nodes describing one value, each with its label: its own, else the one it inherits along its
 * own branch (a composition member from its parent, a property from its object). `pinned`: the
 * node is the target of a `$ref` whose use site carried a label, which wins over the target's own.
 */
function expandLabelled(doc: unknown, pointer: string, inherited: Label, pinned: boolean, out: LabelledNode[], seen: Set<string>): void {
  if (seen.has(pointer)) return;
  const node = getAtPointer(doc, pointer);
  if (typeof node !== 'object' || node === null) return;
  seen.add(pointer);
  const own = ownLabel(node);
  const label = pinned ? inherited : (own ?? inherited);
  out.push({ pointer, label });
  const schema = node as JsonObject;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) expandLabelled(doc, schema.$ref, label, pinned || own !== undefined, out, seen);
  for (const key of COMPOSITIONS) {
    const list = schema[key];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) expandLabelled(doc, joinPointer(pointer, key, String(i)), label, false, out, seen);
  }
  for (const key of ['then', 'else'] as const) if (schema[key] !== undefined) expandLabelled(doc, joinPointer(pointer, key), label, false, out, seen);
}

/** The labelled schema nodes at each level on the way from `root` to the value at `segments` (level 0 is the root). */
function labelledLevels(doc: unknown, root: string, segments: readonly string[], inherited: Label): LabelledNode[][] {
  const first: LabelledNode[] = [];
  expandLabelled(doc, root, inherited, false, first, new Set());
  const levels = [first];
  for (const segment of segments) {
    const previous = levels[levels.length - 1] as LabelledNode[];
    const seen = new Set<string>();
    const next: LabelledNode[] = [];
    for (const parent of previous) for (const child of childSchemas(doc, parent.pointer, segment)) expandLabelled(doc, child, parent.label, false, next, seen);
    if (next.length === 0) break;
    levels.push(next);
  }
  return levels;
}

/** The schema nodes at each level on the way from `root` to the value at `segments` (level 0 is the root). */
export function schemaLevels(doc: unknown, root: string, segments: readonly string[]): string[][] {
  return labelledLevels(doc, root, segments, 'inferred').map((level) => level.map((n) => n.pointer));
}

/** True when the value at `segments` is described by the schema at `root` (every level found). */
export function hasSchemaPath(doc: unknown, root: string, segments: readonly string[]): boolean {
  return schemaLevels(doc, root, segments).length === segments.length + 1;
}

/**
 * The label of the value at `segments` under the schema at `root`, which inherits `inherited`
 * (the label of its response, parameter or body, itself from the operation). Labels flow along each
 * branch: a label on one `allOf` member covers that member's properties, not its siblings'. Where
 * several nodes describe the value, the first (the use site) decides. With `keyword`, the label of
 * that constraint on the first node that gives it (`x-contract-constraints`, else the node's label).
 * A path the schema does not describe takes the label of its deepest described ancestor.
 */
export function labelAt(doc: unknown, root: string, segments: readonly string[], inherited: Label, keyword?: string): Label {
  const levels = labelledLevels(doc, root, segments, inherited);
  const last = levels[levels.length - 1] ?? [];
  if (keyword !== undefined) {
    for (const node of last) {
      if ((getAtPointer(doc, node.pointer) as JsonObject)[keyword] !== undefined) return constraintLabel(getAtPointer(doc, node.pointer), keyword) ?? node.label;
    }
  }
  // A bare `$ref` passes the value on to its target, which then decides.
  const deciding = last.find((n) => {
    const node = getAtPointer(doc, n.pointer) as JsonObject;
    return typeof node.$ref !== 'string' || ownLabel(node) !== undefined;
  });
  return (deciding ?? last[0])?.label ?? inherited;
}

/**
 * The label of a constraint a (possibly `$ref`'d) parameter object states itself, such as its
 * `required`: the first `x-contract-constraints` naming `keyword` from the use site on, else the
 * object's label (`objectLabel`). So a designed `required: true` on a published parameter reads
 * `{inferred: [required]}` and is judged as inferred.
 */
export function objectConstraintLabel(doc: unknown, pointer: string, keyword: string, inherited: Label): Label {
  let at: string | undefined = pointer;
  const seen = new Set<string>();
  while (at !== undefined && !seen.has(at)) {
    seen.add(at);
    const node = getAtPointer(doc, at);
    const own = constraintLabel(node, keyword);
    if (own !== undefined) return own;
    const ref = typeof node === 'object' && node !== null ? (node as JsonObject).$ref : undefined;
    at = typeof ref === 'string' && ref.startsWith('#/') ? ref : undefined;
  }
  return objectLabel(doc, pointer, inherited);
}

/** The label a (possibly `$ref`'d) parameter, body or response object carries, else `inherited`. */
export function objectLabel(doc: unknown, pointer: string, inherited: Label): Label {
  let label = inherited;
  let at: string | undefined = pointer;
  const seen = new Set<string>();
  const chain: unknown[] = [];
  while (at !== undefined && !seen.has(at)) {
    seen.add(at);
    const node = getAtPointer(doc, at);
    chain.push(node);
    const ref = typeof node === 'object' && node !== null ? (node as JsonObject).$ref : undefined;
    at = typeof ref === 'string' && ref.startsWith('#/') ? ref : undefined;
  }
  // The use site wins over the definition: the first labelled node in the chain.
  const found = chain.map(ownLabel).find((l) => l !== undefined);
  if (found) label = found;
  return label;
}
