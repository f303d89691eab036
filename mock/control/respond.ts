// Control API answers: JSON, and errors in the document's Shape B
// `{success: false, message, error: {code, details, field?}}` with a fixed message per status, so no
// internal message ever reaches a client.
import type { MockResponse } from '../core/types.ts';
import type { ApiError, ErrorCode } from '../pipeline/api-error.ts';

export function json(status: number, body: unknown): MockResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'UTC' }, body: JSON.stringify(body) };
}

const MESSAGES: Record<number, string> = {
  400: 'Malformed request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  500: 'Unexpected error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

const CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'MISSING_AUTH_TOKEN',
  403: 'FORBIDDEN',
  404: 'RESOURCE_NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'BAD_REQUEST',
  422: 'VALIDATION_ERROR',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** A Shape B error; `code` defaults to the status's usual code. */
export function fail(status: number, details: string, extra: { code?: ErrorCode; field?: string } = {}): MockResponse {
  const error: Record<string, string> = { code: extra.code ?? CODES[status] ?? 'BAD_REQUEST', details };
  if (extra.field !== undefined) error.field = extra.field;
  return json(status, { success: false, message: MESSAGES[status] ?? 'Request failed', error });
}

/** An ApiError (from validation or a state machine) as a control answer. */
export function failWith(error: ApiError): MockResponse {
  return fail(error.status, error.details, { code: error.code, ...(error.field === undefined ? {} : { field: error.field }) });
}
