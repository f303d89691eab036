// Reads the bundled contract (generated/openapi.json), once per process.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';

let cached: OpenApiDocument | undefined;

export const BUNDLED_SPEC_PATH = resolve(import.meta.dirname, '../../generated/openapi.json');

export function loadContract(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(BUNDLED_SPEC_PATH, 'utf8')) as OpenApiDocument;
  return cached;
}
