// Enumerates the operations of a contract document with their parameters (path-level and
// operation-level merged, references resolved) and responses.
import { deref, type Located } from './deref.ts';
import {
  HTTP_METHODS,
  type HttpMethod,
  type JsonObject,
  type MediaTypeObject,
  type OpenApiDocument,
  type ParameterObject,
  type ResponseObject,
} from './openapi-types.ts';
import { joinPointer } from './pointer.ts';

export type ErrorShape = 'A' | 'B';

/** A parameter, resolved, with the pointer of its use site (where a label of its own may sit). */
export interface ContractParameter extends Located<ParameterObject> {
  useSite: string;
}

export interface ContractOperation {
  method: HttpMethod;
  path: string;
  operationId: string;
  pointer: string;
  operation: JsonObject;
  contract: 'documented' | 'inferred';
  /** x-permission: the permission a token needs ('' when none is named). */
  permission: string;
  /** x-rate-limit: outbound-send marks the four send operations (5 accepted per second per workspace). */
  sendLimited: boolean;
  /** x-acts-for-person: with a workspace token the request names the acting member in `user_email`. */
  actsForPerson: boolean;
  parameters: ContractParameter[];
  requestBody: Located<JsonObject & { required?: boolean; content?: Record<string, MediaTypeObject> }> | undefined;
  responses: Map<string, Located<ResponseObject>>;
}

export function listOperations(doc: OpenApiDocument): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [path, pathItem] of Object.entries(doc.paths)) {
    const pathPointer = joinPointer('#', 'paths', path);
    const resolve = (p: unknown, useSite: string): ContractParameter => ({ ...deref<ParameterObject>(doc, p, useSite), useSite });
    const shared = ((pathItem.parameters as unknown[] | undefined) ?? []).map((p, i) => resolve(p, joinPointer(pathPointer, 'parameters', String(i))));
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (!operation) continue;
      const pointer = joinPointer(pathPointer, method);
      const own = ((operation.parameters as unknown[] | undefined) ?? []).map((p, i) => resolve(p, joinPointer(pointer, 'parameters', String(i))));
      const byKey = new Map<string, ContractParameter>();
      for (const p of [...shared, ...own]) byKey.set(`${p.value.in}:${p.value.name}`, p);
      const responses = new Map<string, Located<ResponseObject>>();
      for (const [status, response] of Object.entries((operation.responses as JsonObject | undefined) ?? {})) {
        responses.set(status, deref<ResponseObject>(doc, response, joinPointer(pointer, 'responses', status)));
      }
      result.push({
        method,
        path,
        operationId: String(operation.operationId),
        pointer,
        operation,
        contract: operation['x-contract'] === 'documented' ? 'documented' : 'inferred',
        permission: String(operation['x-permission'] ?? ''),
        sendLimited: operation['x-rate-limit'] === 'outbound-send',
        actsForPerson: operation['x-acts-for-person'] === true,
        parameters: [...byKey.values()],
        requestBody:
          operation.requestBody === undefined
            ? undefined
            : deref(doc, operation.requestBody, joinPointer(pointer, 'requestBody')),
        responses,
      });
    }
  }
  return result;
}

/** The error shape a response names by its schema (seed "Errors"): Shape A, Shape B, or neither. */
export function errorShapeOf(response: ResponseObject): ErrorShape | undefined {
  const ref = (response.content?.['application/json']?.schema as JsonObject | undefined)?.$ref;
  if (ref === '#/components/schemas/ErrorShapeA') return 'A';
  if (ref === '#/components/schemas/ErrorShapeB') return 'B';
  return undefined;
}
