// Who may use the control API. It can read every token and replace the whole state, so it answers
// only a local developer or test, never a web page of another site:
// - Host: a loopback name (localhost, 127.x.x.x, [::1]), the base domain, or a host named by
//   configuration (the CLI adds its --host). A page that rebinds its own domain's DNS to 127.0.0.1
//   still sends its own domain as Host, so DNS rebinding is refused. Tenant hosts
//   (`acme.localhost`) are the API's, not the control API's.
// - Origin: a browser names the page's origin on every cross-origin request and on every
//   non-GET request; any such request is refused unless the origin is allowed (--control-origin),
//   and only allowed origins get CORS headers. With no Origin header (curl, tests, scripts) the
//   request is not a browser page's.
// - Token: with --control-token, `Authorization: Bearer <token>` is required.
// - Body: a request that changes something carries JSON or nothing (a form or text/plain body, what
//   a page can send without a preflight, is refused with 415).
import type { ControlAccess } from '../core/config.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { isJsonContentType } from '../pipeline/body-limits.ts';
import { timingSafeEqualText } from '../platform/crypto.ts';
import { fail } from './respond.ts';

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|\[0:0:0:0:0:0:0:1\])$/;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface AccessContext {
  access: ControlAccess;
  baseDomain: string;
}

/** The host name of a Host header, lower case, without the port (IPv6 keeps its brackets). */
export function hostName(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

export function isControlHost(host: string | undefined, ctx: AccessContext): boolean {
  const name = hostName(host);
  if (name === '') return false;
  return LOOPBACK.test(name) || name === ctx.baseDomain.toLowerCase() || ctx.access.hosts.some((h) => h.toLowerCase() === name);
}

/** The request's Origin when it is allowed (it then gets CORS headers); undefined otherwise. */
export function allowedOrigin(req: MockRequest, access: ControlAccess): string | undefined {
  const origin = req.headers.origin;
  return origin !== undefined && access.origins.includes(origin) ? origin : undefined;
}

/** The refusal of a control request, or undefined when it may go on. */
export function controlRefusal(req: MockRequest, ctx: AccessContext): MockResponse | undefined {
  const { access } = ctx;
  if (!access.enabled) return fail(404, 'No such endpoint.', { code: 'ENDPOINT_NOT_FOUND' });
  if (!isControlHost(req.headers.host, ctx)) return fail(403, 'The control API answers only requests addressed to a loopback host name.');
  if (req.headers.origin !== undefined && allowedOrigin(req, access) === undefined) {
    return fail(403, 'The control API does not answer web pages of other origins (see --control-origin).');
  }
  const site = req.headers['sec-fetch-site'];
  if (req.headers.origin === undefined && (site === 'cross-site' || site === 'same-site')) {
    return fail(403, 'The control API does not answer web pages of other origins (see --control-origin).');
  }
  if (access.token !== undefined) {
    const given = /^Bearer[ \t]+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (given === undefined) return fail(401, 'The control API needs Authorization: Bearer <control token>.', { code: 'MISSING_AUTH_TOKEN' });
    if (!sameSecret(given, access.token)) return fail(401, 'The control token is wrong.', { code: 'INVALID_AUTH_TOKEN' });
  }
  if (req.method !== 'OPTIONS' && !SAFE_METHODS.has(req.method.toUpperCase()) && !isJsonContentType(req.headers['content-type'])) {
    return fail(415, 'A control request that changes something takes a JSON body (Content-Type: application/json) or none.');
  }
  return undefined;
}

/** CORS headers for an allowed origin; none otherwise. */
export function controlCors(req: MockRequest, access: ControlAccess): Record<string, string> {
  const origin = allowedOrigin(req, access);
  if (origin === undefined) return {};
  return {
    'access-control-allow-origin': origin,
    vary: 'Origin',
    'access-control-expose-headers': 'X-Timezone, X-RateLimit-Limit, X-RateLimit-Remaining',
  };
}

/** A preflight for the control API: allowed only for an allowed origin on a control host. */
export function controlPreflight(req: MockRequest, ctx: AccessContext): MockResponse {
  const refused = controlRefusal(req, { ...ctx, access: { ...ctx.access, token: undefined } });
  if (refused) return refused;
  if (allowedOrigin(req, ctx.access) === undefined) return fail(403, 'The control API answers no cross-origin requests.');
  return {
    status: 204,
    headers: {
      ...controlCors(req, ctx.access),
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type',
      'access-control-max-age': '600',
      'x-timezone': 'UTC',
    },
    body: '',
  };
}

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqualText(given, expected);
}
