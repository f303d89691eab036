// The command line of `npm run conformance:drift` (conformance/drift.ts): runs the same seeded plan of reads against the mock (a URL, or
// `local`: the mock started here) and a target deployment, and reports where their answers differ
// per rule and operation: status, response shape, and the headers that matter. Writes drift.json
// and drift.txt under --report-dir and prints the text (or the JSON with --json). Exit code 0: no
// drift; 1: drift; 2: a usage mistake. Tokens are read from the environment and never printed.
import { parseArgs } from 'node:util';
import { type DriftReport, driftReport, driftText, writeDriftReport } from './drift-report.ts';
import { type DriftEndpoint, runDrift } from './drift-run.ts';
import { type StartedMock, startMock } from './target/start-mock.ts';

class UsageError extends Error {}

const FLAGS = {
  mock: { type: 'string', env: 'CONFORMANCE_DRIFT_MOCK', help: 'the mock\'s tenant base URL, or "local" to start the mock here (its first tenant)' },
  'mock-token': { type: 'string', env: 'CONFORMANCE_MOCK_TOKEN', help: "a workspace token of the mock's tenant (not needed with local)" },
  target: { type: 'string', env: 'CONFORMANCE_BASE_URL', help: "the deployment's tenant base URL" },
  token: { type: 'string', env: 'CONFORMANCE_TOKEN', help: "the deployment's workspace API token; prefer the variable, the value is never printed" },
  seed: { type: 'string', env: 'CONFORMANCE_SEED', help: 'plan seed (default: random, printed)' },
  only: { type: 'string', env: 'CONFORMANCE_ONLY', help: 'only the operations whose operationId matches this pattern' },
  'allow-http': { type: 'boolean', env: 'CONFORMANCE_ALLOW_HTTP', help: 'accept a plain-HTTP target that is not loopback' },
  'report-dir': { type: 'string', env: 'CONFORMANCE_DRIFT_REPORT_DIR', help: 'where drift.json and drift.txt go (default reports/drift)' },
  json: { type: 'boolean', env: '', help: 'print the JSON report instead of the text' },
  help: { type: 'boolean', env: '', help: 'this help' },
} as const;

export function driftUsage(): string {
  const lines = Object.entries(FLAGS).map(([name, f]) => `  --${name.padEnd(14)} ${f.help}${f.env ? ` [${f.env}]` : ''}`);
  return `Usage: npm run conformance:drift -- --mock <url | local> --target <url> [flags]\n\n${lines.join('\n')}\n\nExit codes: 0 no drift; 1 drift; 2 a usage mistake.`;
}

export interface DriftCliOptions {
  mock: string;
  mockToken: string | undefined;
  target: string;
  token: string | undefined;
  seed: number;
  only: RegExp | undefined;
  reportDir: string;
  json: boolean;
  help: boolean;
}

function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h);
}

function checkedUrl(flag: string, text: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--${flag} is not a URL: "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`--${flag} must be http(s)`);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowHttp) {
    throw new UsageError(`--${flag} is plain HTTP on a host that is not loopback: use its https:// address, or add --allow-http`);
  }
  return text.replace(/\/+$/, '');
}

export function parseDriftOptions(argv: string[], env: NodeJS.ProcessEnv): DriftCliOptions {
  const spec = Object.fromEntries(Object.entries(FLAGS).map(([name, f]) => [name, { type: f.type }])) as Record<string, { type: 'string' | 'boolean' }>;
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: argv, options: spec, strict: true, allowPositionals: false }).values as typeof values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const str = (name: keyof typeof FLAGS): string | undefined => {
    const v = values[name];
    if (typeof v === 'string' && v !== '') return v;
    const e = FLAGS[name].env;
    return e && env[e] ? env[e] : undefined;
  };
  const help = values['help'] === true;
  const allowHttp = values['allow-http'] === true || /^(1|true|yes|on)$/i.test(env['CONFORMANCE_ALLOW_HTTP'] ?? '');
  const mock = str('mock');
  const target = str('target');
  if (!help && mock === undefined) throw new UsageError('--mock is required: the mock\'s tenant base URL, or "local"');
  if (!help && target === undefined) throw new UsageError("--target is required: the deployment's tenant base URL");
  const seedText = str('seed');
  const seed = seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer (got "${seedText}")`);
  const onlyText = str('only');
  let only: RegExp | undefined;
  try {
    only = onlyText === undefined ? undefined : new RegExp(onlyText);
  } catch {
    throw new UsageError(`--only is not a pattern: "${onlyText}"`);
  }
  return {
    mock: mock === undefined || mock === 'local' ? (mock ?? '') : checkedUrl('mock', mock, allowHttp),
    mockToken: str('mock-token'),
    target: target === undefined ? '' : checkedUrl('target', target, allowHttp),
    token: str('token'),
    seed,
    only,
    reportDir: str('report-dir') ?? 'reports/drift',
    json: values['json'] === true,
    help,
  };
}

/** The mock endpoint: the URL given, or the first tenant of a mock started here. */
async function mockEndpoint(options: DriftCliOptions): Promise<{ endpoint: DriftEndpoint; started?: StartedMock }> {
  if (options.mock !== 'local') return { endpoint: { baseUrl: options.mock, token: options.mockToken } };
  const started = await startMock();
  const tenant = started.description.tenants[0];
  const token = tenant?.tokens.find((t) => t.kind === 'workspace' && [t.permissions].flat().includes('*'))?.token;
  if (!tenant || !token) {
    await started.stop();
    throw new Error('the local mock has no tenant with an all-permissions workspace token');
  }
  return { endpoint: { baseUrl: tenant.url, token }, started };
}

export async function driftMain(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let options: DriftCliOptions;
  try {
    options = parseDriftOptions(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${driftUsage()}`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    console.log(driftUsage());
    return 0;
  }
  const { endpoint, started } = await mockEndpoint(options);
  let report: DriftReport;
  try {
    if (!options.json) console.error(`Drift: the mock ${endpoint.baseUrl} against ${options.target}, seed ${options.seed}`);
    report = driftReport(await runDrift({ mock: endpoint, target: { baseUrl: options.target, token: options.token }, seed: options.seed, only: options.only }));
  } finally {
    await started?.stop();
  }
  const files = writeDriftReport(report, options.reportDir);
  console.log(options.json ? JSON.stringify(report, null, 2) : `${driftText(report)}\n\nreports: ${files.json}\n         ${files.text}`);
  return report.verdict === 'drift' ? 1 : 0;
}

