// Renders a response: JSON body with every instant in the applied zone, and the headers every
// response carries (seed: X-Timezone on every response; X-RateLimit-* on every response).
import type { MockResponse } from '../core/types.ts';
import { renderInstant } from '../time/instants.ts';

export interface ResponseHeadersInput {
  zone: string;
  limit: number;
  remaining: number;
  retryAfter?: number;
  extra?: Record<string, string>;
}

// Instants are rendered by Date.prototype.toJSON, replaced for the duration of one synchronous
// JSON.stringify call and restored in `finally` (nothing can run in between). A replacer function
// (called for every key) made serialisation about 2x slower; this runs near the speed of a plain
// stringify.
let renderZone = 'UTC';
function zonedToJSON(this: Date): string {
  return renderInstant(this, renderZone);
}

export function serializeBody(body: unknown, zone: string): string {
  if (body === undefined) return '';
  const previousZone = renderZone;
  const previous = Date.prototype.toJSON;
  renderZone = zone;
  Date.prototype.toJSON = zonedToJSON;
  try {
    return JSON.stringify(body);
  } finally {
    Date.prototype.toJSON = previous;
    renderZone = previousZone;
  }
}

export function buildResponse(status: number, body: unknown, h: ResponseHeadersInput): MockResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-timezone': h.zone,
    'x-ratelimit-limit': String(h.limit),
    'x-ratelimit-remaining': String(Math.max(0, h.remaining)),
  };
  if (h.retryAfter !== undefined) headers['retry-after'] = String(h.retryAfter);
  if (h.extra) Object.assign(headers, h.extra);
  return { status, headers, body: serializeBody(body, h.zone) };
}
