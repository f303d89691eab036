// One workspace of the mock per test worker (README "A workspace per test"): `workspaceFor(i)` asks
// the control API for a clone of a fixture (POST /__mock/workspaces) and answers its address, its own
// tokens and a small JSON client; `release()` deletes it. Workers that each hold one never see each
// other's data, on one shared mock. A workspace a crashed run leaves behind goes by itself after the
// mock's --workspace-ttl of no use.
//
// With Playwright, a worker-scoped fixture (tests/fixtures.ts):
//
//   import { test as base } from '@playwright/test';
//   import { type WorkerWorkspace, workspaceFor } from './workspace.ts';
//
//   export const test = base.extend<{}, { workspace: WorkerWorkspace }>({
//     workspace: [async ({}, use, workerInfo) => {
//       const workspace = await workspaceFor(workerInfo.workerIndex);
//       await use(workspace);
//       await workspace.release();
//     }, { scope: 'worker' }],
//     // Pages open the worker's own tenant: browsers resolve *.localhost to loopback themselves.
//     baseURL: async ({ workspace }, use) => use(workspace.baseUrl),
//   });
//
// Node does not resolve *.localhost, so `api()` sends its requests to the mock's own address with
// the workspace's Host header (undici's request keeps a Host it is given; fetch would replace it).
import { randomUUID } from 'node:crypto';
import { request } from 'undici';

export interface WorkspaceToken {
  kind: 'workspace' | 'user';
  name: string;
  token: string;
  permissions: string[];
  member?: string;
}

export interface WorkerWorkspace {
  slug: string;
  /** `<slug>.localhost:<port>`. */
  host: string;
  /** The workspace's address for a browser (`http://acme-w0-1a2b3c.localhost:4010`). */
  baseUrl: string;
  /** An all-permissions workspace token of this workspace alone. */
  token: string;
  /** Every usable token of the workspace (workspace tokens and per-user tokens). */
  tokens: WorkspaceToken[];
  /** A JSON request to the workspace's API. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Deletes the workspace. */
  release(): Promise<void>;
}

export interface WorkspaceOptions {
  /** The mock's address on a loopback name (default MOCK_URL, else http://127.0.0.1:4010). */
  mockUrl?: string;
  /** The fixture to clone (default acme). */
  from?: string;
  /** The mock's --control-token, when it has one (default MOCK_CONTROL_TOKEN). */
  controlToken?: string;
}

/** A new workspace for worker `workerIndex`, cloned from a fixture; its slug names the worker. */
export async function workspaceFor(workerIndex: number, options: WorkspaceOptions = {}): Promise<WorkerWorkspace> {
  const mockUrl = (options.mockUrl ?? process.env.MOCK_URL ?? 'http://127.0.0.1:4010').replace(/\/$/, '');
  const from = options.from ?? 'acme';
  const controlToken = options.controlToken ?? process.env.MOCK_CONTROL_TOKEN;
  const control = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
    const res = await request(`${mockUrl}/__mock${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(controlToken ? { authorization: `Bearer ${controlToken}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.statusCode, text: await res.body.text() };
  };

  // A random part keeps the slug unique when several runs or developers share the mock.
  const slug = `${from}-w${workerIndex}-${randomUUID().slice(0, 6)}`;
  const created = await control('POST', '/workspaces', { from, slug });
  if (created.status !== 201) throw new Error(`the mock made no workspace for worker ${workerIndex}: ${created.status} ${created.text}`);
  const answer = JSON.parse(created.text) as { slug: string; host: string; base_url: string; tokens: WorkspaceToken[] };
  const token = answer.tokens.find((t) => t.kind === 'workspace' && t.permissions.includes('*'))?.token;
  if (token === undefined) throw new Error(`workspace ${answer.slug} has no all-permissions token`);

  return {
    slug: answer.slug,
    host: answer.host,
    baseUrl: answer.base_url,
    token,
    tokens: answer.tokens,
    async api<T>(method: string, path: string, body?: unknown) {
      const res = await request(`${mockUrl}${path}`, {
        method: method as 'GET',
        headers: { host: answer.host, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.body.text();
      return { status: res.statusCode, body: (text === '' ? undefined : JSON.parse(text)) as T };
    },
    async release() {
      const deleted = await control('DELETE', `/workspaces/${answer.slug}`);
      // Already gone (its idle time passed, or a reset) is released too.
      if (deleted.status !== 200 && deleted.status !== 404) throw new Error(`could not delete ${answer.slug}: ${deleted.status} ${deleted.text}`);
    },
  };
}
