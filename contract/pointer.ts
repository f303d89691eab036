// JSON Pointer helpers (RFC 6901) for addressing parts of the contract document.
import type { JsonObject } from './openapi-types.ts';

export function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapePointer(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

export function joinPointer(base: string, ...tokens: string[]): string {
  return base + tokens.map((t) => `/${escapePointer(t)}`).join('');
}

/** Reads the value a local pointer (`#/a/b` or `/a/b`) addresses; undefined when absent. */
export function getAtPointer(doc: unknown, pointer: string): unknown {
  const path = pointer.replace(/^#/, '');
  if (path === '') return doc;
  let node: unknown = doc;
  for (const raw of path.slice(1).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as JsonObject)[unescapePointer(raw)];
  }
  return node;
}
