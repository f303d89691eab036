// The contract the suite certifies against: generated/openapi.json, read once per process and
// turned into one SuiteOperation per operation (validators compiled on first use, and the coercing
// Ajv made on first use: a run narrowed to a few operations compiles only what it needs).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ContractAjv, createContractAjv, lazyContractAjv } from '../../contract/ajv.ts';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { listOperations } from '../../contract/operations.ts';
import { describeOperation, type SuiteOperation } from './operation.ts';

export const CONTRACT_PATH = resolve(import.meta.dirname, '../../generated/openapi.json');

export interface SuiteContract {
  doc: OpenApiDocument;
  /** Strict validators (response bodies, request bodies). */
  ajv: ContractAjv;
  /** Validators that coerce strings (query, path and header parameters). */
  coercing: ContractAjv;
  operations: SuiteOperation[];
  byId: Map<string, SuiteOperation>;
}

let cached: SuiteContract | undefined;

export function loadSuiteContract(path = CONTRACT_PATH): SuiteContract {
  if (cached && path === CONTRACT_PATH) return cached;
  const doc = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  const ajv = createContractAjv(doc);
  const coercing = lazyContractAjv(() => createContractAjv(doc, { coerceTypes: true }));
  const operations = listOperations(doc).map((op) => describeOperation(doc, op, ajv, coercing));
  const contract: SuiteContract = { doc, ajv, coercing, operations, byId: new Map(operations.map((o) => [o.operationId, o])) };
  if (path === CONTRACT_PATH) cached = contract;
  return contract;
}
