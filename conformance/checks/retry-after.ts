// Seed "Limits": over the limit, HTTP 429 with a `Retry-After` header (seconds); seed "Errors":
// the 429 body also carries `error.retryAfter` (integer seconds).
import type { ExchangeCheck, Violation } from './check.ts';

export const retryAfter: ExchangeCheck = {
  name: 'retry-after',
  rule: 'seed "Limits": a 429 carries Retry-After (seconds) and error.retryAfter',
  run(ex, ctx) {
    if (ex.response.status !== 429) return 'skip';
    const header = ex.response.headers['retry-after'];
    if (header === undefined) return [{ message: 'a 429 without a Retry-After header', part: 'documented' }];
    if (!/^\d+$/.test(header.trim())) return [{ message: `Retry-After "${header}" is not a whole number of seconds`, part: 'documented' }];
    const body = ctx.json as { error?: { retryAfter?: unknown } } | undefined;
    if (body?.error === undefined) return 'pass';
    const out: Violation[] = [];
    const value = body.error.retryAfter;
    if (!Number.isInteger(value) || (value as number) < 0) out.push({ message: 'the 429 body has no integer error.retryAfter', part: 'documented' });
    else if (Math.abs((value as number) - Number(header)) > 1) {
      out.push({ message: `Retry-After ${header} and error.retryAfter ${String(value)} disagree`, part: 'inferred' });
    }
    return out.length > 0 ? out : 'pass';
  },
};
