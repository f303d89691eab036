// Shared setup of the builder tests (builder agents, their rebuilds, builder apps and their files):
// one mock frozen at a given instant, served over node:http on a free loopback port for the whole
// file, reset before each test (fixtures reloaded, no faults, clock back at that instant), and the
// helpers the tests call it with: `send` (any path, JSON in, JSON or text out), `api` (/api/v1 with
// acme's all-permissions token), `control` (the control API, no token) and `advance` (the clock).
// `builderAgentHelpers` adds the builder-agent conversation helpers on top.
//
// Not test/support/harness.ts: these tests reach acme through the mock's `defaultTenant` (no
// tenant Host header), send `content-type: application/json` on every request, and read a non-JSON
// body as its text, all of which differ from the harness client; they only share its `testMock`.
import type { Server } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createMockServer, listen, serverCertificate } from '../../mock/adapters/node-http.ts';
import type { Mock } from '../../mock/core/mock.ts';
import { MockClock } from '../../mock/time/clock.ts';
import { testMock } from './harness.ts';

export interface Reply {
  status: number;
  headers: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read loosely and asserted field by field
  body: any;
}

export interface BuilderApi {
  /** The running mock (set once the file's beforeAll has run). */
  readonly mock: Mock;
  /** The mock's origin, `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** Acme's all-permissions token, looked up again before each test. */
  readonly token: string;
  /** A request to any path; `auth` null sends no Authorization, `host` overrides the Host header. */
  send(method: string, path: string, body?: unknown, auth?: string | null, host?: string): Promise<Reply>;
  /** A request under /api/v1, with acme's token. */
  api(method: string, path: string, body?: unknown): Promise<Reply>;
  /** A request under /__mock, with no token. */
  control(method: string, path: string, body?: unknown): Promise<Reply>;
  /** A whole URL the mock handed out (a preview URL), requested as it is (HTTPS trusting the mock's certificate), with no token. */
  fetchUrl(url: string, method?: string): Promise<Reply>;
  /** Moves the mock clock forward. */
  advance(ms: number): void;
}

/** Registers the file's hooks (start, stop, reset before each test) for a mock frozen at `t0`. */
export function useBuilderApi(t0: number): BuilderApi {
  let mock: Mock;
  let server: Server;
  let base: string;
  let token: string;

  beforeAll(async () => {
    mock = testMock({ clock: new MockClock({ frozenAt: t0 }), defaultTenant: 'acme' });
    server = createMockServer(mock);
    base = await listen(server, 0, '127.0.0.1');
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    mock.store.load(mock.fixtures);
    mock.faults.set([]);
    mock.clock.freeze(t0);
    const all = mock.store.get('acme')?.state.tokens.find((t) => t.permissions.includes('*') && t.revoked_at === null);
    if (!all) throw new Error('the acme fixture needs a token with every permission');
    token = all.secret;
  });

  async function send(method: string, path: string, body?: unknown, auth: string | null = token, host?: string): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth !== null) headers.authorization = `Bearer ${auth}`;
    if (host !== undefined) headers.host = host;
    const res = await request(`${base}${path}`, { method: method as 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    const isJson = String(res.headers['content-type']).includes('json');
    return { status: res.statusCode, headers: res.headers, body: isJson && text !== '' ? JSON.parse(text) : text };
  }

  async function fetchUrl(url: string, method = 'GET'): Promise<Reply> {
    const ca = serverCertificate(server);
    const dispatcher = new Agent({ connect: { ca } });
    const res = await request(url, { method: method as 'GET', dispatcher });
    const text = await res.body.text();
    await dispatcher.close();
    return { status: res.statusCode, headers: res.headers, body: text };
  }

  return {
    fetchUrl,
    get mock() {
      return mock;
    },
    get base() {
      return base;
    },
    get token() {
      return token;
    },
    send,
    api: (method, path, body) => send(method, `/api/v1${path}`, body),
    control: (method, path, body) => send(method, `/__mock${path}`, body, null),
    advance: (ms) => mock.clock.advance(ms),
  };
}

/** Builder agent conversations through `api`: create, poll, and bring one to a status. */
export function builderAgentHelpers({ api, advance }: Pick<BuilderApi, 'api' | 'advance'>) {
  async function create(prompt: string, name?: string): Promise<Reply> {
    const res = await api('POST', '/builder-agents', name === undefined ? { prompt } : { prompt, name });
    expect(res.status).toBe(201);
    return res;
  }

  async function poll(uuid: string): Promise<Reply> {
    const res = await api('GET', `/builder-agents/${uuid}`);
    expect(res.status).toBe(200);
    return res;
  }

  /** A conversation brought to `status` through the prompt marker (processing: a long delay). */
  async function conversationIn(status: string): Promise<string> {
    if (status === 'processing') return (await create('A sign-up page [delay:600000]')).body.data.uuid;
    const uuid = (await create(`A sign-up page [outcome:${status}] [delay:1000]`)).body.data.uuid;
    advance(1000);
    expect((await poll(uuid)).body.data.status).toBe(status);
    return uuid;
  }

  return { create, poll, conversationIn };
}

/** A 409 in the error envelope, with a code of CONFLICT and details as text. */
export function expectConflict(res: Reply): void {
  expect(res.status).toBe(409);
  expect(res.body.success).toBe(false);
  expect(res.body.error.code).toBe('CONFLICT');
  expect(typeof res.body.error.details).toBe('string');
}
