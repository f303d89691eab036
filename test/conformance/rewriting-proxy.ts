// A mock with a small HTTP proxy in front that rewrites the JSON answers passing through it (a
// field renamed or dropped), so a test can show what the suite makes of a service whose answers
// drift from the contract. The suite certifies the proxy as a deployment, with the workspace token
// the mock printed.
import { createServer, request, type Server } from 'node:http';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';

export interface Exchanged {
  method: string;
  /** The request path without the query. */
  path: string;
}

/** Rewrites one parsed JSON answer (in place or by returning a new value). */
export type Rewrite = (exchanged: Exchanged, body: unknown) => unknown;

export interface RewritingProxy {
  url: string;
  /** A workspace token of the tenant with every permission. */
  token: string;
  stop(): Promise<void>;
}

function forward(target: URL, rewrite: Rewrite): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let text = Buffer.concat(parts).toString('utf8');
            // The answer is passed on whole, so it has a length rather than chunks.
            const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
            if (/application\/json/i.test(String(headers['content-type'] ?? '')) && text !== '') {
              const path = new URL(req.url ?? '/', 'http://proxy').pathname;
              text = JSON.stringify(rewrite({ method: req.method ?? 'GET', path }, JSON.parse(text)));
            }
            headers['content-length'] = String(Buffer.byteLength(text));
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(text);
          });
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(error.message);
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
}

/** Starts the mock (tenant acme by default) and the proxy in front of it. */
export async function rewritingProxy(rewrite: Rewrite): Promise<RewritingProxy> {
  const mock: StartedMock = await startMock({ defaultTenant: 'acme', generalPerMinute: 1_000_000 });
  const tenant = mock.description.tenants.find((t) => t.slug === 'acme');
  const token = tenant?.tokens.find((t) => t.kind === 'workspace' && Array.isArray(t.permissions) && t.permissions.includes('*'))?.token;
  if (!token) {
    await mock.stop();
    throw new Error('the mock printed no workspace token with every permission for acme');
  }
  const server = forward(new URL(mock.description.url), rewrite);
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await mock.stop();
    },
  };
}

/** A copy of a JSON value with every property `from` renamed to `to`, at any depth. */
export function renameEverywhere(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameEverywhere(v, from, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, renameEverywhere(v, from, to)]));
  }
  return value;
}
