// Request validation against the contract, with validators compiled once at start.
// Seed "Errors": malformed JSON → 400; a missing required field → 422 VALIDATION_ERROR with `field`;
// a broken format (E.164 and the like) → 422 INVALID_FORMAT; a malformed uuid → 422 INVALID_UUID.
import type { ErrorObject } from 'ajv';
import type { OperationInfo } from '../contract/operation-table.ts';
import { type ApiError, errors } from './api-error.ts';

export interface ValidatedInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function parseJsonBody(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; error: ApiError } {
  if (bytes.length === 0) return { ok: true, value: undefined };
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, error: errors.badRequest('Request body is not valid UTF-8.') };
  }
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: errors.badRequest(`Request body is not valid JSON: ${(error as Error).message}`) };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Body keys that hold ids: `agent_uuid`, `uuids`, `agentId`, `contact_ids`. */
const ID_KEY = /uuid|id$|ids$/i;

/** A UUID in its stored (lower-case) form; anything else as it is. UUIDs name records whatever their letter case. */
function lowerUuid(value: unknown): unknown {
  if (typeof value === 'string') return UUID.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return value.map(lowerUuid);
  return value;
}

/**
 * The body with the UUIDs of its id fields in lower case (the form every stored id has), walked
 * without recursion past the depth the body limit allows; other values are kept as sent.
 */
export function lowerBodyUuids(body: unknown, depth = 0): unknown {
  if (depth > 64 || body === null || typeof body !== 'object') return body;
  if (Array.isArray(body)) return body.map((item) => lowerBodyUuids(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) out[key] = ID_KEY.test(key) && (typeof value === 'string' || Array.isArray(value)) ? lowerUuid(lowerBodyUuids(value, depth + 1)) : lowerBodyUuids(value, depth + 1);
  return out;
}

/** The body with a `+` before every string of E.164 digits (the fault phone-plus-optional judges that form). */
function withPlus(body: unknown, depth = 0): unknown {
  if (typeof body === 'string') return /^[1-9][0-9]{0,14}$/.test(body) ? `+${body}` : body;
  if (depth > 64 || body === null || typeof body !== 'object') return body;
  if (Array.isArray(body)) return body.map((item) => withPlus(item, depth + 1));
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, withPlus(value, depth + 1)]));
}

/** The query parameters that set a page size. */
const PAGE_SIZES = new Set(['per_page', 'limit']);

/** Faults (pipeline/faults.ts) that loosen validation on purpose. */
export interface ValidationFaults {
  /** `page-size-uncapped`: a page size over its maximum is honoured. */
  uncappedPageSizes?: boolean;
  /** `phone-plus-optional`: a body's phone number without its `+` is accepted. */
  phonePlusOptional?: boolean;
  /** `uuid-case-sensitive`: path and query UUIDs are kept in the case they were sent in. */
  uuidCaseSensitive?: boolean;
  /**
   * Webhook delivery on (`--webhooks deliver`): a webhook URL (`url`, `targetUrl`) may be `http://`
   * to loopback, so a local receiver can be registered; the contract asks for https.
   */
  loopbackHttpUrls?: boolean;
}

/** `http://` to 127.0.0.1, [::1], localhost or a *.localhost name (any port or path). */
const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost|[a-z0-9.-]+\.localhost)(:\d{1,5})?([/?#]|$)/i;

/** The body with its loopback `http://` webhook URLs read as `https://`, for validation only. */
function withHttpsLoopback(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of ['url', 'targetUrl']) {
    const value = out[key];
    if (typeof value === 'string' && LOOPBACK_HTTP.test(value)) out[key] = `https://${value.slice('http://'.length)}`;
  }
  return out;
}

export function validateRequest(
  op: OperationInfo,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  headers: Record<string, string | undefined>,
  body: unknown,
  loosened: ValidationFaults = {},
): ValidatedInput | ApiError {
  const out: ValidatedInput = { path: {}, query: {}, body };
  for (const param of op.parameters) {
    let raw: unknown;
    if (param.in === 'path') raw = pathParams[param.name];
    // Array query parameters are `style: form` with `explode: false` in the contract (`uuids=a,b`);
    // the repeated form (`uuids=a&uuids=b`) is accepted too.
    else if (param.in === 'query') raw = param.isArray ? (query.has(param.name) ? query.getAll(param.name).flatMap((v) => v.split(',')) : undefined) : query.get(param.name) ?? undefined;
    else if (param.in === 'header') raw = headers[param.name.toLowerCase()];
    if (raw === undefined || raw === '') {
      if (param.required) return errors.validation('VALIDATION_ERROR', `The parameter ${param.name} is required.`, param.name);
      continue;
    }
    // Ignore timezone selection values here: an unknown zone name is ignored, never rejected.
    if (param.name === 'timezone' || param.name === 'X-Timezone') continue;
    const holder = { v: raw };
    if (!param.validate(holder)) {
      const overMaximum = loosened.uncappedPageSizes === true && PAGE_SIZES.has(param.name) && (param.validate.errors ?? []).every((e) => e.keyword === 'maximum');
      if (!overMaximum) return toApiError(param.validate.errors ?? [], param.name);
    }
    const value = loosened.uuidCaseSensitive ? holder.v : lowerUuid(holder.v);
    if (param.in === 'path') out.path[param.name] = value;
    else if (param.in === 'query') out.query[param.name] = value;
  }
  if (op.body) {
    if (body === undefined) {
      if (op.body.required) return errors.validation('VALIDATION_ERROR', 'A JSON request body is required.', 'body');
    } else if (!op.body.validate(body)) {
      const problems = op.body.validate.errors ?? [];
      const loosenedOk = (loosened.phonePlusOptional === true && op.body.validate(withPlus(body))) || (loosened.loopbackHttpUrls === true && op.body.validate(withHttpsLoopback(body)));
      if (!loosenedOk) return toApiError(problems, undefined);
      out.body = lowerBodyUuids(body);
    } else {
      out.body = lowerBodyUuids(body);
    }
  }
  return out;
}

/** Picks the most telling ajv error and maps it to the seed's codes. */
export function toApiError(list: ErrorObject[], parameter: string | undefined): ApiError {
  // A value of the wrong type as a whole says more than any rule about its content.
  const wholeType = list.find((e) => e.keyword === 'type' && e.instancePath === (parameter === undefined ? '' : '/v'));
  if (wholeType) return errors.validation('VALIDATION_ERROR', `The ${parameter === undefined ? 'body' : `parameter ${parameter}`} ${wholeType.message ?? 'has the wrong type'}.`, parameter ?? 'body');
  const relevant = list.filter((e) => !['oneOf', 'anyOf', 'if', 'not', 'const', 'type'].includes(e.keyword) || list.length === 1);
  const error = pick(relevant.length > 0 ? relevant : list);
  if (!error) return errors.validation('VALIDATION_ERROR', 'The request is not valid.', parameter);
  const field = fieldOf(error, parameter);
  const schemaCode = (error.parentSchema as { 'x-error-code'?: string } | undefined)?.['x-error-code'];
  const label = field ?? 'value';
  if (error.keyword === 'format' && error.params.format === 'uuid') {
    return errors.validation('INVALID_UUID', `The field ${label} is not a valid UUID.`, field);
  }
  if (error.keyword === 'format' || error.keyword === 'pattern') {
    const code = schemaCode === 'INVALID_UUID' ? 'INVALID_UUID' : 'INVALID_FORMAT';
    const parent = error.parentSchema as { description?: string; pattern?: string } | undefined;
    const plus = String(parent?.pattern).includes('\\+?') ? 'an optional + then' : '+ then';
    const extra = /E\.164/.test(String(parent?.description)) ? ` Phone numbers must be E.164: ${plus} up to 15 digits, no hyphens.` : '';
    return errors.validation(code, `The field ${label} has an invalid format.${extra}`, field);
  }
  if (error.keyword === 'required') {
    return errors.validation('VALIDATION_ERROR', `The field ${label} is required.`, field);
  }
  if (error.keyword === 'additionalProperties') {
    return errors.validation('VALIDATION_ERROR', `The field ${label} is not allowed.`, field);
  }
  const exclusive = error.keyword === 'not' ? (error.schema as { required?: unknown } | undefined)?.required : undefined;
  if (Array.isArray(exclusive)) {
    return errors.validation('VALIDATION_ERROR', `The fields ${exclusive.join(' and ')} cannot be sent together.`, field);
  }
  return errors.validation('VALIDATION_ERROR', `The field ${label} ${error.message ?? 'is invalid'}.`, field);
}

const PRIORITY: Record<string, number> = { required: 0, additionalProperties: 1, format: 2, pattern: 2 };

function pick(list: ErrorObject[]): ErrorObject | undefined {
  let best: ErrorObject | undefined;
  for (const e of list) {
    if (!best || (PRIORITY[e.keyword] ?? 5) < (PRIORITY[best.keyword] ?? 5)) best = e;
  }
  return best;
}

function fieldOf(error: ErrorObject, parameter: string | undefined): string {
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (parameter !== undefined) segments.shift(); // the `v` wrapper of a parameter value
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  // `not: {required: [a, b]}` (mutually exclusive fields): the first of them is the offending field.
  const excluded = error.keyword === 'not' ? (error.schema as { required?: unknown } | undefined)?.required : undefined;
  if (Array.isArray(excluded) && typeof excluded[0] === 'string') segments.push(excluded[0]);
  const inner = segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc === '' ? s : `${acc}.${s}`), '');
  if (parameter !== undefined) return inner === '' ? parameter : `${parameter}${inner.startsWith('[') ? '' : '.'}${inner}`;
  // A rule over the whole body (oneOf, not, minProperties) names the body itself: seed "Errors",
  // `field` is present for validation errors.
  return inner === '' ? 'body' : inner;
}
