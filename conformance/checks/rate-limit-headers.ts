// Seed "Limits": `X-RateLimit-Limit` and `X-RateLimit-Remaining` on every response, as
// non-negative integers with Remaining never above Limit.
import type { ExchangeCheck } from './check.ts';
import { violation } from './check.ts';

const INTEGER = /^\d+$/;

export const rateLimitHeaders: ExchangeCheck = {
  name: 'rate-limit-headers',
  rule: 'seed "Limits": X-RateLimit-Limit and X-RateLimit-Remaining on every response',
  run(ex) {
    const limit = ex.response.headers['x-ratelimit-limit'];
    const remaining = ex.response.headers['x-ratelimit-remaining'];
    const missing = [limit === undefined ? 'X-RateLimit-Limit' : '', remaining === undefined ? 'X-RateLimit-Remaining' : ''].filter(Boolean);
    if (missing.length > 0) return violation(`missing ${missing.join(' and ')}`, 'documented');
    if (!INTEGER.test(String(limit).trim()) || !INTEGER.test(String(remaining).trim())) {
      return violation(`X-RateLimit-Limit "${limit}" and X-RateLimit-Remaining "${remaining}" must be non-negative integers`, 'documented');
    }
    if (Number(remaining) > Number(limit)) return violation(`X-RateLimit-Remaining ${remaining} exceeds X-RateLimit-Limit ${limit}`, 'documented');
    return 'pass';
  },
};
