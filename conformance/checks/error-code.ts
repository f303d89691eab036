// Seed "Errors", the status table: a Shape B error carries the code of its status
// (401 MISSING_AUTH_TOKEN / INVALID_AUTH_TOKEN, 403 FORBIDDEN, 404 RESOURCE_NOT_FOUND /
// ENDPOINT_NOT_FOUND, 422 VALIDATION_ERROR / INVALID_FORMAT / INVALID_UUID with `field`,
// 429 RATE_LIMIT_EXCEEDED, 500 INTERNAL_SERVER_ERROR, 503 SERVICE_UNAVAILABLE). The codes for
// 400, 409, 413 and 502 are the contract's (inferred: the seed names no code for them). An
// operation whose documented response names its own code for the status (the published 409
// `webhook_limit_reached` of an agent's sixth webhook) is held to that code instead.
import { schemaLevels } from '../../contract/labels.ts';
import { getAtPointer } from '../../contract/pointer.ts';
import type { Part } from '../contract/operation.ts';
import type { CheckContext, ExchangeCheck, Violation } from './check.ts';

const CODES: Record<number, { codes: string[]; part: Part }> = {
  400: { codes: ['BAD_REQUEST'], part: 'inferred' },
  401: { codes: ['MISSING_AUTH_TOKEN', 'INVALID_AUTH_TOKEN'], part: 'documented' },
  403: { codes: ['FORBIDDEN'], part: 'documented' },
  404: { codes: ['RESOURCE_NOT_FOUND', 'ENDPOINT_NOT_FOUND'], part: 'documented' },
  409: { codes: ['CONFLICT'], part: 'inferred' },
  413: { codes: ['PAYLOAD_TOO_LARGE'], part: 'inferred' },
  422: { codes: ['VALIDATION_ERROR', 'INVALID_FORMAT', 'INVALID_UUID'], part: 'documented' },
  429: { codes: ['RATE_LIMIT_EXCEEDED'], part: 'documented' },
  500: { codes: ['INTERNAL_SERVER_ERROR'], part: 'documented' },
  502: { codes: ['BAD_GATEWAY'], part: 'inferred' },
  503: { codes: ['SERVICE_UNAVAILABLE'], part: 'documented' },
};

const SHARED_CODES = '#/components/schemas/ErrorCode';

/** The codes the documented response's own schema gives `error.code` (`const` or `enum`), if any. */
function ownCodes(ctx: CheckContext): { codes: string[]; part: Part } | undefined {
  const pointer = ctx.documented?.schemaPointer;
  if (pointer === undefined) return undefined;
  const levels = schemaLevels(ctx.contract.doc, pointer, ['error', 'code']);
  if (levels.length < 3) return undefined;
  // The shared code list (ErrorCode) is every status's; only a code set of the response's own counts.
  const codes = (levels[2] ?? [])
    .filter((p) => p !== SHARED_CODES)
    .flatMap((p) => {
      const node = getAtPointer(ctx.contract.doc, p) as { const?: unknown; enum?: unknown } | undefined;
      if (typeof node?.const === 'string') return [node.const];
      return Array.isArray(node?.enum) ? node.enum.filter((v): v is string => typeof v === 'string') : [];
    });
  if (codes.length === 0) return undefined;
  // A response that also allows the shared codes (`oneOf` the general Shape B and its own) takes the status's usual codes too.
  const shared = (levels[2] ?? []).includes(SHARED_CODES) ? (CODES[ctx.documented?.status ?? 0]?.codes ?? []) : [];
  return { codes: [...new Set([...codes, ...shared])], part: ctx.partAt(['error', 'code']) };
}

export const errorCode: ExchangeCheck = {
  name: 'error-code',
  rule: 'seed "Errors": a Shape B error carries the code of its status, and `field` for validation errors',
  run(ex, ctx) {
    const { status } = ex.response;
    if (status < 400) return 'skip';
    const error = (ctx.json as { error?: { code?: unknown; field?: unknown } } | undefined)?.error;
    if (typeof error !== 'object' || error === null || typeof error.code !== 'string') return 'skip';
    const out: Violation[] = [];
    const expected = ownCodes(ctx) ?? CODES[status];
    if (expected && !expected.codes.includes(error.code)) {
      out.push({ message: `a ${status} carries code ${error.code}; expected ${expected.codes.join(' or ')}`, part: expected.part });
    }
    if (status === 422 && (typeof error.field !== 'string' || error.field === '')) {
      out.push({ message: `a 422 ${error.code} without error.field naming the offending field`, part: 'documented' });
    }
    return out.length > 0 ? out : 'pass';
  },
};
