// A running mock for tests, reached through one of two transports with the same client:
// - `http`: the node:http adapter on a free loopback port, called with undici; the tenant is chosen
//   by the Host header (`acme.localhost:<port>`), as a browser would send it;
// - `fetch`: the fetch adapter in-process (Request → Response), the tenant in the URL's host.
// Every mock a test starts validates its own responses against the contract (validateResponses),
// so a response that breaks the contract fails the request.
import { Agent, request } from 'undici';
import { fetchHandler } from '../../mock/adapters/fetch.ts';
import { createMockServer, listen } from '../../mock/adapters/node-http.ts';
import { createMock, type Mock, type MockOptions } from '../../mock/core/mock.ts';
import { MockClock } from '../../mock/time/clock.ts';
import { demoTenant } from './demo-tenants.ts';

export type Transport = 'http' | 'fetch';
export const TRANSPORTS: readonly Transport[] = ['http', 'fetch'];

/** 2026-12-01T09:30:00Z: 10:30 in Berlin (+01:00), 04:30 in New York (-05:00); after the demo fixtures' data. */
export const T0 = Date.parse('2026-12-01T09:30:00Z');

export interface CallOptions {
  /** Tenant subdomain (default `acme`); `null` sends a Host without a subdomain. */
  tenant?: string | null;
  /**
   * Bearer token; default: the tenant's all-permissions fixture token (acme's for a tenant the
   * mock's fixtures lack); `null`: no Authorization header.
   */
  token?: string | null;
  /** A raw Authorization header, instead of `token`. */
  authorization?: string;
  headers?: Record<string, string>;
  query?: Record<string, string> | string;
  /** A JSON body (serialized here). */
  json?: unknown;
  /** A raw body. */
  body?: string | Uint8Array;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  body: unknown;
  /** The parsed body, typed by the caller (e.g. with the generated operation types). */
  json<T>(): T;
}

export interface Harness {
  readonly transport: Transport;
  readonly mock: Mock;
  readonly clock: MockClock;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** A call to the control API (`/__mock…`), with no tenant and no token. */
  control(method: string, path: string, json?: unknown): Promise<Reply>;
  close(): Promise<void>;
}

/** Options for a test mock: frozen at T0 unless a clock is given; responses always validated. */
export function testMock(options: MockOptions = {}): Mock {
  return createMock({ clock: new MockClock({ frozenAt: T0 }), ...options, validateResponses: true });
}

export async function startHarness(transport: Transport, options: MockOptions = {}): Promise<Harness> {
  const mock = testMock(options);
  const send = transport === 'http' ? await httpSender(mock) : fetchSender(mock);
  const harness: Harness = {
    transport,
    mock,
    clock: mock.clock,
    call(method, path, opts = {}) {
      const tenant = opts.tenant === undefined ? 'acme' : opts.tenant;
      const headers: Record<string, string> = { ...opts.headers };
      const authorization = opts.authorization ?? bearer(mock, tenant, opts.token);
      if (authorization !== undefined) headers.authorization = authorization;
      let body: string | Uint8Array | undefined = opts.body;
      if (opts.json !== undefined) {
        body = JSON.stringify(opts.json);
        headers['content-type'] ??= 'application/json';
      }
      const query = typeof opts.query === 'string' ? opts.query : new URLSearchParams(opts.query ?? {}).toString();
      return send.exchange(method, `${path}${query === '' ? '' : `?${query}`}`, tenant, headers, body);
    },
    control(method, path, json) {
      const headers: Record<string, string> = json === undefined ? {} : { 'content-type': 'application/json' };
      return send.exchange(method, `${mock.config.controlPrefix}${path}`, null, headers, json === undefined ? undefined : JSON.stringify(json));
    },
    close: send.close,
  };
  return harness;
}

function bearer(mock: Mock, tenant: string | null, token: string | null | undefined): string | undefined {
  if (token === null) return undefined;
  if (token !== undefined) return `Bearer ${token}`;
  const own = mock.fixtures.find((ws) => ws.slug === tenant);
  return `Bearer ${own ? demoTenant(own.slug, mock.fixtures).fullToken : demoTenant('acme').fullToken}`;
}

interface Sender {
  exchange(method: string, target: string, tenant: string | null, headers: Record<string, string>, body: string | Uint8Array | undefined): Promise<Reply>;
  close(): Promise<void>;
}

async function httpSender(mock: Mock): Promise<Sender> {
  const server = createMockServer(mock);
  // Port 0: the system picks a free port, with no window for another process to take it.
  const origin = await listen(server, 0, '127.0.0.1');
  const port = new URL(origin).port;
  const dispatcher = new Agent({ connections: 16 });
  return {
    async exchange(method, target, tenant, headers, body) {
      const host = tenant === null ? `localhost:${port}` : `${tenant}.${mock.config.baseDomain}:${port}`;
      const res = await request(`${origin}${target}`, { method: method as 'GET', headers: { ...headers, host }, body, dispatcher });
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
      return reply(res.statusCode, out, await res.body.text());
    },
    async close() {
      await dispatcher.close();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function fetchSender(mock: Mock): Sender {
  const handler = fetchHandler(mock);
  return {
    async exchange(method, target, tenant, headers, body) {
      const host = tenant === null ? 'localhost' : `${tenant}.${mock.config.baseDomain}`;
      const res = await handler(new Request(`http://${host}${target}`, { method, headers, ...(body === undefined ? {} : { body }) }));
      const out: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        out[name] = value;
      });
      return reply(res.status, out, await res.text());
    },
    async close() {},
  };
}

function reply(status: number, headers: Record<string, string>, text: string): Reply {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, headers, text, body, json: <T>() => body as T };
}
