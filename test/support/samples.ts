// Requests built from the contract's own examples: a path with each path parameter's example, the
// required query parameters' examples, and the first request body example. Used to call every
// operation validly (example fallback) and as seeds for the fuzz test.
import type { ContractOperation } from '../../contract/operations.ts';
import type { JsonObject } from '../../contract/openapi-types.ts';
import { getAtPointer } from '../../contract/pointer.ts';
import { contract } from './contract.ts';

export interface SampleRequest {
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The first request body example, when the operation takes a body. */
  body: unknown;
}

function resolve(schema: unknown): JsonObject | undefined {
  let current = schema as JsonObject | undefined;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) current = getAtPointer(contract, current.$ref) as JsonObject | undefined;
  return current;
}

/** A parameter's example: its own, or its schema's (following references), or the schema's first enum value. */
export function parameterExample(param: JsonObject): string | undefined {
  const schema = resolve(param.schema);
  const value = param.example ?? schema?.example ?? (Array.isArray(schema?.enum) ? schema.enum[0] : undefined) ?? schema?.default;
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

export function requestBodyExamples(op: ContractOperation): unknown[] {
  const media = op.requestBody?.value.content?.['application/json'];
  if (!media) return [];
  const out: unknown[] = [];
  if (media.example !== undefined) out.push(media.example);
  for (const example of Object.values(media.examples ?? {})) {
    const resolved = resolve(example);
    if (resolved?.value !== undefined) out.push(resolved.value);
  }
  return out;
}

/** The top-level property names of the operation's request body schema (through allOf). */
export function requestBodyKeys(op: ContractOperation): string[] {
  const keys = new Set<string>();
  const visit = (schema: unknown, depth: number): void => {
    const s = resolve(schema);
    if (!s || depth > 5) return;
    for (const key of Object.keys((s.properties as JsonObject | undefined) ?? {})) keys.add(key);
    for (const part of [...((s.allOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? []), ...((s.anyOf as unknown[]) ?? [])]) visit(part, depth + 1);
  };
  visit(op.requestBody?.value.content?.['application/json']?.schema, 0);
  return [...keys];
}

export function sampleRequest(op: ContractOperation): SampleRequest {
  let path = op.path;
  const query: Record<string, string> = {};
  for (const { value: param } of op.parameters) {
    const example = parameterExample(param);
    if (param.in === 'path') {
      if (example === undefined) throw new Error(`${op.operationId}: path parameter ${param.name} has no example`);
      path = path.replace(`{${param.name}}`, encodeURIComponent(example));
    } else if (param.in === 'query' && param.required === true) {
      if (example === undefined) throw new Error(`${op.operationId}: required query parameter ${param.name} has no example`);
      query[param.name] = example;
    }
  }
  return { operationId: op.operationId, method: op.method.toUpperCase(), path, query, body: requestBodyExamples(op)[0] };
}
