// A workspace per test (control/workspaces.ts, README "A workspace per test"): POST /__mock/workspaces
// clones a fixture or workspace under a new subdomain with its own secrets; its tokens open it and
// nothing else, and no other workspace's token opens it (401 INVALID_AUTH_TOKEN, the tenancy rule);
// its data is its own both ways; DELETE frees it (a fixture's workspace is not deleted: 409); an
// idle time on the real clock (injected here, never slept) removes a forgotten one; a bound caps
// how many exist; reset removes them; snapshots carry them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceLifetimes } from '../../mock/core/config.ts';
import { signHs256 } from '../../mock/control/workspaces.ts';
import type { ErrorB } from '../support/contract.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { type Harness, type Reply, startHarness, TRANSPORTS } from '../support/harness.ts';

const acme = demoTenant('acme');
const globex = demoTenant('globex');
const TTL = 60_000;
const START = Date.parse('2026-06-01T08:00:00Z');
const DAY = 86_400_000;

interface Token {
  kind: 'workspace' | 'user';
  name: string;
  token: string;
  permissions: string[];
  member?: string;
}
interface Created {
  slug: string;
  from: string;
  name: string;
  host: string;
  base_url: string;
  created_at: string;
  last_used_at: string;
  idle_expires_at: string | null;
  tokens: Token[];
}
interface Listed {
  workspaces: Array<Omit<Created, 'tokens'>>;
  max: number;
  idle_ttl_ms: number;
}
interface Page {
  data: { total: number; data: Array<{ uuid: string; name: string }> };
}

const usableAcmeTokens = [...acme.state.tokens.filter((t) => t.revoked_at === null).map((t) => t.secret), ...acme.state.user_tokens.map((u) => u.token)];

function expectError(reply: Reply, status: number, code?: string): void {
  expect(reply.status, reply.text).toBe(status);
  if (code !== undefined) expect(reply.json<ErrorB>().error.code).toBe(code);
}

describe('the HS256 signer of created workspaces', () => {
  it("signs a fixture's user token claims exactly as `npm run fixtures:sign` did", () => {
    for (const entry of acme.state.user_tokens) {
      const exp = entry.exp as number | undefined;
      const claims = { sub: entry.member_uuid, ws: 'acme', permissions: entry.permissions, iat: entry.iat, ...(exp === undefined ? {} : { exp }) };
      expect(signHs256(claims, acme.state.jwt_secret)).toBe(entry.token);
    }
  });
});

describe.each(TRANSPORTS)('workspaces per test over %s', (transport) => {
  let h: Harness;
  let realNow = START;
  const lifetimes: WorkspaceLifetimes = { idleTtlMs: TTL, max: 3, now: () => realNow };
  beforeAll(async () => {
    h = await startHarness(transport, { workspaces: lifetimes });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    realNow = START;
    h.mock.store.load(h.mock.fixtures);
  });

  const create = (body: Record<string, unknown>) => h.control('POST', '/workspaces', body);
  const created = async (body: Record<string, unknown> = { from: 'acme' }): Promise<Created> => {
    const reply = await create(body);
    expect(reply.status, reply.text).toBe(201);
    return reply.json<Created>();
  };
  const tokenOf = (ws: Created, kind: Token['kind'] = 'workspace'): string => {
    const token = ws.tokens.find((t) => t.kind === kind && t.permissions.includes('*'))?.token ?? ws.tokens.find((t) => t.kind === kind)?.token;
    if (token === undefined) throw new Error(`${ws.slug} has no ${kind} token`);
    return token;
  };
  const contacts = async (tenant: string, token: string): Promise<Page['data']> => {
    const reply = await h.call('GET', '/api/v1/contacts', { tenant, token, query: { per_page: '100' } });
    expect(reply.status, reply.text).toBe(200);
    return reply.json<Page>().data;
  };
  const addContact = async (tenant: string, token: string, name: string): Promise<string> => {
    const reply = await h.call('POST', '/api/v1/contacts', { tenant, token, json: { name, phone_number: '+4917698700001' } });
    expect(reply.status, reply.text).toBe(201);
    return reply.json<{ data: { uuid: string } }>().data.uuid;
  };
  const listed = async (): Promise<Listed> => {
    const reply = await h.control('GET', '/workspaces');
    expect(reply.status, reply.text).toBe(200);
    return reply.json<Listed>();
  };

  it('clones a fixture under a generated slug, answering its host, base URL and its own usable tokens', async () => {
    const ws = await created();
    expect(ws.slug).toMatch(/^acme-[a-z0-9]{5}$/);
    expect(ws).toMatchObject({ from: 'acme', name: acme.state.name, created_at: new Date(START).toISOString(), idle_expires_at: new Date(START + TTL).toISOString() });
    expect(ws.host).toMatch(transport === 'http' ? new RegExp(`^${ws.slug}\\.localhost:\\d+$`) : new RegExp(`^${ws.slug}\\.localhost$`));
    expect(ws.base_url).toBe(`http://${ws.host}`);
    expect(ws.tokens.filter((t) => t.kind === 'workspace')).toHaveLength(acme.state.tokens.filter((t) => t.revoked_at === null).length);
    expect(ws.tokens.filter((t) => t.kind === 'user')).toHaveLength(acme.state.user_tokens.length);
    expect(ws.tokens.map((t) => t.token).filter((t) => usableAcmeTokens.includes(t))).toEqual([]);
    expect(new Set(ws.tokens.map((t) => t.token)).size).toBe(ws.tokens.length);
    // The fixture's data, under the clone's own tokens.
    expect((await contacts(ws.slug, tokenOf(ws))).total).toBe(acme.state.contacts.length);
    for (const { token } of ws.tokens) expect((await h.call('GET', '/api/v1/calls', { tenant: ws.slug, token })).status).not.toBe(401);
  });

  it('keeps tokens to their own workspace both ways (401 INVALID_AUTH_TOKEN), workspace and user tokens alike', async () => {
    const ws = await created();
    const other = await created();
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: 'acme', token: tokenOf(ws) }), 401, 'INVALID_AUTH_TOKEN');
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: 'acme', token: tokenOf(ws, 'user') }), 401, 'INVALID_AUTH_TOKEN');
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: ws.slug, token: acme.fullToken }), 401, 'INVALID_AUTH_TOKEN');
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: ws.slug, token: acme.state.user_tokens[0]?.token ?? null }), 401, 'INVALID_AUTH_TOKEN');
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: ws.slug, token: globex.fullToken }), 401, 'INVALID_AUTH_TOKEN');
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: ws.slug, token: tokenOf(other) }), 401, 'INVALID_AUTH_TOKEN');
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: other.slug, token: tokenOf(ws, 'user') }), 401, 'INVALID_AUTH_TOKEN');
  });

  it("keeps each workspace's data its own, both ways", async () => {
    const ws = await created();
    const inClone = await addContact(ws.slug, tokenOf(ws), 'Only in the clone');
    const inAcme = await addContact('acme', acme.fullToken, 'Only in acme');
    const cloneUuids = (await contacts(ws.slug, tokenOf(ws))).data.map((c) => c.uuid);
    const acmeUuids = (await contacts('acme', acme.fullToken)).data.map((c) => c.uuid);
    expect(cloneUuids).toContain(inClone);
    expect(cloneUuids).not.toContain(inAcme);
    expect(acmeUuids).toContain(inAcme);
    expect(acmeUuids).not.toContain(inClone);
    expect(cloneUuids).toHaveLength(acme.state.contacts.length + 1);
  });

  it('clones a fixture as loaded, and a created workspace as it is now', async () => {
    await addContact('acme', acme.fullToken, 'Changed acme');
    const fromFixture = await created();
    expect((await contacts(fromFixture.slug, tokenOf(fromFixture))).total).toBe(acme.state.contacts.length);
    await addContact(fromFixture.slug, tokenOf(fromFixture), 'Added before cloning');
    const second = await created({ from: fromFixture.slug, slug: 'second-generation' });
    expect(second).toMatchObject({ slug: 'second-generation', from: fromFixture.slug });
    const names = (await contacts(second.slug, tokenOf(second))).data.map((c) => c.name);
    expect(names).toContain('Added before cloning');
    expect(names).not.toContain('Changed acme');
  });

  it('takes a chosen slug once; refuses a taken one (409), an unknown source and a slug that is no DNS label (422)', async () => {
    await created({ from: 'globex', slug: 'team-a' });
    expectError(await create({ from: 'acme', slug: 'team-a' }), 409, 'CONFLICT');
    expectError(await create({ from: 'acme', slug: 'globex' }), 409, 'CONFLICT');
    expectError(await create({ from: 'nobody' }), 422);
    expectError(await create({ from: 'acme', slug: 'Not_A_Label' }), 422);
    expectError(await create({ from: 'acme', extra: true }), 422);
    expectError(await create({}), 422);
    expect((await listed()).workspaces.map((w) => w.slug)).toEqual(['team-a']);
  });

  it('deletes a created workspace, after which its host is an unknown tenant; a fixture is not deleted (409)', async () => {
    const ws = await created();
    const deleted = await h.control('DELETE', `/workspaces/${ws.slug}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Workspace deleted', slug: ws.slug });
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: ws.slug, token: tokenOf(ws) }), 404);
    expectError(await h.control('DELETE', `/workspaces/${ws.slug}`), 404);
    expectError(await h.control('DELETE', '/workspaces/acme'), 409, 'CONFLICT');
    expect((await contacts('acme', acme.fullToken)).total).toBe(acme.state.contacts.length);
  });

  it('lists the created workspaces with their last use on the real clock', async () => {
    const ws = await created();
    const idle = await created();
    realNow = START + 5_000;
    await contacts(ws.slug, tokenOf(ws));
    const list = await listed();
    expect(list).toMatchObject({ max: 3, idle_ttl_ms: TTL });
    expect(list.workspaces.map((w) => w.slug)).toEqual([ws.slug, idle.slug]);
    expect(list.workspaces[0]).toMatchObject({ from: 'acme', last_used_at: new Date(START + 5_000).toISOString(), idle_expires_at: new Date(START + 5_000 + TTL).toISOString() });
    expect(list.workspaces[1]).toMatchObject({ last_used_at: new Date(START).toISOString() });
    expect(list.workspaces[0]).not.toHaveProperty('tokens');
  });

  it('removes a workspace idle for the TTL (real time, not the mock clock); a used one stays', async () => {
    const used = await created();
    const forgotten = await created();
    // The mock's clock moving on is no idle time.
    h.clock.advance(10 * DAY);
    realNow = START + TTL - 1;
    await contacts(used.slug, tokenOf(used));
    realNow = START + TTL;
    expect((await listed()).workspaces.map((w) => w.slug)).toEqual([used.slug]);
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: forgotten.slug, token: tokenOf(forgotten) }), 404);
    expect((await contacts(used.slug, tokenOf(used))).total).toBe(acme.state.contacts.length);
    // Idle for the TTL from its last use: gone at its next request too, before any listing.
    realNow = START + 2 * TTL;
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: used.slug, token: tokenOf(used) }), 404);
    expect((await listed()).workspaces).toEqual([]);
    expect((await contacts('acme', acme.fullToken)).total).toBe(acme.state.contacts.length);
  });

  it('caps how many exist (409 past the bound) until one is deleted or expires', async () => {
    const first = await created();
    await created();
    await created();
    const refused = await create({ from: 'acme' });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.text).toContain('At most 3');
    expect((await h.control('DELETE', `/workspaces/${first.slug}`)).status).toBe(200);
    await created();
    expectError(await create({ from: 'acme' }), 409, 'CONFLICT');
    realNow = START + TTL;
    await created();
  });

  it('is gone after a reset, which brings back the fixtures alone', async () => {
    const ws = await created();
    const reset = await h.control('POST', '/reset');
    expect(reset.body).toMatchObject({ tenants: ['acme', 'globex'] });
    expect((await listed()).workspaces).toEqual([]);
    expectError(await h.call('GET', '/api/v1/contacts', { tenant: ws.slug, token: tokenOf(ws) }), 404);
  });

  it('travels in a snapshot and comes back from one as a created workspace', async () => {
    const ws = await created();
    const added = await addContact(ws.slug, tokenOf(ws), 'Kept in the snapshot');
    const withSecrets = await h.call('GET', '/__mock/snapshot', { tenant: null, token: null, query: { secrets: 'true' } });
    expect(withSecrets.status, withSecrets.text).toBe(200);
    const entry = (withSecrets.body as { workspaces: Array<{ state: { slug: string }; created?: unknown }> }).workspaces.find((w) => w.state.slug === ws.slug);
    expect(entry?.created).toEqual({ from: 'acme', created_at: new Date(START).toISOString() });
    expect((await h.control('POST', '/reset')).status).toBe(200);
    realNow = START + 10_000;
    const imported = await h.control('PUT', '/snapshot', withSecrets.body);
    expect(imported.status, imported.text).toBe(200);
    const list = await listed();
    expect(list.workspaces).toHaveLength(1);
    expect(list.workspaces[0]).toMatchObject({ slug: ws.slug, from: 'acme', created_at: new Date(START).toISOString(), last_used_at: new Date(START + 10_000).toISOString() });
    expect((await contacts(ws.slug, tokenOf(ws))).data.map((c) => c.uuid)).toContain(added);
    expectError(await h.control('DELETE', '/workspaces/acme'), 409);
    expect((await h.control('DELETE', `/workspaces/${ws.slug}`)).status).toBe(200);
  });

  it("holds to the control API's access rules: a tenant host or a web page of another origin is refused", async () => {
    const body = JSON.stringify({ from: 'acme' });
    const headers = { 'content-type': 'application/json' };
    expectError(await h.call('POST', '/__mock/workspaces', { tenant: 'acme', token: null, headers, body }), 403);
    expectError(await h.call('POST', '/__mock/workspaces', { tenant: null, token: null, headers: { ...headers, origin: 'https://evil.example' }, body }), 403);
    expectError(await h.call('POST', '/__mock/workspaces', { tenant: null, token: null, headers: { 'content-type': 'text/plain' }, body }), 415);
    expect((await listed()).workspaces).toEqual([]);
  });
});

describe('the --workspace-ttl and --max-workspaces flags', () => {
  const cli = resolve(import.meta.dirname, '../../mock/cli.ts');

  it('sets the idle time and the bound the control API applies', async () => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--json', '--workspace-ttl', '10m', '--max-workspaces', '1'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const ready = JSON.parse((await lines.next()).value as string) as { url: string };
      const control = (method: 'GET' | 'POST', body?: unknown) =>
        request(`${ready.url}/__mock/workspaces`, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
      expect((await control('POST', { from: 'acme' })).statusCode).toBe(201);
      expect((await control('POST', { from: 'globex' })).statusCode).toBe(409);
      const list = (await (await control('GET')).body.json()) as Listed;
      expect(list).toMatchObject({ max: 1, idle_ttl_ms: 600_000 });
      expect(list.workspaces).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('refuses a value it cannot read, exiting 2 with a message', async () => {
    for (const args of [['--workspace-ttl', 'soon'], ['--workspace-ttl', '31d'], ['--max-workspaces=-1'], ['--max-workspaces', '1001']]) {
      const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const [code] = await once(child, 'exit');
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain((args[0] as string).split('=')[0]);
    }
  });
});
