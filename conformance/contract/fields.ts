// Reads the fields of an answer where the contract puts them, so the models never hard-code a
// response path: a property is found by its name, at the shallowest place the answer's schema
// gives it (through $ref, allOf/oneOf/anyOf and object properties, never inside a list; a dotted
// name such as `contact.uuid` finds `contact` so, then follows its properties), and an
// answer's list is the shallowest array its schema gives, with the paging fields beside it
// (`current_page`/`last_page` of the published paged list, or `page`/`total_pages`). What cannot
// be read is a reason, never a guess: the caller records its rule as inconclusive with it.
import { expandSchema } from '../../contract/labels.ts';
import type { JsonObject } from '../../contract/openapi-types.ts';
import { getAtPointer, joinPointer } from '../../contract/pointer.ts';
import type { SuiteOperation } from './operation.ts';

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Where a list and its paging fields sit in an answer (paths from the body). */
export interface ListShape {
  items: string[];
  currentPage: string[] | undefined;
  lastPage: string[] | undefined;
  perPage: string[] | undefined;
  total: string[] | undefined;
  /** Where a property of one item sits, relative to the item. */
  itemField(name: string): string[] | undefined;
}

/** What the contract says about where an answer's fields are. */
export interface FieldPaths {
  /** The shallowest path of a property named `name` (or `a.b`: of `a`, then its `b`); undefined when the schema has none. */
  field(name: string): string[] | undefined;
  /** The answer's list; undefined when the schema holds none. */
  list(): ListShape | undefined;
}

/** How deep a field is looked for (the contract's answers nest far less). */
const MAX_DEPTH = 6;
const PAGING = {
  currentPage: ['current_page', 'page'],
  lastPage: ['last_page', 'total_pages'],
  perPage: ['per_page'],
  total: ['total'],
} as const;

interface Level {
  path: string[];
  /** The schema nodes that describe the value at `path`. */
  nodes: string[];
}

function expandAll(doc: unknown, pointers: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of pointers) expandSchema(doc, p, out, seen);
  return out;
}

/** The object properties of a value described by `nodes`, each with the nodes that describe it. */
function children(doc: unknown, level: Level): Level[] {
  const byName = new Map<string, string[]>();
  for (const pointer of level.nodes) {
    const properties = (getAtPointer(doc, pointer) as JsonObject).properties;
    if (typeof properties !== 'object' || properties === null) continue;
    for (const name of Object.keys(properties)) {
      const list = byName.get(name) ?? [];
      list.push(joinPointer(pointer, 'properties', name));
      byName.set(name, list);
    }
  }
  return [...byName].map(([name, pointers]) => ({ path: [...level.path, name], nodes: expandAll(doc, pointers) }));
}

/** Levels breadth first from `start`, shallowest first, at most `depth` deep. */
function* breadthFirst(doc: unknown, start: Level, depth: number): Generator<Level> {
  let frontier = [start];
  for (let d = 0; d <= depth && frontier.length > 0; d++) {
    yield* frontier;
    frontier = frontier.flatMap((level) => children(doc, level));
  }
}

function isArray(doc: unknown, nodes: string[]): boolean {
  return nodes.some((p) => {
    const schema = getAtPointer(doc, p) as JsonObject;
    return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || (typeof schema.items === 'object' && schema.items !== null);
  });
}

function itemNodes(doc: unknown, nodes: string[]): string[] {
  const items = nodes.filter((p) => {
    const schema = getAtPointer(doc, p) as JsonObject;
    return typeof schema.items === 'object' && schema.items !== null;
  });
  return expandAll(doc, items.map((p) => joinPointer(p, 'items')));
}

function childNamed(doc: unknown, level: Level, name: string): Level | undefined {
  return children(doc, level).find((c) => c.path[c.path.length - 1] === name);
}

function findField(doc: unknown, start: Level, name: string, depth = MAX_DEPTH): string[] | undefined {
  const [first, ...rest] = name.split('.') as [string, ...string[]];
  for (const level of breadthFirst(doc, start, depth - 1)) {
    let found = childNamed(doc, level, first);
    if (!found) continue;
    for (const segment of rest) found = found && childNamed(doc, found, segment);
    return found?.path;
  }
  return undefined;
}

function findPaging(doc: unknown, parent: Level, names: readonly string[]): string[] | undefined {
  for (const name of names) {
    const path = findField(doc, parent, name, 2);
    if (path) return path;
  }
  return undefined;
}

function listShape(doc: unknown, root: Level): ListShape | undefined {
  let found: Array<{ list: Level; parent: Level | undefined }> = [];
  let frontier: Array<{ level: Level; parent: Level | undefined }> = [{ level: root, parent: undefined }];
  for (let d = 0; d <= MAX_DEPTH && frontier.length > 0 && found.length === 0; d++) {
    found = frontier.filter((f) => isArray(doc, f.level.nodes)).map((f) => ({ list: f.level, parent: f.parent }));
    frontier = frontier.flatMap((f) => children(doc, f.level).map((c) => ({ level: c, parent: f.level })));
  }
  if (found.length === 0) return undefined;
  const shaped = found.map(({ list, parent }) => ({
    list,
    currentPage: parent ? findPaging(doc, parent, PAGING.currentPage) : undefined,
    lastPage: parent ? findPaging(doc, parent, PAGING.lastPage) : undefined,
    perPage: parent ? findPaging(doc, parent, PAGING.perPage) : undefined,
    total: parent ? findPaging(doc, parent, PAGING.total) : undefined,
  }));
  const best = shaped.find((s) => s.lastPage !== undefined) ?? (shaped[0] as (typeof shaped)[number]);
  const item: Level = { path: [], nodes: itemNodes(doc, best.list.nodes) };
  return {
    items: best.list.path,
    currentPage: best.currentPage,
    lastPage: best.lastPage,
    perPage: best.perPage,
    total: best.total,
    itemField: (name) => findField(doc, item, name),
  };
}

/** The field lookups of the schema at `root` (memoised: each answer schema is searched once per name). */
export function fieldPaths(doc: unknown, root: string): FieldPaths {
  const start: Level = { path: [], nodes: expandSchema(doc, root) };
  const fields = new Map<string, string[] | undefined>();
  let list: ListShape | undefined | null = null;
  return {
    field(name) {
      if (!fields.has(name)) fields.set(name, findField(doc, start, name));
      return fields.get(name);
    },
    list() {
      if (list === null) list = listShape(doc, start);
      return list;
    },
  };
}

/** `data.conversation_uuid`, as reasons name a place. */
export function dotted(path: readonly string[]): string {
  return path.length === 0 ? 'the body' : path.join('.');
}

/** The value at `path` of a JSON value: undefined when absent, null when a null lies on the way. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const segment of path) {
    if (node === null) return null;
    if (typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function pathsOf(op: SuiteOperation, status: number): Read<FieldPaths> {
  const fields = op.responses.get(status)?.fields;
  if (!fields) return { ok: false, reason: `the contract gives ${op.operationId} no ${status} answer schema to read it by` };
  return { ok: true, value: fields };
}

function noField(op: SuiteOperation, status: number, name: string): Read<never> {
  return { ok: false, reason: `the contract's ${status} answer of ${op.operationId} has no field named ${name}` };
}

function missing(op: SuiteOperation, path: readonly string[]): Read<never> {
  return { ok: false, reason: `the ${op.operationId} answer has no ${dotted(path)} the contract gives` };
}

/** The value of the property `name` of an answer (`status`, `body`), where the contract puts it. */
export function readField(op: SuiteOperation, status: number, body: unknown, name: string): Read<unknown> {
  const paths = pathsOf(op, status);
  if (!paths.ok) return paths;
  const path = paths.value.field(name);
  if (!path) return noField(op, status, name);
  const value = valueAt(body, path);
  return value === undefined ? missing(op, path) : { ok: true, value };
}

/**
 * The object of an answer that holds the properties `names` (a resource: `['uuid', 'status']`),
 * where the contract puts them; every name must be present (null counts as present).
 */
export function readResource<T extends object>(op: SuiteOperation, status: number, body: unknown, names: readonly string[]): Read<T> {
  const paths = pathsOf(op, status);
  if (!paths.ok) return paths;
  let parent: string[] | undefined;
  for (const name of names) {
    const path = paths.value.field(name);
    if (!path) return noField(op, status, name);
    const here = path.slice(0, -1);
    if (parent === undefined) parent = here;
    else if (dotted(parent) !== dotted(here)) {
      return { ok: false, reason: `the contract's ${status} answer of ${op.operationId} puts ${names.join(', ')} in different objects (${dotted(parent)}, ${dotted(here)})` };
    }
  }
  const at = parent ?? [];
  const object = valueAt(body, at);
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return missing(op, at);
  for (const name of names) if ((object as Record<string, unknown>)[name] === undefined) return missing(op, [...at, name]);
  return { ok: true, value: object as T };
}

export interface ListPage<T> {
  items: T[];
  /** The page the answer says it is; undefined when the contract gives no such field. */
  currentPage: number | undefined;
  /** The last page there is; undefined when the contract gives no such field. */
  lastPage: number | undefined;
}

/**
 * The items of an answer's list, where the contract puts it, each holding the properties `names`,
 * with the page numbers beside it. A paging field the contract gives must be in the answer.
 */
export function listItems<T>(op: SuiteOperation, status: number, body: unknown, names: readonly string[] = []): Read<ListPage<T>> {
  const paths = pathsOf(op, status);
  if (!paths.ok) return paths;
  const shape = paths.value.list();
  if (!shape) return { ok: false, reason: `the contract's ${status} answer of ${op.operationId} holds no list` };
  const items = valueAt(body, shape.items);
  if (!Array.isArray(items)) return missing(op, shape.items);
  const pages: Array<number | undefined> = [];
  for (const path of [shape.currentPage, shape.lastPage]) {
    if (path === undefined) {
      pages.push(undefined);
      continue;
    }
    const value = valueAt(body, path);
    if (typeof value !== 'number') return missing(op, path);
    pages.push(value);
  }
  for (const name of names) {
    const inItem = shape.itemField(name);
    if (!inItem) return { ok: false, reason: `the contract's items of the ${op.operationId} list have no field named ${name}` };
    const index = items.findIndex((item) => valueAt(item, inItem) === undefined);
    if (index !== -1) return missing(op, [...shape.items, String(index), ...inItem]);
  }
  return { ok: true, value: { items: items as T[], currentPage: pages[0], lastPage: pages[1] } };
}

/** Whether a list has pages after this one: by its paging fields, else by a full page. */
export function hasNextPage(page: ListPage<unknown>, requested: number, perPage: number): boolean {
  if (page.lastPage !== undefined) return (page.currentPage ?? requested) < page.lastPage;
  return page.items.length >= perPage;
}
