// `npm start`: serves the mock over HTTP (default port 4010) and prints the URL, the demo
// tenants and their tokens. Flags: --port, --host, --base-domain, --default-tenant, --fixtures,
// --fault (repeatable), --validate-responses, --general-per-minute, --send-per-second (the rate
// limits), --json (one JSON line for scripts), --control-origin (repeatable), --control-token,
// --no-control, --grace-ms, --analytics-rows N (each workspace gets N generated analytics message
// rows, as POST /__mock/analytics/grow; --analytics-seed),
// --journal-size N (API requests the request journal keeps; default 1000, 0 turns it off).
// SIGTERM and SIGINT stop it gracefully: no new connections, the requests in flight are answered
// (within --grace-ms), then it exits 0. A line says when it starts stopping (`{"event":"stopping"}`
// with --json) and when it has stopped. `npm start` runs cli.ts, which turns on the compile cache
// and loads this file.
import { parseArgs } from 'node:util';
import { createMockServer, inFlight, listen, stopGracefully } from './adapters/node-http.ts';
import { describeTenants } from './control/describe.ts';
import { createMock } from './core/mock.ts';
import { MAX_JOURNAL_SIZE } from './core/request-log.ts';
import { FAULTS } from './pipeline/faults.ts';
import { DEFAULT_RATE_LIMITS } from './pipeline/rate-limits.ts';
import { defaultRange, growMessageRows, MAX_GROW_ROWS } from './resources/analytics/grow.ts';
import { loadFixtureSet } from './state/fixtures.ts';

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
const journalSize = Number(values['journal-size']);
if (!Number.isInteger(journalSize) || journalSize < 0 || journalSize > MAX_JOURNAL_SIZE) {
  console.error(`--journal-size must be an integer 0..${MAX_JOURNAL_SIZE}`);
  process.exit(2);
}
const controlToken = values['control-token'] === '' ? undefined : values['control-token'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

const mock = createMock({
  ...(generalPerMinute === undefined && sendPerSecond === undefined
    ? {}
    : { rateLimits: { sendPerSecond: sendPerSecond ?? DEFAULT_RATE_LIMITS.sendPerSecond, generalPerMinute: generalPerMinute ?? DEFAULT_RATE_LIMITS.generalPerMinute } }),
  baseDomain: values['base-domain'],
  defaultTenant: values['default-tenant'],
  fixtures: loadFixtureSet(values.fixtures),
  faults: values.fault,
  validateResponses: values['validate-responses'],
  recordRequests: journalSize,
  control: {
    enabled: values.control,
    token: controlToken,
    origins: values['control-origin'],
    hosts: WILDCARD_HOSTS.has(values.host) ? [] : [values.host.includes(':') ? `[${values.host}]` : values.host],
  },
});
if (analyticsRows > 0) {
  const range = defaultRange(mock.clock.now());
  mock.store.all().forEach((runtime, i) => {
    growMessageRows(runtime.state, { rows: analyticsRows, seed: analyticsSeed + i, ...range });
  });
}
const server = createMockServer(mock);

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
      console.log(values.json ? JSON.stringify({ event: 'stopped', how }) : `Stopped (${how === 'drained' ? 'every request answered' : 'grace period over'})`);
      process.exit(0);
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
const tenants = describeTenants(mock).map((t) => ({ ...t, url: `http://${t.slug}.${values['base-domain']}:${url.port}` }));

if (values.json) {
  const control = values.control ? `${url.origin}${mock.config.controlPrefix}` : null;
  console.log(JSON.stringify({ url: url.origin, port: Number(url.port), pid: process.pid, control, tenants, faults: mock.faults.list() }));
} else {
  console.log(`Mock API listening on ${url.origin} (tenants by subdomain of ${values['base-domain']})`);
  const control = values.control ? `${url.origin}${mock.config.controlPrefix}${controlToken === undefined ? '' : ' (with the control token)'}` : 'off';
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
