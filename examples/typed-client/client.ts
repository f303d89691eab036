// A typed client for the platform API: openapi-fetch's createClient<paths>() with the types
// generated from the contract (the package's `agent-platform-contract/api`, generated/api.ts in
// this repository), so paths, parameters, bodies and answers are checked by the TypeScript compiler.
//
// The tenant is the subdomain (http://acme.localhost:4010). Browsers and curl resolve *.localhost
// to loopback themselves; Node's resolver does not (fetch fails with ENOTFOUND), and fetch ignores
// a Host header it is given (it sends the URL's host). Two routes work in Node:
//   1. clientForDefaultTenant: start the mock with `--default-tenant acme` and use its plain
//      address (http://127.0.0.1:4010); any fetch works.
//   2. clientForTenantHost: keep the tenant's URL and resolve *.localhost to 127.0.0.1 with an
//      undici Agent (`connect.lookup`), used through undici's own fetch (Node's built-in fetch
//      refuses an Agent of the undici package: "invalid onRequestStart method").
//
// Run it against a running mock:
//   node examples/typed-client/client.ts http://127.0.0.1:4010 <token>        (--default-tenant acme)
//   node examples/typed-client/client.ts http://acme.localhost:4010 <token>
import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import createClient, { type Client } from 'openapi-fetch';
import { Agent, fetch as undiciFetch, Request as UndiciRequest } from 'undici';
import type { paths } from 'agent-platform-contract/api';

export type ApiClient = Client<paths>;

/** A client and what it holds open (the Agent of route 2). */
export interface TenantClient {
  client: ApiClient;
  close(): Promise<void>;
}

/** Route 1: the mock's plain address, served as a tenant by `--default-tenant`; Node's own fetch. */
export function clientForDefaultTenant(baseUrl: string, token: string): ApiClient {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

/** Name resolution that sends `localhost` and every `*.localhost` name to 127.0.0.1. */
const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  const name = hostname.toLowerCase();
  lookup(name === 'localhost' || name.endsWith('.localhost') ? '127.0.0.1' : hostname, options, callback);
};

/** Route 2: the tenant's own URL (http://acme.localhost:4010) through undici with a loopback lookup. */
export function clientForTenantHost(tenantUrl: string, token: string): TenantClient {
  const dispatcher = new Agent({ connect: { lookup: loopbackLookup } });
  const client = createClient<paths>({
    baseUrl: tenantUrl,
    headers: { Authorization: `Bearer ${token}` },
    // openapi-fetch builds the Request and passes requestInitExt as fetch's second argument; both
    // must be undici's own, so the Agent is accepted. The casts bridge undici's and the DOM's types.
    Request: UndiciRequest as unknown as typeof Request,
    fetch: (request) => undiciFetch(request as unknown as UndiciRequest, { dispatcher }) as unknown as Promise<Response>,
  });
  return { client, close: () => dispatcher.close() };
}

/** What the example prints: the newest call, read in Tokyo time, typed end to end. */
export async function newestCall(client: ApiClient): Promise<{ zone: string | null; total: number; first: string | undefined }> {
  const { data, error, response } = await client.GET('/api/v1/calls', {
    params: { query: { per_page: 1 }, header: { 'X-Timezone': 'Asia/Tokyo' } },
  });
  if (error !== undefined) throw new Error(`listCalls answered ${response.status}: ${error.message}`);
  // `data` is the contract's 200 body: data.data is the page, its items are typed calls.
  return { zone: response.headers.get('x-timezone'), total: data.data.total, first: data.data.data[0]?.created_at };
}

if (import.meta.main) {
  const [url, token] = process.argv.slice(2);
  if (url === undefined || token === undefined) {
    console.error('usage: node examples/typed-client/client.ts <base URL> <token>');
    process.exit(2);
  }
  const tenantHost = new URL(url).hostname.endsWith('.localhost');
  const { client, close } = tenantHost ? clientForTenantHost(url, token) : { client: clientForDefaultTenant(url, token), close: async () => {} };
  try {
    console.log(JSON.stringify(await newestCall(client)));
  } finally {
    await close();
  }
}
