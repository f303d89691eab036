// Seed "Response envelope": responses are JSON objects. A response with a body must say
// `application/json` and parse as JSON.
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

export const contentType: ExchangeCheck = {
  name: 'content-type',
  rule: 'seed "Response envelope": responses are JSON (application/json)',
  run(ex, ctx) {
    const { status, headers, text } = ex.response;
    if (status === 204 || status === 304) return 'pass';
    const type = headers['content-type'] ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return violation(`content-type is "${type || '(none)'}", not application/json`, 'documented');
    }
    if (text.trim() === '') return violation('the body is empty', 'documented');
    if (ctx.jsonError !== undefined) return violation(`the body is not JSON: ${ctx.jsonError}`, 'documented');
    return 'pass';
  },
};
