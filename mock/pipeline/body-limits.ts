// What a request body must be before it is parsed: JSON by its Content-Type, and nested no deeper
// than a limit (64 by default). A body sent as text/plain (what a browser's cross-origin "simple"
// request carries) is refused with 415, and a deeper body with 400, before any handler runs: the
// depth is measured by one pass over the bytes, with no recursion, so no body can exhaust the
// stack of the parser, the validator or the serializer later on. A request without a Content-Type
// is read as JSON (as curl without -H sends it).
import { ApiError, errors } from './api-error.ts';

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** True when the Content-Type (if any) names JSON: application/json or application/<x>+json. */
export function isJsonContentType(header: string | undefined): boolean {
  return header === undefined || header.trim() === '' || JSON_MEDIA.test(header.trim());
}

export function unsupportedMediaType(header: string): ApiError {
  return new ApiError(415, 'BAD_REQUEST', 'Unsupported media type', `The request body must be JSON (Content-Type: application/json), not ${header.split(';')[0]?.trim()}.`, {
    outsideContract: true,
  });
}

/**
 * The deepest nesting of arrays and objects in a JSON text, stopping as soon as it passes `limit`.
 * Works on the raw UTF-8 bytes: brackets, quotes and backslashes are single bytes that never occur
 * inside a multi-byte character.
 */
export function jsonDepthExceeds(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > limit) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}

/** The body-limit refusal of a request body, or undefined when it may be parsed. */
export function bodyLimitError(contentType: string | undefined, bytes: Uint8Array, maxDepth: number): ApiError | undefined {
  if (bytes.length === 0) return undefined;
  if (!isJsonContentType(contentType)) return unsupportedMediaType(contentType ?? '');
  if (jsonDepthExceeds(bytes, maxDepth)) return errors.badRequest(`The request body nests arrays and objects deeper than ${maxDepth} levels.`);
  return undefined;
}
