// Every part of an operation with the label it resolves to (contract/labels.ts): the operation, each
// parameter, each request body property and each response (status) with its properties. A property
// is named by its dotted path from the body (`prompt.content`, `contacts[].email`, `data.items`).
import { expandSchema, type Label, labelAt, objectLabel, ownLabel } from './labels.ts';
import type { JsonObject } from './openapi-types.ts';
import type { ContractOperation } from './operations.ts';
import { getAtPointer, joinPointer } from './pointer.ts';

export type PartKind = 'operation' | 'parameter' | 'body' | 'response';

export interface ContractPart {
  kind: PartKind;
  /** `operation`; `query:page`; `prompt.content`; `200` or `200:data.id`. */
  name: string;
  label: Label;
  /** Pointers of the nodes that describe the part (its description is read from them). */
  pointers: string[];
}

/** How deep property paths are followed (the contract's bodies nest far less). */
const MAX_DEPTH = 8;

/** The dotted property paths under a schema, each with the schema nodes that describe it. */
export function propertyPaths(doc: unknown, root: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (pointers: string[], prefix: string, depth: number, trail: Set<string>): void => {
    if (depth > MAX_DEPTH) return;
    const children = new Map<string, string[]>();
    const add = (name: string, pointer: string): void => {
      const list = children.get(name) ?? [];
      list.push(pointer);
      children.set(name, list);
    };
    for (const pointer of pointers) {
      const schema = getAtPointer(doc, pointer) as JsonObject;
      const properties = schema.properties as JsonObject | undefined;
      if (properties) for (const name of Object.keys(properties)) add(name, joinPointer(pointer, 'properties', name));
      if (typeof schema.items === 'object' && schema.items !== null) add('[]', joinPointer(pointer, 'items'));
    }
    for (const [name, childPointers] of children) {
      const expanded: string[] = [];
      const seen = new Set<string>();
      for (const p of childPointers) expandSchema(doc, p, expanded, seen);
      if (expanded.some((p) => trail.has(p))) continue;
      const path = name === '[]' ? `${prefix}[]` : prefix === '' ? name : `${prefix}.${name}`;
      out.set(path, [...(out.get(path) ?? []), ...expanded]);
      walk(expanded, path, depth + 1, new Set([...trail, ...expanded]));
    }
  };
  const rootNodes = expandSchema(doc, root);
  walk(rootNodes, '', 0, new Set(rootNodes));
  return out;
}

/** Splits a dotted path (`contacts[].email`) into schema segments (`contacts`, `[]`, `email`). */
export function pathSegments(path: string): string[] {
  const out: string[] = [];
  for (const piece of path.split('.')) {
    const match = /^([^[]*)((?:\[\])*)$/.exec(piece);
    if (!match) {
      out.push(piece);
      continue;
    }
    if (match[1]) out.push(match[1]);
    for (let i = 0; i < (match[2] as string).length / 2; i++) out.push('[]');
  }
  return out;
}

export function schemaPointerOfBody(op: ContractOperation): string | undefined {
  if (!op.requestBody?.value.content?.['application/json']?.schema) return undefined;
  return joinPointer(op.requestBody.pointer, 'content', 'application/json', 'schema');
}

export function schemaPointerOfResponse(op: ContractOperation, status: string): string | undefined {
  const response = op.responses.get(status);
  if (!response?.value.content?.['application/json']?.schema) return undefined;
  return joinPointer(response.pointer, 'content', 'application/json', 'schema');
}

/** The operation's own label (documented when unlabelled is never assumed: unlabelled reads as inferred). */
export function operationLabel(op: ContractOperation): Label {
  return ownLabel(op.operation) ?? 'inferred';
}

/** Every part of an operation with its resolved label. */
export function operationParts(doc: unknown, op: ContractOperation): ContractPart[] {
  const opLabel = operationLabel(op);
  const parts: ContractPart[] = [{ kind: 'operation', name: 'operation', label: opLabel, pointers: [op.pointer] }];
  for (const p of op.parameters) {
    const label = labelAt(doc, joinPointer(p.pointer, 'schema'), [], objectLabel(doc, p.useSite, opLabel));
    parts.push({ kind: 'parameter', name: `${p.value.in}:${p.value.name}`, label, pointers: [p.pointer] });
  }
  const body = schemaPointerOfBody(op);
  if (body && op.requestBody) {
    const bodyLabel = objectLabel(doc, joinPointer(op.pointer, 'requestBody'), opLabel);
    for (const [path, pointers] of propertyPaths(doc, body)) {
      parts.push({ kind: 'body', name: path, label: labelAt(doc, body, pathSegments(path), bodyLabel), pointers });
    }
  }
  for (const status of op.responses.keys()) {
    const responseLabel = objectLabel(doc, joinPointer(op.pointer, 'responses', status), opLabel);
    const schema = schemaPointerOfResponse(op, status);
    const statusLabel = schema ? labelAt(doc, schema, [], responseLabel) : responseLabel;
    parts.push({ kind: 'response', name: status, label: responseLabel, pointers: [(op.responses.get(status) as { pointer: string }).pointer] });
    if (!schema) continue;
    for (const [path, pointers] of propertyPaths(doc, schema)) {
      parts.push({ kind: 'response', name: `${status}:${path}`, label: labelAt(doc, schema, pathSegments(path), statusLabel), pointers });
    }
  }
  return parts;
}
