// The command line of `npm run conformance` (node:util parseArgs), each flag also readable from
// an environment variable for CI. A usage mistake is reported with the flag it concerns.
import { parseArgs } from 'node:util';
import { isLabel, type Label, LABELS } from '../../contract/labels.ts';
import { DEFAULT_FAIL_ON } from '../record/severity.ts';
import { ANNOTATION_FORMATS, type AnnotationFormat, annotationFormat } from '../report/annotations.ts';
import { type CoverageThresholds, parseMinCoverage } from '../report/coverage.ts';
import { checkList, selectChecks } from './check-selection.ts';
import { parseShard, type Shard } from './shard.ts';
import { MODES, type Mode, PARTS, PROFILES, type Profile, type SuitePart } from '../target/target.ts';

export interface RunOptions {
  baseUrl: string | undefined;
  token: string | undefined;
  userToken: string | undefined;
  limitedToken: string | undefined;
  limitedPermissions: string[] | undefined;
  mode: Mode | undefined;
  acceptCosts: boolean;
  /** Checks that exceed the deployment's limits on purpose may run (always against the mock). */
  stress: boolean;
  profile: Profile;
  /** The least authoritative label whose findings fail the run. */
  failOn: Label;
  parts: SuitePart[];
  seed: number;
  replay: { seed: number; path: string; commands?: string } | undefined;
  only: string | undefined;
  rate: number;
  workspaceZone: string | undefined;
  userZone: string | undefined;
  dataFile: string | undefined;
  httpUrl: string | undefined;
  insecure: boolean;
  /** A PEM file of certificates to trust beside the default authorities (--ca). */
  caFile: string | undefined;
  /** A plain-HTTP base URL that is not loopback is accepted (the TLS rule is then not applicable). */
  allowHttp: boolean;
  reportDir: string;
  faults: string[];
  tenant: string | undefined;
  mockControl: string | undefined;
  quiet: boolean;
  /** The checks applied (--checks / --exclude-checks); undefined: every check. */
  checks: string[] | undefined;
  /** Print what would run and exit without sending a request. */
  dryRun: boolean;
  /** This runner's part of a split run (--shard i/n). */
  shard: Shard | undefined;
  /** Annotation lines for CI (--annotations; github by default under GitHub Actions). */
  annotations: AnnotationFormat;
  /** --min-coverage: the minimum percentage of each gated coverage figure. */
  minCoverage: CoverageThresholds | undefined;
  /** --baseline: a file of known failures. */
  baseline: string | undefined;
  /** --write-baseline: where to write a baseline of the run's failures. */
  writeBaseline: string | undefined;
  help: boolean;
}

export class UsageError extends Error {}

const FLAGS = {
  'base-url': { type: 'string', env: 'CONFORMANCE_BASE_URL', help: 'tenant base URL, e.g. https://acme.example.com (none: start the mock)' },
  token: { type: 'string', env: 'CONFORMANCE_TOKEN', help: 'workspace API token (all permissions); prefer the environment variable, the value is never printed' },
  'user-token': { type: 'string', env: 'CONFORMANCE_USER_TOKEN', help: 'a per-user token (JWT) of a member' },
  'limited-token': { type: 'string', env: 'CONFORMANCE_LIMITED_TOKEN', help: 'a token without some permissions (403 checks)' },
  'limited-permissions': { type: 'string', env: 'CONFORMANCE_LIMITED_PERMISSIONS', help: 'comma list of the permissions the limited token has' },
  mode: { type: 'string', env: 'CONFORMANCE_MODE', help: 'readonly | safe | full (default: readonly; full against the mock)' },
  'accept-costs': { type: 'boolean', env: 'CONFORMANCE_ACCEPT_COSTS', help: 'opt in to full mode against a real deployment (calls, SMS, WhatsApp, email)' },
  stress: { type: 'boolean', env: 'CONFORMANCE_STRESS', help: "opt in to the limit checks against a real deployment: over 1000 requests in a minute (the general rate), and with --accept-costs 51 calls (the concurrent-call limit); always on against the mock" },
  profile: { type: 'string', env: 'CONFORMANCE_PROFILE', help: 'quick | default | thorough (amount of generated data)' },
  'fail-on': {
    type: 'string',
    env: 'CONFORMANCE_FAIL_ON',
    help: `${LABELS.join(' | ')}: findings on parts with this label or a more authoritative one fail the run, the rest warn (default ${DEFAULT_FAIL_ON})`,
  },
  parts: { type: 'string', env: 'CONFORMANCE_PARTS', help: `comma list of ${PARTS.join(', ')} (default: all)` },
  seed: { type: 'string', env: 'CONFORMANCE_SEED', help: 'run seed (default: random, printed)' },
  replay: { type: 'string', env: 'CONFORMANCE_REPLAY', help: 'seed/path[/commands] of a reported failure (use with --only)' },
  only: { type: 'string', env: 'CONFORMANCE_ONLY', help: 'run only the suite tests whose name matches this pattern' },
  rate: { type: 'string', env: 'CONFORMANCE_RATE', help: 'requests per minute the suite allows itself (default 900; 0: unpaced)' },
  'workspace-zone': { type: 'string', env: 'CONFORMANCE_WORKSPACE_ZONE', help: "the workspace's IANA zone, if known" },
  'user-zone': { type: 'string', env: 'CONFORMANCE_USER_ZONE', help: "the per-user token's profile zone, if known" },
  data: { type: 'string', env: 'CONFORMANCE_DATA', help: 'JSON file of known ids and send destinations (see README)' },
  'http-url': { type: 'string', env: 'CONFORMANCE_HTTP_URL', help: 'plain-HTTP URL for the HTTPS check (default: http:// of the base URL)' },
  insecure: { type: 'boolean', env: 'CONFORMANCE_INSECURE', help: 'accept TLS certificates that do not verify' },
  ca: { type: 'string', env: 'CONFORMANCE_CA', help: "PEM file of certificates to trust beside Node's default authorities (a test deployment's own CA, the mock's --tls certificate)" },
  'allow-http': { type: 'boolean', env: 'CONFORMANCE_ALLOW_HTTP', help: 'accept a plain-HTTP base URL that is not loopback (a staging box); the TLS rule is then not applicable' },
  'report-dir': { type: 'string', env: 'CONFORMANCE_REPORT_DIR', help: 'the root of the reports: each run writes a folder of its own in it (<start time>-<seed>) and points its "latest" link there (default reports/conformance)' },
  fault: { type: 'string', multiple: true, env: 'CONFORMANCE_FAULTS', help: 'with the mock: start it with this fault (repeatable)' },
  tenant: { type: 'string', env: 'CONFORMANCE_TENANT', help: 'with the mock: the tenant to certify (default: the first)' },
  'mock-control': { type: 'string', env: 'CONFORMANCE_MOCK_CONTROL', help: "the base URL fronts a mock with this control API (e.g. behind a proxy): the mock's origin (http://127.0.0.1:4010) or its /__mock URL" },
  quiet: { type: 'boolean', env: 'CONFORMANCE_QUIET', help: 'no live progress: the summary, and one progress line a minute (a CI log shows the run is alive)' },
  checks: { type: 'string', env: 'CONFORMANCE_CHECKS', help: 'comma list of the checks to apply (names as recorded; default: all)' },
  'exclude-checks': { type: 'string', env: 'CONFORMANCE_EXCLUDE_CHECKS', help: 'comma list of checks not to apply; the rules only they decide are not run' },
  'dry-run': { type: 'boolean', env: 'CONFORMANCE_DRY_RUN', help: 'print what would run (parts, operations, checks, rules) and exit 0 without a request (no token needed)' },
  shard: { type: 'string', env: 'CONFORMANCE_SHARD', help: 'i/n: run the i-th of n deterministic slices (merge the reports with "merge")' },
  annotations: { type: 'string', env: 'CONFORMANCE_ANNOTATIONS', help: 'github | none: print a GitHub Actions annotation line per failure and warning (default: github when GITHUB_ACTIONS=true)' },
  'min-coverage': { type: 'string', env: 'CONFORMANCE_MIN_COVERAGE', help: 'ops=P,status=P,rules=P: FAIL the run (exit 1) when a coverage percentage is below its minimum (operations exercised, documented status codes seen, rules verified)' },
  baseline: { type: 'string', env: 'CONFORMANCE_BASELINE', help: 'YAML or JSON file of known failures (rule, operationId or *, reason, owner, expires): matching failures are reported as known and do not fail the run until they expire' },
  'write-baseline': { type: 'string', env: 'CONFORMANCE_WRITE_BASELINE', help: "write a baseline of this run's failures to this file (.json, else YAML): reason and owner to fill in, expiring in 30 days" },
  help: { type: 'boolean', env: '', help: 'this help' },
} as const;

export function usage(): string {
  const lines = Object.entries(FLAGS).map(([name, f]) => `  --${name.padEnd(20)} ${f.help}${f.env ? ` [${f.env}]` : ''}`);
  return `Usage: npm run conformance -- [flags]\n       npm run conformance -- merge <report dirs or JSON files...> [--report-dir DIR]\n\n${lines.join('\n')}\n\nExit codes: 0 PASS (no rule violated at the --fail-on label, and every rule the mode and parts cover exercised and decided); 1 FAIL (a rule violated at the --fail-on label, or the suite broke); 2 a usage mistake; 3 INCOMPLETE (nothing failed, but a rule could not be decided or was not exercised); 4 the target cannot be reached or is not this API (checked before the suite runs, one message).\nThe token is read from CONFORMANCE_TOKEN by default and never printed; reports show it as $CONFORMANCE_TOKEN.`;
}

function truthy(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): RunOptions {
  const spec = Object.fromEntries(
    Object.entries(FLAGS).map(([name, f]) => [name, { type: f.type, ...('multiple' in f ? { multiple: true } : {}) }]),
  ) as Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  let values: Record<string, string | boolean | string[] | undefined>;
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
  const bool = (name: keyof typeof FLAGS): boolean => values[name] === true || (FLAGS[name].env !== '' && truthy(env[FLAGS[name].env]));

  const mode = str('mode');
  if (mode !== undefined && !MODES.includes(mode as Mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')} (got "${mode}")`);
  const profile = str('profile') ?? 'default';
  if (!PROFILES.includes(profile as Profile)) throw new UsageError(`--profile must be one of ${PROFILES.join(', ')} (got "${profile}")`);
  const failOn = str('fail-on') ?? DEFAULT_FAIL_ON;
  if (!isLabel(failOn)) throw new UsageError(`--fail-on must be one of ${LABELS.join(', ')} (got "${failOn}")`);
  const partsText = str('parts');
  const parts = partsText === undefined ? [...PARTS] : partsText.split(',').map((p) => p.trim()).filter(Boolean);
  const unknownPart = parts.find((p) => !PARTS.includes(p as SuitePart));
  if (unknownPart) throw new UsageError(`--parts: unknown part "${unknownPart}" (known: ${PARTS.join(', ')})`);
  const seedText = str('seed');
  const seed = seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer (got "${seedText}")`);
  const rateText = str('rate');
  const rate = rateText === undefined ? 900 : Number(rateText);
  if (!Number.isInteger(rate) || rate < 0) throw new UsageError(`--rate must be a non-negative integer (got "${rateText}")`);
  const baseUrl = str('base-url');
  if (baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new UsageError(`--base-url is not a URL: "${baseUrl}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError('--base-url must be http(s)');
  }
  let checks: string[] | undefined;
  try {
    checks = selectChecks(checkList(str('checks')), checkList(str('exclude-checks')));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const shardValue = str('shard');
  let shard: Shard | undefined;
  try {
    shard = shardValue === undefined ? undefined : parseShard(shardValue);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const annotationsText = str('annotations');
  const annotations = annotationFormat(annotationsText, env);
  if (annotations === undefined) throw new UsageError(`--annotations must be one of ${ANNOTATION_FORMATS.join(', ')} (got "${annotationsText}")`);
  const minCoverageText = str('min-coverage');
  let minCoverage: CoverageThresholds | undefined;
  try {
    minCoverage = minCoverageText === undefined ? undefined : parseMinCoverage(minCoverageText);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const faultValues = values.fault as string[] | undefined;
  const faults = faultValues && faultValues.length > 0 ? faultValues : (env.CONFORMANCE_FAULTS ?? '').split(',').map((f) => f.trim()).filter(Boolean);

  return {
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    token: str('token'),
    userToken: str('user-token'),
    limitedToken: str('limited-token'),
    limitedPermissions: str('limited-permissions')?.split(',').map((p) => p.trim()).filter(Boolean),
    mode: mode as Mode | undefined,
    acceptCosts: bool('accept-costs'),
    stress: bool('stress'),
    profile: profile as Profile,
    failOn,
    parts: parts as SuitePart[],
    seed,
    replay: parseReplay(str('replay')),
    only: str('only'),
    rate,
    workspaceZone: str('workspace-zone'),
    userZone: str('user-zone'),
    dataFile: str('data'),
    httpUrl: str('http-url'),
    insecure: bool('insecure'),
    caFile: str('ca'),
    allowHttp: bool('allow-http'),
    reportDir: str('report-dir') ?? 'reports/conformance',
    faults,
    tenant: str('tenant'),
    mockControl: controlUrl(str('mock-control')),
    quiet: bool('quiet'),
    checks,
    dryRun: bool('dry-run'),
    shard,
    annotations,
    minCoverage,
    baseline: str('baseline'),
    writeBaseline: str('write-baseline'),
    help: bool('help'),
  };
}

/** The mock's control path: an origin given to --mock-control stands for it. */
export const MOCK_CONTROL_PATH = '/__mock';

/** --mock-control as a control API URL: the mock's origin or its /__mock URL (no trailing slash). */
export function controlUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--mock-control is not a URL: "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError('--mock-control must be http(s)');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? MOCK_CONTROL_PATH : path}`;
}

function parseReplay(text: string | undefined): RunOptions['replay'] {
  if (text === undefined) return undefined;
  const [seed, path, ...rest] = text.split('/');
  const commands = rest.join('/');
  if (seed === undefined || path === undefined || !/^-?\d+$/.test(seed) || !/^[\d:]*$/.test(path)) {
    throw new UsageError(`--replay must be seed/path[/commands] as printed in the report (got "${text}")`);
  }
  return { seed: Number(seed), path, ...(commands ? { commands } : {}) };
}
