// Turns the command line into a Target: a real deployment from --base-url and --token, or the
// mock, started here (its tokens, zone and fixture identifiers read from its JSON line and
// control API). Full mode against a real deployment needs --accept-costs.
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { parseDataFile } from '../target/data-keys.ts';
import { readMockTenant } from '../target/mock-data.ts';
import { type MockDescription, type MockTenant, type StartedMock, startMock } from '../target/start-mock.ts';
import { isLoopbackHost, type Target, type TargetData, tenantOf } from '../target/target.ts';
import { type RunOptions, UsageError } from './options.ts';

/** The general limit given to a mock the suite starts itself, so the suite need not pace. */
const MOCK_GENERAL_PER_MINUTE = 1_000_000;

export interface BuiltTarget {
  target: Target;
  mock: StartedMock | undefined;
}

function readData(file: string | undefined): TargetData {
  if (file === undefined) return {};
  try {
    return parseDataFile(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new UsageError(`--data ${file}: ${(error as Error).message}`);
  }
}

/** The certificates of --ca, read once (the suite's workers get them in the target). */
function readCa(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--ca ${file}: ${(error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`--ca ${file}: no PEM certificate in it`);
  return pem;
}

function pickTenant(description: MockDescription, slug: string | undefined): MockTenant {
  const tenant = slug === undefined ? description.tenants[0] : description.tenants.find((t) => t.slug === slug);
  if (!tenant) throw new UsageError(`the mock has no tenant ${slug ?? '(none at all)'}`);
  return tenant;
}

async function mockFacts(control: string, tenant: MockTenant) {
  const facts = await readMockTenant(control, tenant.slug);
  const full = tenant.tokens.find((t) => t.kind === 'workspace' && Array.isArray(t.permissions) && t.permissions.includes('*'));
  const limited = tenant.tokens.find((t) => t.kind === 'workspace' && Array.isArray(t.permissions) && !t.permissions.includes('*'));
  const user = tenant.tokens.find((t) => t.kind === 'user');
  if (!full) throw new UsageError(`the mock's tenant ${tenant.slug} has no workspace token with every permission`);
  const userZone = user?.member ? facts.memberZones.get(user.member.toLowerCase()) : undefined;
  return {
    data: user?.member ? { ...facts.data, user_token_email: user.member } : facts.data,
    workspaceToken: full.token,
    ...(limited && Array.isArray(limited.permissions) ? { limitedToken: { token: limited.token, permissions: limited.permissions } } : {}),
    ...(user ? { userToken: user.token } : {}),
    ...(userZone ? { userZone } : {}),
    workspaceZone: tenant.timezone,
  };
}

export async function buildTarget(options: RunOptions): Promise<BuiltTarget> {
  const common = {
    profile: options.profile,
    failOn: options.failOn,
    parts: options.parts,
    seed: options.seed,
    insecure: options.insecure,
    ...(options.caFile ? { ca: readCa(options.caFile) } : {}),
    ...(options.allowHttp ? { allowHttp: true } : {}),
    ...(options.replay ? { replay: options.replay } : {}),
    ...(options.httpUrl ? { httpUrl: options.httpUrl } : {}),
    ...(options.checks ? { checks: options.checks } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
  };

  if (options.baseUrl === undefined) {
    if (options.mockControl) throw new UsageError('--mock-control needs --base-url (the address in front of the mock)');
    const mock = await startMock({ faults: options.faults, generalPerMinute: MOCK_GENERAL_PER_MINUTE });
    try {
      const tenant = pickTenant(mock.description, options.tenant);
      const facts = await mockFacts(mock.description.control, tenant);
      const target: Target = {
        ...common,
        ...facts,
        baseUrl: tenant.url,
        tenant: tenant.slug,
        mode: options.mode ?? 'full',
        generalPerMinute: 0,
        data: { ...facts.data, ...readData(options.dataFile) },
        isMock: true,
        mockControl: mock.description.control,
        stress: true,
      };
      return { target, mock };
    } catch (error) {
      await mock.stop();
      throw error;
    }
  }

  if (options.faults.length > 0) throw new UsageError('--fault applies to the mock only (leave out --base-url)');
  const mode = options.mode ?? 'readonly';
  const url = new URL(options.baseUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !options.allowHttp) {
    throw new UsageError(
      `--base-url ${url.origin} is plain HTTP on a host that is not loopback. The API must be served over HTTPS (seed "Authentication" rule 5): use its https:// address to certify it, or add --allow-http (CONFORMANCE_ALLOW_HTTP=1) to run against a plain-HTTP staging box, with the TLS rule reported as not applicable.`,
    );
  }
  let facts: Partial<Awaited<ReturnType<typeof mockFacts>>> = {};
  if (options.mockControl) {
    const res = await request(options.mockControl);
    const described = (await res.body.json()) as { tenants: MockTenant[] };
    facts = await mockFacts(options.mockControl, pickTenant({ tenants: described.tenants } as MockDescription, options.tenant));
  }
  const token = options.token ?? facts.workspaceToken;
  if (!token) throw new UsageError('--token (or CONFORMANCE_TOKEN) is required with --base-url');
  if (mode === 'full' && !options.acceptCosts && !options.mockControl) {
    throw new UsageError('--mode full starts calls and sends SMS, WhatsApp and email, which cost money: add --accept-costs to opt in');
  }
  const limited = options.limitedToken
    ? { token: options.limitedToken, permissions: options.limitedPermissions ?? [] }
    : facts.limitedToken;
  const userToken = options.userToken ?? facts.userToken;
  const workspaceZone = options.workspaceZone ?? facts.workspaceZone;
  const userZone = options.userZone ?? facts.userZone;
  const target: Target = {
    ...common,
    baseUrl: options.baseUrl,
    tenant: tenantOf(url.hostname),
    workspaceToken: token,
    ...(limited ? { limitedToken: limited } : {}),
    ...(userToken ? { userToken } : {}),
    ...(workspaceZone ? { workspaceZone } : {}),
    ...(userZone ? { userZone } : {}),
    mode,
    generalPerMinute: options.rate,
    data: { ...facts.data, ...readData(options.dataFile) },
    isMock: options.mockControl !== undefined,
    ...(options.mockControl ? { mockControl: options.mockControl } : {}),
    stress: options.stress || options.mockControl !== undefined,
  };
  return { target, mock: undefined };
}
