// Resolves OpenAPI Reference Objects (`$ref` to #/components/responses, parameters, headers, ...)
// outside schemas, keeping the pointer of the resolved object so schemas inside it can be
// compiled by reference.
import type { JsonObject } from './openapi-types.ts';
import { getAtPointer } from './pointer.ts';

export interface Located<T> {
  value: T;
  /** JSON pointer (with leading '#') of `value` in the document. */
  pointer: string;
}

export function deref<T>(doc: unknown, value: unknown, pointer: string): Located<T> {
  let current = value;
  let at = pointer;
  const seen = new Set<string>();
  while (typeof current === 'object' && current !== null && typeof (current as JsonObject).$ref === 'string') {
    const ref = (current as JsonObject).$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`${at}: only local references are supported (${ref})`);
    if (seen.has(ref)) throw new Error(`${at}: reference cycle through ${ref}`);
    seen.add(ref);
    at = ref;
    current = getAtPointer(doc, ref);
    if (current === undefined) throw new Error(`${pointer}: unresolved reference ${ref}`);
  }
  return { value: current as T, pointer: at };
}
