// A tiny node:http server that serves one HTML page on a loopback port of its own: a web page of
// another origin than the mock, as a frontend's dev server would be, for browser tests of CORS.
import { createServer } from 'node:http';
import { listen } from '../../mock/adapters/node-http.ts';

export interface PageServer {
  /** The page's origin, `http://127.0.0.1:<port>`. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `html` at `/` (and 404 elsewhere) on a free loopback port. */
export async function servePage(html: string): Promise<PageServer> {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  const origin = await listen(server, 0, '127.0.0.1');
  return {
    origin,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
