// The `Prefer` request header, as Prism reads it: a client asks for one of the answers the contract
// documents for the operation, without arranging the state that would produce it.
//   Prefer: code=404            the operation's 404, in its shape, with the document's code
//   Prefer: code=201            the operation's example for 201
//   Prefer: example=created     the named example of the operation's success response
//   Prefer: code=200, example=x both (the example is looked up under that status)
// It is read after authentication, tenant and permission (a Prefer never skips a 401, 403 or
// unknown-workspace 404) and answers without running the handler, so nothing changes.
// A status the operation does not document, or an unknown example, is 422 in Shape B naming what
// the operation offers.
import type { OperationInfo } from '../contract/operation-table.ts';
import { ApiError, errors } from './api-error.ts';

export interface Preference {
  code?: number;
  example?: string;
}

export type PreferredAnswer =
  | { kind: 'example'; status: number; body: unknown; applied: string }
  | { kind: 'error'; error: ApiError; applied: string };

/** The `code` and `example` preferences of a Prefer header (others, e.g. `return=minimal`, are ignored). */
export function parsePrefer(header: string | undefined): Preference | undefined {
  if (header === undefined) return undefined;
  const preference: Preference = {};
  for (const part of header.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (key === 'code') preference.code = /^\d{3}$/.test(value) ? Number(value) : Number.NaN;
    else if (key === 'example') preference.example = value;
  }
  return preference.code === undefined && preference.example === undefined ? undefined : preference;
}

/** The answer a preference asks for, or an error (thrown by the caller) when the operation cannot give it. */
export function preferredAnswer(op: OperationInfo, preference: Preference): PreferredAnswer {
  const documented = [...op.statuses].sort((a, b) => a - b);
  const { code, example } = preference;
  if (code !== undefined && !op.statuses.has(code)) {
    throw refuse(`${op.operationId} documents no ${Number.isNaN(code) ? 'such' : code} response; it documents ${documented.join(', ')}.`);
  }
  if (code !== undefined && (code < 200 || code >= 300)) {
    if (example !== undefined) throw refuse(`Prefer example= names a success example; code=${code} is an error status.`);
    return { kind: 'error', error: preferredError(op, code), applied: `code=${code}` };
  }
  const status = code ?? documented.find((s) => s >= 200 && s < 300);
  const named = status === undefined ? undefined : op.examples.get(status);
  if (status === undefined || named === undefined) throw refuse(`${op.operationId} documents no success response.`);
  const applied = code === undefined ? `example=${example}` : example === undefined ? `code=${code}` : `code=${code}, example=${example}`;
  if (example !== undefined) {
    if (!named.has(example)) {
      const names = [...named.keys()];
      throw refuse(`${op.operationId} has no example "${example}" for ${status}; its examples: ${names.length ? names.join(', ') : 'none'}.`);
    }
    return { kind: 'example', status, body: named.get(example), applied };
  }
  // The first example of the status; a response without a body (204) answers none.
  const first = named.values().next();
  return { kind: 'example', status, body: first.done ? undefined : first.value, applied };
}

/** The error of a status as the document gives it: its code, a field for 422, Retry-After for 429. */
function preferredError(op: OperationInfo, status: number): ApiError {
  const details = `Answered as asked by the Prefer header (code=${status}).`;
  if (status === 422) return errors.validation('VALIDATION_ERROR', details, preferredField(op));
  return errors.forStatus(status, details);
}

/** A field the operation takes, for a preferred 422 (its first path parameter, query parameter or `body`). */
function preferredField(op: OperationInfo): string {
  return op.parameters.find((p) => p.in === 'path')?.name ?? op.parameters.find((p) => p.in === 'query')?.name ?? 'body';
}

function refuse(details: string): ApiError {
  return new ApiError(422, 'VALIDATION_ERROR', 'Validation failed', details, { field: 'Prefer', outsideContract: true });
}
