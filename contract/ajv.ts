// One Ajv (JSON Schema 2020-12) instance per contract document. Schemas are compiled by JSON
// pointer into the document, so `#/components/schemas/...` references resolve as written.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './openapi-types.ts';

export const CONTRACT_SCHEMA_ID = 'https://contract.local/openapi.json';

// OpenAPI keywords and the project's extensions that may appear inside schemas.
// The document's own top-level keys are annotations too, since the document is registered whole.
const DOCUMENT_KEYS = ['x-generated', 'openapi', 'info', 'servers', 'security', 'tags', 'paths', 'components', 'webhooks', 'jsonSchemaDialect'];
const ANNOTATIONS = [...DOCUMENT_KEYS, 'example', 'discriminator', 'xml', 'externalDocs', 'x-contract', 'x-contract-constraints', 'x-error-code', 'x-secret'];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface ContractAjv {
  ajv: Ajv2020;
  /** Compiles (once) the schema at `pointer` (with leading '#') in the document. */
  validator(pointer: string): ValidateFunction;
}

export interface ContractAjvOptions {
  /** Coerce strings to the schema's types (for query, path and header parameters). */
  coerceTypes?: boolean;
}

export function createContractAjv(doc: OpenApiDocument, options: ContractAjvOptions = {}): ContractAjv {
  const ajv = new Ajv2020({
    coerceTypes: options.coerceTypes ? 'array' : false,
    verbose: true,
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    strictTuples: false,
    allowUnionTypes: true,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addVocabulary(ANNOTATIONS);
  // The whole document is registered under one id, so any schema in it is addressed by its pointer.
  ajv.addSchema({ ...doc, $id: CONTRACT_SCHEMA_ID } as object);
  const cache = new Map<string, ValidateFunction>();
  return {
    ajv,
    validator(pointer) {
      let fn = cache.get(pointer);
      if (!fn) {
        fn = ajv.compile({ $ref: `${CONTRACT_SCHEMA_ID}${pointer}` });
        cache.set(pointer, fn);
      }
      return fn;
    },
  };
}

/** A ContractAjv made on first use (its document is registered then): for validators a run may never need. */
export function lazyContractAjv(make: () => ContractAjv): ContractAjv {
  let made: ContractAjv | undefined;
  return {
    get ajv() {
      made ??= make();
      return made.ajv;
    },
    validator(pointer) {
      made ??= make();
      return made.validator(pointer);
    },
  };
}
