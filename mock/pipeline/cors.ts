// CORS for browser front ends: preflight answered, and the headers a client must read exposed
// (X-Timezone, X-RateLimit-*, Retry-After, X-Mock-Source).
import type { MockRequest, MockResponse } from '../core/types.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Timezone, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After, X-Mock-Source',
});

export function preflight(req: MockRequest): MockResponse {
  return {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, X-Timezone',
      'access-control-max-age': '600',
      'x-timezone': 'UTC',
    },
    body: '',
  };
}
