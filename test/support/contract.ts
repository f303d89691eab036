// The contract as tests read it, independently of the mock's own response check: the bundled
// document, Ajv validators by JSON pointer, the two error shapes (seed "Errors": Shape A
// `{success:false, message, data:[]}`, Shape B `{success:false, message, error:{code, details,
// field?, retryAfter?}}`) and the wire types of each operation's responses.
import type { ValidateFunction } from 'ajv';
import { createContractAjv } from '../../contract/ajv.ts';
import { type ContractOperation, listOperations } from '../../contract/operations.ts';
import { joinPointer } from '../../contract/pointer.ts';
import type { operations } from '../../generated/api.ts';
import { loadContract } from '../../mock/contract/load.ts';

export const contract = loadContract();
export const contractOperations: ContractOperation[] = listOperations(contract);
const ajv = createContractAjv(contract);

export function operation(operationId: string): ContractOperation {
  const op = contractOperations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  return op;
}

/** The wire body of an operation's JSON response for a status. */
export type ResponseBody<K extends keyof operations, S extends keyof operations[K]['responses']> = operations[K]['responses'][S] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

export interface ErrorB {
  success: false;
  message: string;
  error: { code: string; details: string; field?: string; retryAfter?: number };
}

export interface ErrorA {
  success: false;
  message: string;
  data: unknown[];
}

const shapeA = ajv.validator('#/components/schemas/ErrorShapeA');
const shapeB = ajv.validator('#/components/schemas/ErrorShapeB');

/**
 * 'A' or 'B' when the body is exactly that shape (schema-valid and no other keys), else a
 * description of what is wrong.
 */
export function errorShapeOf(body: unknown): 'A' | 'B' | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `not an object: ${JSON.stringify(body)}`;
  const keys = Object.keys(body).sort().join(',');
  if (keys === 'data,message,success') return shapeA(body) ? 'A' : `invalid Shape A: ${ajv.ajv.errorsText(shapeA.errors)}`;
  if (keys === 'error,message,success') {
    const extra = Object.keys((body as ErrorB).error ?? {}).filter((k) => !['code', 'details', 'field', 'retryAfter'].includes(k));
    if (extra.length > 0) return `Shape B error with extra keys ${extra.join(',')}`;
    return shapeB(body) ? 'B' : `invalid Shape B: ${ajv.ajv.errorsText(shapeB.errors)}`;
  }
  return `neither shape, keys ${keys}`;
}

/** Validates a response body of an operation and status against the contract's schema. */
export function responseValidator(operationId: string, status: number): ValidateFunction {
  const op = operation(operationId);
  const response = op.responses.get(String(status));
  if (!response) throw new Error(`${operationId} documents no ${status}`);
  return ajv.validator(joinPointer(response.pointer, 'content', 'application/json', 'schema'));
}

export function schemaErrors(validate: ValidateFunction): string {
  return ajv.ajv.errorsText(validate.errors);
}
