// `npm start`: serves the mock over HTTP (default port 4010) and prints the URL, the demo
// tenants and their tokens. Flags: --port, --host, --base-domain, --default-tenant, --fixtures,
// --fault (repeatable), --validate-responses, --general-per-minute, --json (one JSON line for scripts).
import { parseArgs } from 'node:util';
import { createMockServer, listen } from './adapters/node-http.ts';
import { describeTenants } from './control/describe.ts';
import { createMock } from './core/mock.ts';
import { FAULTS } from './pipeline/faults.ts';
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
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm start -- [--port 4010] [--host 127.0.0.1] [--base-domain localhost] [--default-tenant acme]
                 [--fixtures demo] [--fault NAME]... [--validate-responses] [--general-per-minute 1000] [--json]
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

const mock = createMock({
  ...(generalPerMinute === undefined ? {} : { rateLimits: { sendPerSecond: 5, generalPerMinute } }),
  baseDomain: values['base-domain'],
  defaultTenant: values['default-tenant'],
  fixtures: loadFixtureSet(values.fixtures),
  faults: values.fault,
  validateResponses: values['validate-responses'],
});
const server = createMockServer(mock);
const url = new URL(await listen(server, port, values.host));
const tenants = describeTenants(mock).map((t) => ({ ...t, url: `http://${t.slug}.${values['base-domain']}:${url.port}` }));

if (values.json) {
  console.log(JSON.stringify({ url: url.origin, port: Number(url.port), control: `${url.origin}${mock.config.controlPrefix}`, tenants, faults: mock.faults.list() }));
} else {
  console.log(`Mock API listening on ${url.origin} (tenants by subdomain of ${values['base-domain']})`);
  console.log(`Control API: ${url.origin}${mock.config.controlPrefix}${mock.faults.list().length ? `   faults: ${mock.faults.list().join(', ')}` : ''}\n`);
  for (const t of tenants) {
    console.log(`${t.name} (${t.slug}, ${t.timezone})  ${t.url}/api/v1/...`);
    for (const token of t.tokens) {
      const scope = token.permissions.join(' ');
      console.log(`  ${token.kind === 'workspace' ? 'workspace token' : `user token (${token.member})`}  ${token.name}  [${scope}]\n    ${token.token}`);
    }
    console.log('');
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
