// The bundled contract (generated/openapi.json), parsed once per process from the generated module
// that holds its text (generated/contract-data.ts): the core reads no file, so it also runs in a
// browser bundle.
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { CONTRACT_JSON } from '../../generated/contract-data.ts';

let cached: OpenApiDocument | undefined;

/** The bundled contract's text, byte for byte generated/openapi.json. */
export function contractText(): string {
  return CONTRACT_JSON;
}

export function loadContract(): OpenApiDocument {
  cached ??= JSON.parse(CONTRACT_JSON) as OpenApiDocument;
  return cached;
}
