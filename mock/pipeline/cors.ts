// CORS for browser front ends of the platform API: preflight answered, and the headers a client
// must read exposed (X-Timezone, X-RateLimit-*, Retry-After, X-Mock-Source). A preflight carries
// X-Timezone and the X-RateLimit-* headers like every other answer (it is not counted). The
// control API has its own, much narrower rule (control/access.ts).
import type { MockRequest, MockResponse } from '../core/types.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Timezone, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After, X-Mock-Source, Preference-Applied',
});

export function preflight(req: MockRequest, rate: { limit: number; remaining: number }): MockResponse {
  return {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, X-Timezone',
      'access-control-max-age': '600',
      'x-timezone': 'UTC',
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(rate.remaining),
    },
    body: '',
  };
}
