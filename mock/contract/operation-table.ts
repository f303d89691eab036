// Everything the mock needs to know about each operation, compiled once at start from the
// bundled contract: route, parameter and body validators, permission, rate-limit group, the
// error shape of each status, response validators and the example fallback.
import type { ValidateFunction } from 'ajv';
import { CONTRACT_SCHEMA_ID, type ContractAjv, createContractAjv } from '../../contract/ajv.ts';
import type { JsonObject, OpenApiDocument, ParameterObject } from '../../contract/openapi-types.ts';
import { type ContractOperation, errorShapeOf, listOperations } from '../../contract/operations.ts';
import { joinPointer } from '../../contract/pointer.ts';
import { ISO_INSTANT } from '../time/instants.ts';
import { RouteTable } from './route-table.ts';

import type { ErrorShape } from '../../contract/operations.ts';

export type { ErrorShape };

export interface ParameterInfo {
  name: string;
  in: ParameterObject['in'];
  required: boolean;
  isArray: boolean;
  /** Validates `{ v: value }`, coercing `v` to the parameter's type. */
  validate: ValidateFunction;
}

export interface ExampleResponse {
  status: number;
  body: unknown;
}

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  contract: 'documented' | 'inferred';
  permission: string;
  rateLimit: 'outbound-send' | undefined;
  actsForPerson: boolean;
  parameters: ParameterInfo[];
  body: { required: boolean; validate: ValidateFunction } | undefined;
  statuses: Set<number>;
  errorShape(status: number): ErrorShape;
  /** Validates a response body for a status; undefined when the status is not documented. */
  responseValidator(status: number): ValidateFunction | undefined;
  example: ExampleResponse | undefined;
  /** The named examples of each 2xx response (for `Prefer: code=` and `Prefer: example=`), in document order. */
  examples: Map<number, Map<string, unknown>>;
}

export interface OperationTable {
  doc: OpenApiDocument;
  operations: Map<string, OperationInfo>;
  routes: RouteTable<OperationInfo>;
}

export function buildOperationTable(doc: OpenApiDocument): OperationTable {
  // The two Ajv instances (each registers the whole document) are made when a first validator is.
  let strictAjv: ContractAjv | undefined;
  let coercingAjv: ContractAjv | undefined;
  const strict = (): ContractAjv => (strictAjv ??= createContractAjv(doc));
  const coercing = (): ContractAjv => (coercingAjv ??= createContractAjv(doc, { coerceTypes: true }));
  const operations = new Map<string, OperationInfo>();
  const routes = new RouteTable<OperationInfo>();
  for (const op of listOperations(doc)) {
    const info = describe(op, strict, coercing);
    operations.set(info.operationId, info);
    routes.add(op.path, op.method, info);
  }
  return { doc, operations, routes };
}

function describe(
  op: ContractOperation,
  strict: () => ContractAjv,
  coercing: () => ContractAjv,
): OperationInfo {
  // Validators are compiled on first use (a getter that replaces itself by the compiled function):
  // compiling every operation's up front was most of the mock's startup, and a run rarely calls
  // more than a few operations.
  const parameters: ParameterInfo[] = op.parameters.map(({ value, pointer }) => {
    const schemaPointer = joinPointer(pointer, 'schema');
    const schema = value.schema as JsonObject | undefined;
    return lazyValidate(
      { name: value.name, in: value.in, required: value.required === true, isArray: schema?.type === 'array' },
      () => coercing().ajv.compile({ type: 'object', properties: { v: { $ref: `${CONTRACT_SCHEMA_ID}${schemaPointer}` } } }),
    );
  });

  const media = op.requestBody?.value.content?.['application/json'];
  const bodyPointer = op.requestBody ? joinPointer(op.requestBody.pointer, 'content', 'application/json', 'schema') : '';
  const body =
    op.requestBody && media?.schema ? lazyValidate({ required: op.requestBody.value.required === true }, () => strict().validator(bodyPointer)) : undefined;

  const shapes = new Map<number, ErrorShape>();
  const validators = new Map<number, () => ValidateFunction>();
  let example: ExampleResponse | undefined;
  const examples = new Map<number, Map<string, unknown>>();
  for (const [status, response] of op.responses) {
    const code = Number(status);
    const content = response.value.content?.['application/json'];
    const schema = content?.schema as JsonObject | undefined;
    shapes.set(code, errorShapeOf(response.value) ?? 'B');
    if (schema) {
      const pointer = joinPointer(response.pointer, 'content', 'application/json', 'schema');
      validators.set(code, () => strict().validator(pointer));
    }
    if (!example && code >= 200 && code < 300 && content) {
      const first = content.example ?? Object.values(content.examples ?? {})[0]?.value;
      if (first !== undefined) example = { status: code, body: reviveInstants(first) };
    }
    if (code >= 200 && code < 300) {
      const named = new Map<string, unknown>();
      if (content?.example !== undefined) named.set('default', reviveInstants(content.example));
      for (const [name, value] of Object.entries(content?.examples ?? {})) {
        if (value.value !== undefined) named.set(name, reviveInstants(value.value));
      }
      examples.set(code, named);
    }
  }

  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    contract: op.contract,
    permission: op.permission,
    rateLimit: op.sendLimited ? 'outbound-send' : undefined,
    actsForPerson: op.actsForPerson,
    parameters,
    body,
    statuses: new Set(shapes.keys()),
    errorShape: (status) => shapes.get(status) ?? 'B',
    responseValidator: (status) => validators.get(status)?.(),
    example,
    examples,
  };
}

/** `target` with a `validate` property compiled by `compile` when first read, then kept as a plain value. */
function lazyValidate<T extends object>(target: T, compile: () => ValidateFunction): T & { validate: ValidateFunction } {
  return Object.defineProperty(target, 'validate', {
    configurable: true,
    enumerable: true,
    get(this: T) {
      const validate = compile();
      Object.defineProperty(this, 'validate', { value: validate, writable: true, enumerable: true, configurable: true });
      return validate;
    },
  }) as T & { validate: ValidateFunction };
}

/** Example timestamps become instants, so the serializer renders them in the applied zone. */
function reviveInstants(value: unknown): unknown {
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? new Date(value) : value;
  if (Array.isArray(value)) return value.map(reviveInstants);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveInstants(v)]));
  }
  return value;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
