// The outcome the request was built to provoke (seed "Errors" and "Time handling"): a valid
// request is accepted (2xx) or meets a documented business error (404 for an unknown resource,
// 409, or a 422 VALIDATION_ERROR naming a field of the request), and when its path ids are tagged,
// what they call for (id-outcome.ts); an invalid one gets the status, code and field its fault
// calls for, never 2xx.
import type { Exchange } from '../http/exchange.ts';
import { weaker } from '../record/severity.ts';
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';
import { shapeOf } from './error-shape.ts';
import { idOutcome } from './id-outcome.ts';

/** `attachments[0].url` and `attachments.0.url` name the same place. */
export function fieldSegments(field: string): string[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

function present(value: unknown, segments: string[]): boolean {
  let node = value;
  for (const s of segments) {
    if (typeof node !== 'object' || node === null || !(s in node)) return false;
    node = (node as Record<string, unknown>)[s];
  }
  return true;
}

export function fieldInRequest(ex: Exchange, field: string): boolean {
  const segments = fieldSegments(field);
  if (segments.length === 0) return false;
  const head = segments[0] as string;
  if (ex.query && head in ex.query) return true;
  if (ex.pathParams && head in ex.pathParams) return true;
  return present(ex.requestJson, segments);
}

export function sameField(actual: string, expected: string): boolean {
  const a = fieldSegments(actual).join('.');
  const e = fieldSegments(expected);
  const full = e.join('.');
  // The same field, its leaf name, or a more precise place inside it (`uuids[0]` for `uuids`).
  return a === full || a === e[e.length - 1] || a.startsWith(`${full}.`);
}

/**
 * Whether the contract's examples of the answer show this code naming this field, a field the
 * operation's own request examples carry (a business rule it documents, as `pin` for 2FA): a
 * shared example naming another operation's field does not count.
 */
export function documentedField(examples: readonly unknown[], code: string, field: string, requestExamples: readonly unknown[]): boolean {
  const segments = fieldSegments(field);
  if (!requestExamples.some((example) => present(example, segments.slice(0, 1)))) return false;
  return examples.some((example) => {
    const error = (example as { error?: { code?: unknown; field?: unknown } } | null)?.error;
    return error?.code === code && typeof error.field === 'string' && sameField(field, error.field);
  });
}

export const expectedOutcome: ExchangeCheck = {
  name: 'expected-outcome',
  rule: 'seed "Errors": valid requests are accepted; invalid ones get the 4xx, code and field their fault calls for',
  run(ex, ctx) {
    const e = ex.expectation;
    if (!e || ex.retried) return 'skip';
    const { status } = ex.response;
    const shape = shapeOf(ctx.json);
    const error = (ctx.json as { error?: { code?: string; field?: string } } | undefined)?.error;
    const code = shape === 'B' ? error?.code : undefined;
    const field = shape === 'B' ? error?.field : undefined;
    const got = `${status}${code ? ` ${code}` : ''}${field ? ` (field ${field})` : ''}`;

    if (e.kind === 'accepted') {
      if (status === 404 && code === 'ENDPOINT_NOT_FOUND') return violation(`${e.what}: the endpoint does not exist on the target (${got})`, e.part);
      const byIds = idOutcome(e, ex, ctx, got);
      if (byIds !== undefined) return byIds;
      if (status >= 200 && status < 300) return 'pass';
      // Without path ids, a 404 is only right about something the request names that the suite made up.
      if (status === 404) {
        if ((e.references?.length ?? 0) > 0) return 'pass';
        // A DELETE of what the query names finds nothing once an earlier request removed it.
        if (ctx.op.method === 'DELETE' && ctx.op.responses.has(404)) return 'pass';
        return violation(`${e.what} got ${got}; the request names nothing unknown (no path id, no made-up reference), so 404 is not a documented business error here`, e.part);
      }
      if (status === 409) {
        if (ctx.op.responses.has(409)) return 'pass';
        return violation(`${e.what} got 409, a state conflict the contract does not document for ${ctx.op.operationId}`, e.part);
      }
      if (status === 422) {
        if (shape === 'A') return 'pass';
        const business =
          code === 'VALIDATION_ERROR' &&
          typeof field === 'string' &&
          (fieldInRequest(ex, field) || (ctx.op.actsForPerson && field === 'user_email') || documentedField(ctx.documented?.examples ?? [], code, field, ctx.op.body?.examples ?? []));
        if (business) return 'pass';
        return violation(`${e.what} was rejected with ${got}; a schema-valid request may only meet a business error naming one of its fields`, e.part);
      }
      return violation(`${e.what} got ${got}; a valid request is accepted (2xx) or meets a documented business error`, e.part);
    }

    if (!e.statuses.includes(status)) {
      const want = `${e.statuses.join(' or ')}${e.codes ? ` ${e.codes.join('/')}` : ''}`;
      const verdict = status < 300 ? 'was accepted' : `got ${got}`;
      return violation(`${e.what} ${verdict}; expected ${want}`, e.part);
    }
    if (shape === 'B' && e.codes && (code === undefined || !e.codes.includes(code))) {
      return violation(`${e.what} got ${got}; expected code ${e.codes.join(' or ')}`, weaker(e.part, e.codePart ?? e.part));
    }
    if (shape === 'B' && e.field !== undefined && field !== undefined && !sameField(field, e.field)) {
      return violation(`${e.what} got ${got}; expected error.field "${e.field}"`, 'inferred');
    }
    return 'pass';
  },
};
