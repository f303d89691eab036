// Renders a response: JSON body with every instant in the applied zone, and the headers every
// response carries (seed: X-Timezone on every response; X-RateLimit-* on every response).
import type { MockResponse } from '../core/types.ts';
import { renderInstant } from '../time/instants.ts';

export interface ResponseHeadersInput {
  zone: string;
  limit: number;
  remaining: number;
  retryAfter?: number;
  /** Headers every answer of the API carries (CORS), then the exchange's own (`extra` wins). */
  common?: Readonly<Record<string, string>>;
  extra?: Record<string, string>;
}

// Instants are rendered before the body is stringified: a walk replaces every Date by its text in
// the zone, copying only the objects and arrays on the way to a Date (the state itself is never
// changed), and the result goes through one plain JSON.stringify. V8 serialises objects without a
// `toJSON` on a fast path; a single Date in a body (whose `toJSON` is a call back into JS) sent
// the whole body down the slow path, which made a token list read about four times slower.
// Objects with a `toJSON` of their own are left to it, as JSON.stringify would.
function zoned(value: unknown, zone: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return renderInstant(value, zone);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'object' || item === null) continue;
      const rendered = zoned(item, zone);
      if (rendered !== item) {
        copy ??= value.slice();
        copy[i] = rendered;
      }
    }
    return copy ?? value;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  let copy: Record<string, unknown> | undefined;
  // for…in walks the object's keys without building an array of them; the state holds plain
  // objects, whose prototype has no enumerable keys, so these are the keys JSON.stringify writes.
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field !== 'object' || field === null) continue;
    const rendered = zoned(field, zone);
    if (rendered !== field) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = rendered;
    }
  }
  return copy ?? value;
}

export function serializeBody(body: unknown, zone: string): string {
  if (body === undefined) return '';
  return JSON.stringify(zoned(body, zone));
}

export function buildResponse(status: number, body: unknown, h: ResponseHeadersInput): MockResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-timezone': h.zone,
    'x-ratelimit-limit': String(h.limit),
    'x-ratelimit-remaining': String(Math.max(0, h.remaining)),
  };
  if (h.retryAfter !== undefined) headers['retry-after'] = String(h.retryAfter);
  if (h.common) Object.assign(headers, h.common);
  if (h.extra) Object.assign(headers, h.extra);
  return { status, headers, body: serializeBody(body, h.zone) };
}
