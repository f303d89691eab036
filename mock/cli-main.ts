// `npm start`: serves the mock over HTTP (default port 4010) and prints the URL, the demo
// tenants and their tokens. Flags: --port, --host, --base-domain, --default-tenant, --fixtures,
// --fault (repeatable), --validate-responses, --general-per-minute, --send-per-second (the rate
// limits), --json (one JSON line for scripts), --control-origin (repeatable), --control-token,
// --no-control, --grace-ms, --analytics-rows N (each workspace gets N generated analytics message
// rows, as POST /__mock/analytics/grow; --analytics-seed),
// --journal-size N (API requests the request journal keeps; default 1000, 0 turns it off),
// --tls (HTTPS only: plain HTTP on the port gets a 400 saying to use HTTPS; without it the port
// answers both), --cert FILE --key FILE (the certificate HTTPS answers with, instead of the one
// made at start), --cert-out FILE (where the certificate's PEM is written for clients to trust;
// with --tls and no --cert it goes to a temporary file by default, removed at exit; its path is the
// ready line's `cert`), --state FILE (the whole state kept in FILE across restarts: loaded at
// start, created from the fixtures when missing, saved after each batch of changes and at shutdown;
// a file it cannot read stops the start and is left as it is; state/persist.ts),
// --workspace-ttl 30m (idle real time after which a workspace made by POST /__mock/workspaces is
// removed; 0: never), --max-workspaces 100 (how many such workspaces may exist at once).
// --clock ISO (the instant the mock's clock starts at, running from there; default now),
// --no-shift-fixtures (the demo data as written; by default every fixture instant is moved by the
// clock's start minus the set's anchor, state/shift-fixtures.ts, so the demo data never ages).
// --webhooks record|deliver (deliver: each recorded webhook delivery is also POSTed to its URL,
// signed, with retries, the outcome in the webhooks feed; delivery/), --webhooks-allow HOST
// (repeatable: hosts besides loopback that deliveries may go to; `*.example.com` for subdomains).
// SIGTERM and SIGINT stop it gracefully: no new connections, the requests in flight are answered
// (within --grace-ms), then it exits 0. A line says when it starts stopping (`{"event":"stopping"}`
// with --json) and when it has stopped. `npm start` runs cli.ts, which turns on the compile cache
// and loads this file.
import { resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { createMockServer, DEFAULT_TIMEOUTS, inFlight, listen, serverCertificate, stopGracefully } from './adapters/node-http.ts';
import { readTlsMaterial, type TlsMaterial, type WrittenCertificate, writeCertificate } from './adapters/tls.ts';
import { describeTenants } from './control/describe.ts';
import { MAX_CREATED_WORKSPACES, parseDuration } from './control/workspaces.ts';
import { createMock, type Mock, type MockOptions } from './core/mock.ts';
import { MAX_JOURNAL_SIZE } from './core/request-log.ts';
import { createWebhookSender } from './delivery/webhook-sender.ts';
import { FAULTS } from './pipeline/faults.ts';
import { DEFAULT_RATE_LIMITS } from './pipeline/rate-limits.ts';
import { defaultRange, growMessageRows, MAX_GROW_ROWS } from './resources/analytics/grow.ts';
import { loadFixtureSet } from './state/fixtures.ts';
import { fixtureSetAnchor } from './state/shift-fixtures.ts';
import { CLOCK_MAX_MS, CLOCK_MIN_MS, MockClock, parseInstant } from './time/clock.ts';
import { loadStateFile, StateFile, StateFileError } from './state/persist.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4010' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    'base-domain': { type: 'string', default: 'localhost' },
    'default-tenant': { type: 'string' },
    fixtures: { type: 'string', default: 'demo' },
    fault: { type: 'string', multiple: true, default: [] },
    'validate-responses': { type: 'boolean', default: false },
    'general-per-minute': { type: 'string' },
    'send-per-second': { type: 'string' },
    'control-origin': { type: 'string', multiple: true, default: [] },
    'control-token': { type: 'string', default: process.env.MOCK_CONTROL_TOKEN },
    control: { type: 'boolean', default: true },
    'grace-ms': { type: 'string', default: '10000' },
    'analytics-rows': { type: 'string', default: '0' },
    'analytics-seed': { type: 'string', default: '1' },
    'journal-size': { type: 'string', default: '1000' },
    clock: { type: 'string' },
    'shift-fixtures': { type: 'boolean', default: true },
    'workspace-ttl': { type: 'string', default: '30m' },
    'max-workspaces': { type: 'string', default: '100' },
    tls: { type: 'boolean', default: false },
    cert: { type: 'string' },
    key: { type: 'string' },
    'cert-out': { type: 'string' },
    state: { type: 'string' },
    webhooks: { type: 'string', default: 'record' },
    'webhooks-allow': { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  allowNegative: true,
});

if (values.help) {
  console.log(`Usage: npm start -- [--port 4010] [--host 127.0.0.1] [--base-domain localhost] [--default-tenant acme]
                 [--fixtures demo] [--fault NAME]... [--validate-responses] [--general-per-minute 1000] [--send-per-second 5] [--json]
                 [--control-origin http://localhost:5173]... [--control-token TOKEN] [--no-control] [--grace-ms 10000]
                 [--analytics-rows 1000000] [--analytics-seed 1] [--journal-size 1000]
                 [--clock 2031-05-20T09:00:00+02:00] [--no-shift-fixtures]
                 [--tls] [--cert FILE --key FILE] [--cert-out FILE] [--state mock-state.json]
                 [--workspace-ttl 30m] [--max-workspaces 100] [--webhooks record|deliver] [--webhooks-allow HOST]...
Faults: ${Object.keys(FAULTS).join(', ')}`);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0..65535 (got ${values.port})`);
  process.exit(2);
}

const generalPerMinute = values['general-per-minute'] === undefined ? undefined : Number(values['general-per-minute']);
if (generalPerMinute !== undefined && (!Number.isInteger(generalPerMinute) || generalPerMinute < 1)) {
  console.error('--general-per-minute must be a positive integer');
  process.exit(2);
}

const sendPerSecond = values['send-per-second'] === undefined ? undefined : Number(values['send-per-second']);
if (sendPerSecond !== undefined && (!Number.isInteger(sendPerSecond) || sendPerSecond < 1)) {
  console.error('--send-per-second must be a positive integer');
  process.exit(2);
}

const graceMs = Number(values['grace-ms']);
if (!Number.isInteger(graceMs) || graceMs < 0) {
  console.error('--grace-ms must be a non-negative integer');
  process.exit(2);
}
const analyticsRows = Number(values['analytics-rows']);
const analyticsSeed = Number(values['analytics-seed']);
if (!Number.isInteger(analyticsRows) || analyticsRows < 0 || analyticsRows > MAX_GROW_ROWS) {
  console.error(`--analytics-rows must be an integer 0..${MAX_GROW_ROWS}`);
  process.exit(2);
}
if (!Number.isInteger(analyticsSeed) || analyticsSeed < 0 || analyticsSeed > 0xffffffff) {
  console.error('--analytics-seed must be an integer 0..4294967295');
  process.exit(2);
}
if (values.webhooks !== 'record' && values.webhooks !== 'deliver') {
  console.error(`--webhooks must be record or deliver (got ${values.webhooks})`);
  process.exit(2);
}
if (values.webhooks === 'record' && values['webhooks-allow'].length > 0) {
  console.error('--webhooks-allow needs --webhooks deliver');
  process.exit(2);
}
// The only sender of outbound HTTP in the mock, on only when asked (mock/delivery/webhook-sender.ts).
const webhookSender = values.webhooks === 'deliver' ? createWebhookSender({ allow: values['webhooks-allow'] }) : undefined;
const journalSize = Number(values['journal-size']);
if (!Number.isInteger(journalSize) || journalSize < 0 || journalSize > MAX_JOURNAL_SIZE) {
  console.error(`--journal-size must be an integer 0..${MAX_JOURNAL_SIZE}`);
  process.exit(2);
}
if ((values.cert === undefined) !== (values.key === undefined)) {
  console.error('--cert and --key go together: the certificate (PEM) and its private key (PEM)');
  process.exit(2);
}
let tlsMaterial: TlsMaterial | undefined;
if (values.cert !== undefined && values.key !== undefined) {
  try {
    tlsMaterial = readTlsMaterial(values.cert, values.key);
  } catch (error) {
    console.error(`--cert/--key: ${(error as Error).message}`);
    process.exit(2);
  }
}
const workspaceTtlMs = parseDuration(values['workspace-ttl']);
if (workspaceTtlMs === undefined) {
  console.error('--workspace-ttl must be 0 (never) or a whole number with ms, s, m or h (30m), at most 30 days');
  process.exit(2);
}
const maxWorkspaces = Number(values['max-workspaces']);
if (!Number.isInteger(maxWorkspaces) || maxWorkspaces < 0 || maxWorkspaces > MAX_CREATED_WORKSPACES) {
  console.error(`--max-workspaces must be an integer 0..${MAX_CREATED_WORKSPACES}`);
  process.exit(2);
}
const clockStart = values.clock === undefined ? undefined : parseInstant(values.clock);
if (values.clock !== undefined && (clockStart === undefined || clockStart < CLOCK_MIN_MS || clockStart > CLOCK_MAX_MS)) {
  console.error('--clock must be an ISO 8601 instant with an offset within 1970..9999 (e.g. 2031-05-20T09:00:00+02:00)');
  process.exit(2);
}
const fixturesAnchor = fixtureSetAnchor(values.fixtures);
const controlToken = values['control-token'] === '' ? undefined : values['control-token'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

const stateFileName = values.state === undefined ? undefined : resolvePath(values.state);
let stateFile: StateFile | undefined;

/** One line (a JSON line with --json) saying why the state file cannot be used. */
function stateProblem(error: unknown): void {
  const problem = error instanceof StateFileError ? error : new StateFileError('STATE_FILE_UNREADABLE', String(error));
  if (values.json) console.error(JSON.stringify({ event: 'error', code: problem.code, file: stateFileName, message: problem.message }));
  else console.error(`mock: ${problem.message}`);
}

/** The mock, or one line saying why its fixtures cannot move to the clock's start, then exit 2. */
function startMock(options: MockOptions): Mock {
  try {
    return createMock(options);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    console.error(`mock: ${error.message}`);
    process.exit(2);
  }
}

const mock = startMock({
  clock: new MockClock(clockStart === undefined ? {} : { startAt: clockStart }),
  ...(values['shift-fixtures'] && fixturesAnchor !== undefined ? { fixturesAsOf: 'clock-start', fixturesAnchor } : {}),
  ...(stateFileName === undefined ? {} : { onChange: () => stateFile?.changed() }),
  ...(generalPerMinute === undefined && sendPerSecond === undefined
    ? {}
    : { rateLimits: { sendPerSecond: sendPerSecond ?? DEFAULT_RATE_LIMITS.sendPerSecond, generalPerMinute: generalPerMinute ?? DEFAULT_RATE_LIMITS.generalPerMinute } }),
  baseDomain: values['base-domain'],
  defaultTenant: values['default-tenant'],
  fixtures: loadFixtureSet(values.fixtures),
  faults: values.fault,
  validateResponses: values['validate-responses'],
  recordRequests: journalSize,
  webhookSender: webhookSender?.send,
  workspaces: { idleTtlMs: workspaceTtlMs, max: maxWorkspaces, now: () => Date.now() },
  control: {
    enabled: values.control,
    token: controlToken,
    origins: values['control-origin'],
    hosts: WILDCARD_HOSTS.has(values.host) ? [] : [values.host.includes(':') ? `[${values.host}]` : values.host],
  },
});
// The state file, read before anything else changes the state; a file it cannot read stops the start
// and is never written.
let stateFrom: 'file' | 'fixtures' | undefined;
if (stateFileName !== undefined) {
  try {
    const loaded = loadStateFile(mock, stateFileName);
    stateFrom = loaded.from === 'file' ? 'file' : 'fixtures';
    if (loaded.from === 'file' && loaded.notRestored.length > 0) {
      const warning = `the state file held ${loaded.notRestored.length} withheld secret(s), drawn anew: ${loaded.notRestored.join(', ')}`;
      console.error(values.json ? JSON.stringify({ event: 'warning', file: stateFileName, message: warning }) : `mock: ${warning}`);
    }
  } catch (error) {
    stateProblem(error);
    process.exit(1);
  }
}
if (analyticsRows > 0 && stateFrom !== 'file') {
  const range = defaultRange(mock.clock.now());
  mock.store.all().forEach((runtime, i) => {
    growMessageRows(runtime.state, { rows: analyticsRows, seed: analyticsSeed + i, ...range });
  });
}
if (stateFileName !== undefined) {
  const file = stateFileName;
  stateFile = new StateFile(mock, file, {
    saved: (bytes) => {
      if (values.json) console.log(JSON.stringify({ event: 'saved', file, bytes }));
    },
    failed: stateProblem,
  });
  if (stateFrom === 'fixtures') {
    try {
      stateFile.save();
    } catch (error) {
      stateProblem(error);
      process.exit(1);
    }
  }
}

/** The last save, at shutdown: false when it failed (said on stderr). */
function finalSave(): boolean {
  if (stateFile === undefined) return true;
  try {
    const bytes = stateFile.save();
    console.log(values.json ? JSON.stringify({ event: 'saved', file: stateFile.file, bytes }) : `State saved to ${stateFile.file}`);
    return true;
  } catch (error) {
    stateProblem(error);
    return false;
  }
}
const server = createMockServer(mock, DEFAULT_TIMEOUTS, { ...(tlsMaterial ? { tls: tlsMaterial } : {}), plainHttp: values.tls ? 'refuse' : 'serve' });
// Created workspaces past their idle time go at their next lookup or listing; this sweep frees the
// forgotten ones too (at most a minute late), without keeping the process alive.
if (workspaceTtlMs > 0) setInterval(() => mock.store.sweep(), Math.min(workspaceTtlMs, 60_000)).unref();

// Signal handlers first: once the ready line is out, a signal always stops the server gracefully.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    const pending = inFlight(server);
    const stopped = stopGracefully(server, graceMs);
    console.log(values.json ? JSON.stringify({ event: 'stopping', signal, in_flight: pending }) : `${signal}: stopping, ${pending} request(s) in flight (grace ${graceMs} ms)`);
    void stopped.then((how) => {
      const saved = finalSave();
      console.log(values.json ? JSON.stringify({ event: 'stopped', how }) : `Stopped (${how === 'drained' ? 'every request answered' : 'grace period over'})`);
      process.exit(saved ? 0 : 1);
    });
  });
}

/** One line (a JSON line with --json) saying why the server could not listen, then exit 1. */
function cannotListen(error: NodeJS.ErrnoException): never {
  const where = `${values.host}:${port}`;
  const advice: Record<string, string> = {
    EADDRINUSE: `port ${port} is already in use on ${values.host}: stop what listens there, or start the mock with --port <another> (--port 0 picks a free one)`,
    EACCES: `port ${port} on ${values.host} needs more privileges: use a port above 1023`,
    EADDRNOTAVAIL: `${values.host} is not an address of this machine: use --host 127.0.0.1 or --host 0.0.0.0`,
  };
  const message = advice[error.code ?? ''] ?? `cannot listen on ${where}: ${error.message}`;
  if (values.json) console.error(JSON.stringify({ event: 'error', code: error.code ?? null, host: values.host, port, message }));
  else console.error(`mock: ${message}`);
  process.exit(1);
}

const url = new URL(await listen(server, port, values.host).catch(cannotListen));
const tenants = describeTenants(mock).map((t) => ({ ...t, url: `${url.protocol}//${t.slug}.${values['base-domain']}:${url.port}` }));

// The certificate file clients trust: the one given with --cert, or the one HTTPS answers with
// written out (--cert-out; with --tls, a temporary file removed at exit).
let certificateFile: WrittenCertificate | undefined;
const certificatePem = serverCertificate(server);
if (certificatePem !== undefined && (values['cert-out'] !== undefined || (values.tls && values.cert === undefined))) {
  try {
    certificateFile = writeCertificate(certificatePem, values['cert-out']);
  } catch (error) {
    console.error(`mock: cannot write the certificate: ${(error as Error).message}`);
    process.exit(1);
  }
  process.on('exit', certificateFile.remove);
}
const certPath = certificateFile?.path ?? (values.cert === undefined ? null : resolvePath(values.cert));

if (values.json) {
  const control = values.control ? `${url.origin}${mock.config.controlPrefix}` : null;
  console.log(JSON.stringify({ url: url.origin, port: Number(url.port), pid: process.pid, control, tenants, faults: mock.faults.list(), cert: certPath, clock: new Date(mock.clock.now()).toISOString(), ...(stateFileName === undefined ? {} : { state: { file: stateFileName, from: stateFrom } }) }));
} else {
  console.log(`Mock API listening on ${url.origin} (${values.tls ? 'HTTPS only, plain HTTP refused; ' : ''}tenants by subdomain of ${values['base-domain']})`);
  if (certPath !== null) console.log(`Certificate: ${certPath} (trust it: README.md, "HTTPS")`);
  if (stateFileName !== undefined) console.log(`State: ${stateFileName} (${stateFrom === 'file' ? 'loaded' : 'created from the fixtures'}; saved after changes and at shutdown)`);
  const control = values.control ? `${url.origin}${mock.config.controlPrefix}${controlToken === undefined ? '' : ' (with the control token)'}` : 'off';
  const asOf = mock.config.fixturesAsOf === 'clock-start' ? 'the demo data moved to it' : 'the fixtures as written';
  console.log(`Clock: ${new Date(mock.clock.now()).toISOString()} (${asOf})`);
  if (webhookSender !== undefined) console.log(`Webhooks: delivered to loopback${values['webhooks-allow'].length > 0 ? ` and ${values['webhooks-allow'].join(', ')}` : ' only'} (README.md, "Webhooks that arrive")`);
  console.log(`Control API: ${control}${mock.faults.list().length ? `   faults: ${mock.faults.list().join(', ')}` : ''}\n`);
  for (const t of tenants) {
    console.log(`${t.name} (${t.slug}, ${t.timezone})  ${t.url}/api/v1/...`);
    for (const token of t.tokens) {
      const scope = token.permissions.join(' ');
      console.log(`  ${token.kind === 'workspace' ? 'workspace token' : `user token (${token.member})`}  ${token.name}  [${scope}]\n    ${token.token}`);
    }
    console.log('');
  }
}
