// The typed-client example (examples/typed-client/client.ts, README "Typed client"): it type-checks
// against the generated types (and a misuse does not), and it reaches a mock it is pointed at by
// both Node routes to a tenant: the mock's --default-tenant, and the tenant's own *.localhost URL
// resolved to loopback by an undici Agent. The last test pins what the README says of Host
// headers: fetch replaces one it is given, undici.request sends it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type StartedMock } from '../../conformance/target/start-mock.ts';
import { clientForDefaultTenant, clientForTenantHost, newestCall } from '../../examples/typed-client/client.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/typed-client/client.ts');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

function tokenOf(mock: StartedMock, slug: string): string {
  const tenant = mock.description.tenants.find((t) => t.slug === slug);
  const token = tenant?.tokens.find((t) => t.kind === 'workspace' && [t.permissions].flat().includes('*'))?.token;
  if (token === undefined) throw new Error(`the mock printed no all-permissions token for ${slug}`);
  return token;
}

/** Runs tsc on a project; resolves with its exit code and output (never rejects on type errors). */
async function tsc(project: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [TSC, '-p', project], { cwd: ROOT });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the typed client example', () => {
  let mock: StartedMock;

  beforeAll(async () => {
    mock = await startMock({ defaultTenant: 'acme' });
  });
  afterAll(() => mock?.stop());

  it('type-checks with the generated types (examples/typed-client/tsconfig.json)', async () => {
    const result = await tsc(join(ROOT, 'examples/typed-client/tsconfig.json'));
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('rejects a query parameter the contract does not have and a misread answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
    try {
      writeFileSync(
        join(dir, 'misuse.mts'),
        `import { clientForDefaultTenant } from ${JSON.stringify(EXAMPLE)};
const client = clientForDefaultTenant('http://127.0.0.1:4010', 'token');
await client.GET('/api/v1/calls', { params: { query: { no_such_filter: 1 } } });
const { data } = await client.GET('/api/v1/calls');
export const total: string | undefined = data?.data.total;
`,
      );
      const config = { extends: join(ROOT, 'tsconfig.json'), compilerOptions: { typeRoots: [join(ROOT, 'node_modules/@types')] }, include: ['misuse.mts'] };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const result = await tsc(join(dir, 'tsconfig.json'));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/misuse\.mts\(3,\d+\): error TS2353: .*'no_such_filter'/);
      expect(result.output).toMatch(/misuse\.mts\(5,\d+\): error TS2322: Type 'number \| undefined' is not assignable/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('route 1: the mock started with --default-tenant acme, on its plain address, with Node fetch', async () => {
    const client = clientForDefaultTenant(mock.description.url, tokenOf(mock, 'acme'));
    const call = await newestCall(client);
    expect(call.zone).toBe('Asia/Tokyo');
    expect(call.total).toBeGreaterThan(0);
    expect(call.first).toMatch(/\+09:00$/);
    // As a user runs it: the script itself, printing one JSON line.
    const { stdout } = await run(process.execPath, [EXAMPLE, mock.description.url, tokenOf(mock, 'acme')], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual(call);
  });

  it('route 2: the tenant URL (*.localhost) through an undici Agent that resolves it to loopback', async () => {
    const globexUrl = `http://globex.localhost:${mock.description.port}`;
    const globex = clientForTenantHost(globexUrl, tokenOf(mock, 'globex'));
    const wrongToken = clientForTenantHost(globexUrl, tokenOf(mock, 'acme'));
    try {
      const call = await newestCall(globex.client);
      expect(call.zone).toBe('Asia/Tokyo');
      expect(call.total).toBeGreaterThan(0);
      // The tenant really is globex: acme's token is refused there.
      await expect(newestCall(wrongToken.client)).rejects.toThrow(/answered 401/);
      const { stdout } = await run(process.execPath, [EXAMPLE, globexUrl, tokenOf(mock, 'globex')], { cwd: ROOT });
      expect(JSON.parse(stdout)).toEqual(call);
    } finally {
      await globex.close();
      await wrongToken.close();
    }
  });

  it('a Host header: fetch sends the URL host instead, undici.request sends the one given', async () => {
    const url = `${mock.description.url}/api/v1/calls?per_page=1`;
    const host = `globex.localhost:${mock.description.port}`;
    const authorization = `Bearer ${tokenOf(mock, 'globex')}`;
    // fetch: the Host header is dropped, the request lands on the default tenant (acme), where
    // globex's token is unknown.
    const viaFetch = await fetch(url, { headers: { host, authorization } });
    expect(viaFetch.status).toBe(401);
    await viaFetch.body?.cancel();
    // undici.request: the Host header is sent as given, the request reaches globex.
    const viaRequest = await request(url, { headers: { host, authorization } });
    expect(viaRequest.statusCode).toBe(200);
    await viaRequest.body.text();
  });
});
