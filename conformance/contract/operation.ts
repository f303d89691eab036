// One operation as the suite sees it: parameters with their schemas and examples, the request
// body, each documented response with its error shape (seed "Errors": Shape A or Shape B) and
// required headers, and the label of each part (x-contract, resolved by contract/labels.ts):
// documented, published or inferred.
import type { ValidateFunction } from 'ajv';
import type { ContractAjv } from '../../contract/ajv.ts';
import { CONTRACT_SCHEMA_ID } from '../../contract/ajv.ts';
import { deref } from '../../contract/deref.ts';
import { type Label, labelAt, objectConstraintLabel, objectLabel, ownLabel } from '../../contract/labels.ts';
import type { JsonObject, MediaTypeObject, OpenApiDocument } from '../../contract/openapi-types.ts';
import { type ContractOperation, type ErrorShape, errorShapeOf } from '../../contract/operations.ts';
import { joinPointer } from '../../contract/pointer.ts';
import { type FieldPaths, fieldPaths } from './fields.ts';

/** The label of the part a finding is about: documented (the seed), published (the published API) or inferred (designed). */
export type Part = Label;
export type { ErrorShape } from '../../contract/operations.ts';

export interface SuiteParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** Pointer of the parameter's schema in the document. */
  schemaPointer: string;
  /** The schema with its top-level $ref resolved. */
  schema: JsonObject;
  examples: unknown[];
  /** The parameter's label (its own, or its schema's, or the operation's). */
  label: Part;
  /** The label of one of its schema's constraint keywords (`maximum`, `enum`, ...). */
  constraintLabel(keyword: string): Part;
  /** The label of its being required (`x-contract-constraints` on the parameter object, else its own label). */
  requiredLabel: Part;
  isArray: boolean;
  /** Validates `{ v: value }` with string coercion, as a server reads a query or path value. */
  validate: ValidateFunction;
}

export interface SuiteBody {
  required: boolean;
  schemaPointer: string;
  examples: unknown[];
  validate(): ValidateFunction;
  /** The label of the value at `segments` of the body (with `keyword`: of that constraint on it). */
  labelAt(segments: readonly string[], keyword?: string): Part;
}

export interface SuiteResponse {
  status: number;
  pointer: string;
  schemaPointer: string | undefined;
  shape: ErrorShape | undefined;
  /** Lower-case names of the headers the response must carry. */
  requiredHeaders: string[];
  /** The response's label (its own, or the operation's). */
  label: Part;
  /** The label of the value at `segments` of the body, or of its constraint `keyword` (the response's when the contract gives no schema). */
  labelAt(segments: readonly string[], keyword?: string): Part;
  /** Where the contract puts the fields of this answer (fields.ts); undefined without a schema. */
  fields: FieldPaths | undefined;
  examples: unknown[];
}

export interface SuiteOperation {
  operationId: string;
  method: string;
  path: string;
  contract: Part;
  permission: string;
  /** x-rate-limit: outbound-send (seed "Limits": 5 accepted requests per second per workspace). */
  sendLimited: boolean;
  /** x-acts-for-person: with a workspace token the request names the acting member in `user_email`. */
  actsForPerson: boolean;
  parameters: SuiteParameter[];
  body: SuiteBody | undefined;
  responses: Map<number, SuiteResponse>;
  successStatuses: number[];
  responseValidator(status: number): ValidateFunction | undefined;
}

export function describeOperation(doc: OpenApiDocument, op: ContractOperation, ajv: ContractAjv, coercing: ContractAjv): SuiteOperation {
  const opLabel: Part = ownLabel(op.operation) ?? 'inferred';
  const parameters = op.parameters.map(({ value, pointer, useSite }): SuiteParameter => {
    const schemaPointer = joinPointer(pointer, 'schema');
    const schema = deref<JsonObject>(doc, value.schema ?? {}, schemaPointer).value;
    const own = objectLabel(doc, useSite, opLabel);
    const label = labelAt(doc, schemaPointer, [], own);
    let compiled: SuiteParameter['validate'] | undefined;
    return {
      name: value.name,
      in: value.in,
      required: value.required === true,
      schemaPointer,
      schema,
      examples: examplesOf(value as JsonObject, schema),
      label,
      constraintLabel: (keyword) => labelAt(doc, schemaPointer, [], own, keyword),
      requiredLabel: objectConstraintLabel(doc, useSite, 'required', label),
      isArray: schema.type === 'array',
      // Compiled on first use: a run narrowed to a few operations compiles only theirs.
      get validate() {
        compiled ??= coercing.ajv.compile({ type: 'object', properties: { v: { $ref: `${CONTRACT_SCHEMA_ID}${schemaPointer}` } } });
        return compiled;
      },
    };
  });

  const media = op.requestBody?.value.content?.['application/json'];
  let body: SuiteBody | undefined;
  if (op.requestBody && media?.schema) {
    const schemaPointer = joinPointer(op.requestBody.pointer, 'content', 'application/json', 'schema');
    const bodyLabel = objectLabel(doc, joinPointer(op.pointer, 'requestBody'), opLabel);
    body = {
      required: op.requestBody.value.required === true,
      schemaPointer,
      examples: mediaExamples(media),
      validate: () => ajv.validator(schemaPointer),
      labelAt: (segments, keyword) => labelAt(doc, schemaPointer, segments, bodyLabel, keyword),
    };
  }

  const responses = new Map<number, SuiteResponse>();
  for (const [status, located] of op.responses) {
    const content = located.value.content?.['application/json'];
    const schema = content?.schema as JsonObject | undefined;
    const shape = errorShapeOf(located.value);
    const requiredHeaders: string[] = [];
    for (const [name, header] of Object.entries(located.value.headers ?? {})) {
      const resolved = deref<JsonObject>(doc, header, joinPointer(located.pointer, 'headers', name)).value;
      if (resolved.required === true) requiredHeaders.push(name.toLowerCase());
    }
    const schemaPointer = schema ? joinPointer(located.pointer, 'content', 'application/json', 'schema') : undefined;
    const responseLabel = objectLabel(doc, joinPointer(op.pointer, 'responses', status), opLabel);
    responses.set(Number(status), {
      status: Number(status),
      pointer: located.pointer,
      schemaPointer,
      shape,
      requiredHeaders,
      label: responseLabel,
      labelAt: (segments, keyword) => (schemaPointer === undefined ? responseLabel : labelAt(doc, schemaPointer, segments, responseLabel, keyword)),
      fields: schemaPointer === undefined ? undefined : fieldPaths(doc, schemaPointer),
      examples: content ? mediaExamples(content) : [],
    });
  }

  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    contract: opLabel,
    permission: op.permission,
    sendLimited: op.sendLimited,
    actsForPerson: op.actsForPerson,
    parameters,
    body,
    responses,
    successStatuses: [...responses.keys()].filter((s) => s >= 200 && s < 300),
    responseValidator(status) {
      const pointer = responses.get(status)?.schemaPointer;
      return pointer === undefined ? undefined : ajv.validator(pointer);
    },
  };
}

function mediaExamples(media: MediaTypeObject): unknown[] {
  const out: unknown[] = [];
  if (media.example !== undefined) out.push(media.example);
  for (const example of Object.values(media.examples ?? {})) if (example.value !== undefined) out.push(example.value);
  return out;
}

function examplesOf(parameter: JsonObject, schema: JsonObject): unknown[] {
  const out: unknown[] = [];
  if (parameter.example !== undefined) out.push(parameter.example);
  for (const example of Object.values((parameter.examples as Record<string, JsonObject> | undefined) ?? {})) {
    if (example.value !== undefined) out.push(example.value);
  }
  if (schema.example !== undefined) out.push(schema.example);
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  if (schema.default !== undefined) out.push(schema.default);
  if (Array.isArray(schema.enum)) out.push(schema.enum[0]);
  return out;
}
