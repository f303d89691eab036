// node:http adapter: reads the body (up to the size limit), hands a MockRequest to the core and
// writes the MockResponse.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Mock } from '../core/mock.ts';
import type { MockRequest } from '../core/types.ts';

function readBody(req: IncomingMessage, limit: number): Promise<{ body: Uint8Array; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: tooLarge ? new Uint8Array() : Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
  });
}

export async function toMockRequest(req: IncomingMessage, limit: number): Promise<MockRequest> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const { body, tooLarge } = await readBody(req, limit);
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    method: req.method ?? 'GET',
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? '' : url.slice(q + 1),
    headers,
    body,
    bodyTooLarge: tooLarge,
  };
}

export function nodeHandler(mock: Mock): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    toMockRequest(req, mock.config.maxBodyBytes)
      .then((request) => mock.handle(request))
      .then((response) => {
        res.writeHead(response.status, response.headers);
        res.end(response.body);
      })
      .catch((error: unknown) => {
        console.error('mock: request failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'UTC' });
        res.end(JSON.stringify({ success: false, message: 'Unexpected error', error: { code: 'INTERNAL_SERVER_ERROR', details: String((error as Error).message ?? error) } }));
      });
  };
}

export function createMockServer(mock: Mock): Server {
  const server = createServer({ keepAliveTimeout: 5_000 }, nodeHandler(mock));
  return server;
}

/** Starts a server and resolves with its URL once it listens. */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${actual}`);
    });
  });
}
