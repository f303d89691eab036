// Where the ids of an operation's path parameters come from, read from the contract alone: the
// collection a `{uuid}` belongs to is the path before it (`/api/v1/agents` for
// `/api/v1/agents/{uuid}/webhooks`). The collection's GET, when its answer holds a list whose
// items carry the id, lists real ids; a POST that answers 201 with that id at the collection (or
// at a literal path under it that is not a collection itself, as `/api/v1/data/tables` for
// `/api/v1/data/{uuid}`) creates one. Items carry the id as the parameter's name, `uuid`, the
// name in snake case, or the collection's own `<singular>_uuid` (`agent_uuid` for the agents,
// `webhook_uuid` for an agent's webhooks), looked for in that order. A collection named in the
// singular (`/api/v1/flow`) may be listed at its plural (`/api/v1/flows`), one created at a literal
// path under it at that path (`/api/v1/data/tables`). Nothing else is guessed: `/api/v1/calls/action/{uuid}` names
// a call's conversation, not an item of `/api/v1/calls`, so it has no source.
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';

export interface IdSource {
  /** The collection's path template (`/api/v1/agents/{uuid}/webhooks`). */
  collection: string;
  /** Path parameters of the collection itself (a nested collection's parents), in path order. */
  parents: string[];
  /** The item field that holds the id (the first of the parameter's names the items have, else `uuid`). */
  field: string;
  /** The GET that lists the collection's items. */
  list: SuiteOperation | undefined;
  /** A POST that creates an item and answers its `uuid` (201). */
  create: SuiteOperation | undefined;
}

/** An id parameter of an operation's path, with where its real values come from (none: the contract names no list or create). */
export interface IdParam {
  name: string;
  source: IdSource | undefined;
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function joinSegments(parts: readonly string[]): string {
  return `/${parts.join('/')}`;
}

function paramName(segment: string): string | undefined {
  const match = /^\{([^}]+)\}$/.exec(segment);
  return match?.[1];
}

function listField(op: SuiteOperation, names: readonly string[]): string | undefined {
  const shape = op.responses.get(200)?.fields?.list();
  if (!shape) return undefined;
  return names.find((n) => shape.itemField(n) !== undefined);
}

function createsWith(op: SuiteOperation, field: string): boolean {
  return op.method === 'POST' && op.responses.get(201)?.fields?.field(field) !== undefined;
}

/** `agents` → `agent`, `entries` → `entry`. */
function singular(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  return segment.endsWith('s') ? segment.slice(0, -1) : segment;
}

/** The item fields that may hold the id `name` of `collection`, in the order they are looked for. */
function idFieldNames(collection: string, name: string): string[] {
  const own = `${singular(segments(collection).at(-1) ?? '')}_uuid`;
  const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return [...new Set(name === 'uuid' ? ['uuid', own] : [name, 'uuid', snake, own])];
}

/** Whether some operation addresses an item under `path` (`<path>/{...}`): then `path` is a collection of its own. */
function isCollection(contract: SuiteContract, path: string): boolean {
  return contract.operations.some((o) => o.path.startsWith(`${path}/{`));
}

function findCreate(contract: SuiteContract, collection: string, field: string): SuiteOperation | undefined {
  const exact = contract.operations.find((o) => o.path === collection && createsWith(o, field));
  if (exact) return exact;
  const depth = segments(collection).length + 1;
  return contract.operations.find(
    (o) =>
      createsWith(o, field) &&
      o.path.startsWith(`${collection}/`) &&
      segments(o.path).length === depth &&
      paramName(segments(o.path)[depth - 1] ?? '') === undefined &&
      !isCollection(contract, o.path),
  );
}

/**
 * The GET listing the collection: at its own path, else at its plural when the collection's last
 * segment is singular (the published API reads one flow at `/api/v1/flow/{uuid}` and lists them at
 * `/api/v1/flows`).
 */
function findList(contract: SuiteContract, collection: string, names: readonly string[]): { op: SuiteOperation; field: string } | undefined {
  return findListAt(contract, collection.endsWith('s') ? [collection] : [collection, `${collection}s`], names);
}

function findListAt(contract: SuiteContract, paths: readonly string[], names: readonly string[]): { op: SuiteOperation; field: string } | undefined {
  for (const path of paths) {
    for (const op of contract.operations) {
      if (op.method !== 'GET' || op.path !== path) continue;
      const field = listField(op, names);
      if (field) return { op, field };
    }
  }
  return undefined;
}

/** The source of the path parameter `name` that follows the segments `before`; undefined when the contract names none. */
export function sourceOf(contract: SuiteContract, before: readonly string[], name: string): IdSource | undefined {
  const tail = before[before.length - 1];
  if (tail === undefined || paramName(tail) !== undefined) return undefined;
  const collection = joinSegments(before);
  const names = idFieldNames(collection, name);
  let list = findList(contract, collection, names);
  // A create makes ids only when it answers the field the items carry the id in (by default `uuid`).
  const field = list?.field ?? 'uuid';
  const create = field === 'uuid' || field.endsWith('_uuid') ? findCreate(contract, collection, field) : undefined;
  // A create at a literal path under the collection may be listed at that path too
  // (`GET /api/v1/data/tables` beside `POST /api/v1/data/tables` for `/api/v1/data/{uuid}`).
  if (!list && create && create.path !== collection) {
    const beside = findListAt(contract, [create.path], names);
    if (beside?.field === field) list = beside;
  }
  if (!list && !create) return undefined;
  const parents = before.map(paramName).filter((p): p is string => p !== undefined);
  return { collection, parents, field, list: list?.op, create };
}

/** A path parameter that names one item: a uuid, or a free string such as a contact field's `key` (not an enum). */
function isIdentifier(schema: { type?: unknown; format?: unknown; enum?: unknown; const?: unknown }): boolean {
  if (schema.format === 'uuid') return true;
  return schema.type === 'string' && schema.enum === undefined && schema.const === undefined;
}

/** The id parameters of an operation's path (uuids and free-string keys), each with its source. */
export function idParams(contract: SuiteContract, op: SuiteOperation): IdParam[] {
  const parts = segments(op.path);
  const out: IdParam[] = [];
  for (const [i, segment] of parts.entries()) {
    const name = paramName(segment);
    if (name === undefined) continue;
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    if (!param || !isIdentifier(param.schema)) continue;
    out.push({ name, source: sourceOf(contract, parts.slice(0, i), name) });
  }
  return out;
}
