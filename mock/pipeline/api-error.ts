// Errors are values with a status, a stable code (the spec's ErrorCode enum) and an optional
// field. One place (pipeline/render-error.ts) renders them in the shape the spec names.
import type { components } from '../../generated/api.ts';

/**
 * The shared codes, and the codes an operation's own error response names (the published
 * `webhook_limit_reached` of an agent's sixth webhook).
 */
export type ErrorCode = components['schemas']['ErrorCode'] | components['schemas']['AgentWebhookLimitError']['error']['code'];

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: string;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  /**
   * An answer of the HTTP layer that no operation of the contract lists (415, 408): rendered in
   * Shape B whatever the operation, and not checked against the operation's responses.
   */
  readonly outsideContract: boolean;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    details: string,
    extra: { field?: string; retryAfter?: number; outsideContract?: boolean } = {},
  ) {
    // An API error is an answer, not a fault of the mock: no stack trace is taken (capturing one
    // cost more than the rest of a 401's handling).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.code = code;
    this.details = details;
    this.field = extra.field;
    this.retryAfter = extra.retryAfter;
    this.outsideContract = extra.outsideContract === true;
  }
}

/** The error catalogue: one constructor per error the mock raises. */
export const errors = {
  badRequest: (details: string) => new ApiError(400, 'BAD_REQUEST', 'Malformed request', details),
  missingToken: () =>
    new ApiError(401, 'MISSING_AUTH_TOKEN', 'Authentication required', 'The Authorization header with a Bearer token is missing.'),
  invalidToken: () => new ApiError(401, 'INVALID_AUTH_TOKEN', 'Invalid authentication token', 'The token is wrong, revoked or malformed.'),
  forbidden: (permission: string) =>
    new ApiError(403, 'FORBIDDEN', 'Insufficient permissions', `The token lacks the permission ${permission}.`),
  /** A workspace policy refuses the operation (e.g. ANALYTICS_MESSAGES_EXPORT `disabled`). */
  policyForbidden: (details: string) => new ApiError(403, 'FORBIDDEN', 'Insufficient permissions', details),
  notFound: (what: string) => new ApiError(404, 'RESOURCE_NOT_FOUND', `${what} not found`, `No ${what.toLowerCase()} with that identifier exists in this workspace.`),
  tenantNotFound: (tenant: string) =>
    new ApiError(404, 'RESOURCE_NOT_FOUND', 'Workspace not found', `No workspace is addressed by the subdomain "${tenant}".`),
  endpointNotFound: (method: string, path: string) =>
    new ApiError(404, 'ENDPOINT_NOT_FOUND', 'Endpoint not found', `No endpoint ${method} ${path}.`),
  conflict: (message: string, details: string) => new ApiError(409, 'CONFLICT', message, details),
  payloadTooLarge: (limit: number) =>
    new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', `The request body exceeds ${limit} bytes.`),
  validation: (code: 'VALIDATION_ERROR' | 'INVALID_FORMAT' | 'INVALID_UUID', details: string, field?: string) =>
    new ApiError(422, code, 'Validation failed', details, field === undefined ? {} : { field }),
  rateLimited: (retryAfter: number, details: string) =>
    new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests', details, { retryAfter }),
  internal: (details: string) => new ApiError(500, 'INTERNAL_SERVER_ERROR', 'Unexpected error', details),
  badGateway: (details: string) => new ApiError(502, 'BAD_GATEWAY', 'Bad gateway', details),
  unavailable: (details: string, retryAfter?: number) =>
    new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', details, retryAfter === undefined ? {} : { retryAfter }),
  /**
   * An error of any status with the document's code for it (seed "Errors": e.g. 503
   * SERVICE_UNAVAILABLE; 502 BAD_GATEWAY is the contract's inferred code), as a forced response
   * without a body gets it. A status the table does not name gets the code of its class.
   * `outsideContract`: the operation does not list the status (rendered in Shape B, unchecked).
   */
  forStatus: (status: number, details: string, outsideContract = false): ApiError => {
    const known = STATUS_ERRORS[status];
    const extra = { outsideContract, ...(status === 429 || status === 503 ? { retryAfter: 1 } : {}) };
    if (known) return new ApiError(status, known[0], known[1], details, extra);
    return status >= 500 ? new ApiError(status, 'INTERNAL_SERVER_ERROR', 'Unexpected error', details, extra) : new ApiError(status, 'BAD_REQUEST', 'Request failed', details, extra);
  },
};

/** Each error status with its code and message (seed "Errors"; inferred codes per the ErrorCode schema). */
export const STATUS_ERRORS: Readonly<Record<number, readonly [ErrorCode, string]>> = {
  400: ['BAD_REQUEST', 'Malformed request'],
  401: ['MISSING_AUTH_TOKEN', 'Authentication required'],
  403: ['FORBIDDEN', 'Insufficient permissions'],
  404: ['RESOURCE_NOT_FOUND', 'Not found'],
  409: ['CONFLICT', 'Conflict'],
  413: ['PAYLOAD_TOO_LARGE', 'Payload too large'],
  422: ['VALIDATION_ERROR', 'Validation failed'],
  429: ['RATE_LIMIT_EXCEEDED', 'Too many requests'],
  500: ['INTERNAL_SERVER_ERROR', 'Unexpected error'],
  502: ['BAD_GATEWAY', 'Bad gateway'],
  503: ['SERVICE_UNAVAILABLE', 'Service unavailable'],
};
