// node:http adapter: reads the body (up to the size limit, within a deadline), hands a MockRequest
// to the core and writes the MockResponse. The server's own protocol errors (a malformed request
// 400, headers too large 431, a request too slow 408), an HTTP/1.1 request without a Host header
// (400) and a CONNECT (400: the mock is no proxy) are answered in Shape B with the headers every
// answer carries, through node's `clientError` and `connect` hooks. `stopGracefully` stops accepting, lets
// the requests in flight finish within a grace period, then closes every connection.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mock } from '../core/mock.ts';
import { type MockRequest, type MockResponse, NO_ANSWER_MS } from '../core/types.ts';
import { type Sniffer, sniffProtocols } from './protocol-sniff.ts';
import { localCertificate, type TlsMaterial } from './tls.ts';

export interface ServerTimeouts {
  /** Time to receive the request headers (node's headersTimeout). */
  headersMs: number;
  /** Time to receive the body once the headers are in; 408 past it. */
  bodyMs: number;
  /** Time to receive the whole request (node's requestTimeout). */
  requestMs: number;
}

/**
 * How long an idle keep-alive connection stays open. Well above what clients keep a connection
 * for (undici: the server's hint less 2 s), so a client never reuses one the server is closing
 * at the same moment, even on a loaded machine where timers run late.
 */
export const KEEP_ALIVE_MS = 65_000;

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, bodyMs: 15_000, requestMs: 30_000 };

class BodyTimeout extends Error {}

interface Tracking {
  /** Sets the certificate before the server listens, made for the mock's hosts unless one was given. */
  prepareTls: () => Promise<void>;
  /** Whether plain HTTP is refused (HTTPS only). */
  httpsOnly: boolean;
  /** The certificate HTTPS answers with, once set. */
  certificate?: string;
  inFlight: number;
  /** Set when the server stops: every answer written from then on closes its connection (`write` asks; `fail` always closes). */
  closing: boolean;
  idle: Array<() => void>;
}

/** What the server that uses a handler tells it. */
export interface HandlerHooks {
  /** True once the server stops: the answer is written with `Connection: close`. */
  closing?: () => boolean;
}

const tracking = new WeakMap<Server, Tracking>();

function readBody(req: IncomingMessage, limit: number, deadlineMs: number): Promise<{ body: Uint8Array; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const timer = setTimeout(() => reject(new BodyTimeout()), deadlineMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve({ body: tooLarge ? new Uint8Array() : Buffer.concat(chunks), tooLarge });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const NO_BODY = { body: new Uint8Array(0), tooLarge: false };

/** A request framed without a body (no Content-Length but 0, no Transfer-Encoding): nothing to wait for. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

/** The request's headers as the core reads them: one string per name (node joins repeats, but for set-cookie). */
function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const headers = req.headers;
  for (const name in headers) {
    if (Array.isArray(headers[name])) {
      const joined: Record<string, string | undefined> = {};
      for (const [key, value] of Object.entries(headers)) joined[key] = Array.isArray(value) ? value.join(', ') : value;
      return joined;
    }
  }
  return headers as Record<string, string | undefined>;
}

function mockRequest(req: IncomingMessage, body: Uint8Array, tooLarge: boolean): MockRequest {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return {
    method: req.method ?? 'GET',
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? '' : url.slice(q + 1),
    headers: headersOf(req),
    body,
    bodyTooLarge: tooLarge,
    secure: (req.socket as { encrypted?: boolean }).encrypted === true,
  };
}

/** The request as the core reads it, once its body is in (without a body there is nothing to wait for). */
export function toMockRequest(req: IncomingMessage, limit: number, deadlineMs = DEFAULT_TIMEOUTS.bodyMs): MockRequest | Promise<MockRequest> {
  // Without a body there is no stream to wait for (node discards the empty stream after the answer).
  if (hasNoBody(req)) return mockRequest(req, NO_BODY.body, false);
  return readBody(req, limit, deadlineMs).then(({ body, tooLarge }) => mockRequest(req, body, tooLarge));
}

/** The headers of an answer the server gives outside the mock core. */
function transportHeaders(mock: Mock, body: string): Record<string, string> {
  const limit = String(mock.config.rateLimits.generalPerMinute);
  return {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-timezone': 'UTC',
    'x-ratelimit-limit': limit,
    'x-ratelimit-remaining': limit,
    connection: 'close',
  };
}

function shapeB(message: string, code: string, details: string): string {
  return JSON.stringify({ success: false, message, error: { code, details } });
}

/** An HTTP/1.1 request must name its host (RFC 9112 section 3.2); an HTTP/1.0 one may leave it out. */
function lacksHost(req: IncomingMessage): boolean {
  return req.headers.host === undefined && (req.httpVersionMajor > 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1));
}

/** A Shape B answer written straight to the connection, which it closes. */
function rawAnswer(mock: Mock, socket: Duplex, status: number, reason: string, details: string): void {
  const body = shapeB(reason, 'BAD_REQUEST', details);
  const head = Object.entries(transportHeaders(mock, body)).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
}

export function nodeHandler(mock: Mock, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS, hooks: HandlerHooks = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const closing = hooks.closing ?? (() => false);
  const fail = (res: ServerResponse, error: unknown): void => {
    if (res.headersSent) return void res.destroy();
    const timedOut = error instanceof BodyTimeout;
    if (!timedOut) console.error('mock: request failed', error);
    const body = timedOut
      ? shapeB('Request timeout', 'BAD_REQUEST', `The request body did not arrive within ${timeouts.bodyMs} ms.`)
      : shapeB('Unexpected error', 'INTERNAL_SERVER_ERROR', 'The mock failed while handling the request.');
    res.writeHead(timedOut ? 408 : 500, transportHeaders(mock, body));
    res.end(body);
  };
  const write = (req: IncomingMessage, res: ServerResponse, response: MockResponse): void => {
    if (res.destroyed) return;
    const fault = response.transport?.fault;
    if (fault === 'reset') return void req.socket.resetAndDestroy();
    if (fault === 'no-answer') {
      // Nothing is written: the client gives up, or the connection is dropped past the bound.
      const timer = setTimeout(() => req.socket.destroy(), NO_ANSWER_MS);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    // With Content-Length the head and a string body leave in one write (node prepends the head
    // to the first string chunk); without it the answer is chunked, a writev of several pieces.
    // (The request journal refers to these headers: it shows the Content-Length that was sent.)
    if (response.status !== 204 && response.status !== 304) response.headers['content-length'] = String(Buffer.byteLength(response.body));
    if (closing()) res.shouldKeepAlive = false;
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  };
  // Answers are written in batches: those decided while node reads the requests that are ready
  // (the event loop's poll phase) are written together right after it (setImmediate, the check
  // phase). Written one by one inside node's request callback, at 50 connections on 2 cores, each
  // write woke the client on its own and the kernel time per request was three times as high
  // (`npm run bench`: the list read went from about 22,000 to 30,000 requests per second with this
  // alone, to 37,000 with the Set below gone too). A connection's answers keep their order (node
  // writes a connection's answers in the order of its requests anyway).
  let batch: Array<{ req: IncomingMessage; res: ServerResponse; response: MockResponse }> = [];
  const flush = (): void => {
    const answers = batch;
    batch = [];
    for (const { req, res, response } of answers) {
      try {
        write(req, res, response);
      } catch (error) {
        fail(res, error);
      }
    }
  };
  const answer = (req: IncomingMessage, res: ServerResponse, response: MockResponse): void | Promise<void> => {
    const delayMs = response.transport?.delayMs;
    if (delayMs !== undefined && delayMs > 0) return sleep(delayMs).then(() => write(req, res, response));
    if (batch.length === 0) setImmediate(flush);
    batch.push({ req, res, response });
  };
  // The common request (no body, no JWT to verify, no forced delay) is read and decided in the
  // turn node hands it over, like a plain node:http handler: no promise in between.
  return (req, res) => {
    try {
      if (lacksHost(req)) {
        const body = shapeB('Bad Request', 'BAD_REQUEST', 'An HTTP/1.1 request must carry a Host header; its subdomain names the workspace.');
        res.writeHead(400, transportHeaders(mock, body));
        return void res.end(body);
      }
      const request = toMockRequest(req, mock.config.maxBodyBytes, timeouts.bodyMs);
      const handled = request instanceof Promise ? request.then((r) => mock.handleNow(r)) : mock.handleNow(request);
      const written = handled instanceof Promise ? handled.then((response) => answer(req, res, response)) : answer(req, res, handled);
      written?.catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  };
}

/** Node's own protocol errors, answered in Shape B (or the connection dropped when it is gone). */
function onClientError(mock: Mock) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, details] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request did not arrive in time.']
          : [400, 'Bad Request', 'The request is not valid HTTP.'];
    rawAnswer(mock, socket, status, reason, details);
  };
}

/** How often node checks the header and request deadlines: a tenth of the header deadline, 0.1 to 1 s. */
export function checkingInterval(timeouts: ServerTimeouts): number {
  return Math.min(1_000, Math.max(100, Math.floor(timeouts.headersMs / 10)));
}

/** How the server speaks: HTTP and HTTPS on one port (the default), or HTTPS only. */
export interface TransportOptions {
  /** The certificate HTTPS answers with (default: one made at start for the mock's hosts, tls.ts). */
  tls?: TlsMaterial;
  /** `refuse`: plain HTTP gets a 400 saying to use HTTPS and is closed (the API document: HTTPS only). */
  plainHttp?: 'serve' | 'refuse';
}

export function createMockServer(mock: Mock, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS, transport: TransportOptions = {}): Server {
  let sniffer: Sniffer | undefined;
  const state: Tracking = {
    prepareTls: async () => {
      if (!sniffer || sniffer.secure) return;
      const material = transport.tls ?? (await localCertificate(mock.config.baseDomain, mock.store.all().map((w) => w.state.slug)));
      sniffer.setMaterial(material);
      state.certificate = material.cert;
    },
    httpsOnly: transport.plainHttp === 'refuse',
    inFlight: 0,
    closing: false,
    idle: [],
  };
  const handle = nodeHandler(mock, timeouts, { closing: () => state.closing });
  // One listener for every answer, not a closure per request. (The answers in flight are counted,
  // not kept in a Set: V8's Set, churned by an add and a delete per request, kept the requests
  // of the last tens of milliseconds alive through every young-generation collection, whose
  // pauses grew to 10–15 ms.)
  function closed(): void {
    state.inFlight--;
    if (state.closing) {
      server.closeIdleConnections();
      if (state.inFlight === 0) for (const done of state.idle.splice(0)) done();
    }
  }
  const server = createServer(
    // Without Host, node would answer 400 itself with an empty body; the handler answers it in Shape B.
    // Node checks the header and request deadlines every `connectionsCheckingInterval` (30 s by
    // default, which cut slow headers at up to 40 s); checked at a tenth of the header deadline
    // (0.1 to 1 s), they are cut within that of the configured time.
    {
      keepAliveTimeout: KEEP_ALIVE_MS,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: checkingInterval(timeouts),
      requireHostHeader: false,
    },
    (req, res) => {
      state.inFlight++;
      res.on('close', closed);
      handle(req, res);
    },
  );
  server.on('clientError', onClientError(mock));
  sniffer = sniffProtocols(server, {
    plain: transport.plainHttp ?? 'serve',
    firstByteMs: timeouts.headersMs,
    refusePlain: (socket) => rawAnswer(mock, socket, 400, 'Bad Request', 'This server answers HTTPS only: send the request to its https:// address.'),
  });
  if (transport.tls) {
    sniffer.setMaterial(transport.tls);
    state.certificate = transport.tls.cert;
  }
  // CONNECT asks for a tunnel; without a listener node drops the connection unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => rawAnswer(mock, socket, 400, 'Bad Request', 'CONNECT is not served: the mock is an API server, not a proxy.'));
  tracking.set(server, state);
  return server;
}

/** The PEM certificate the server answers HTTPS with (set once it listens), for clients to trust. */
export function serverCertificate(server: Server): string | undefined {
  return tracking.get(server)?.certificate;
}

/** Requests the server is answering now. */
export function inFlight(server: Server): number {
  return tracking.get(server)?.inFlight ?? 0;
}

/**
 * Stops accepting connections, lets the requests in flight finish (their answers close their
 * connections) and resolves `drained`, or after `graceMs` closes every connection and resolves
 * `forced`.
 */
export function stopGracefully(server: Server, graceMs: number): Promise<'drained' | 'forced'> {
  const state = tracking.get(server);
  return new Promise((resolve) => {
    server.close();
    server.closeIdleConnections();
    if (!state || state.inFlight === 0) return resolve('drained');
    state.closing = true;
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve('forced');
    }, graceMs);
    state.idle.push(() => {
      clearTimeout(timer);
      resolve('drained');
    });
  });
}

/**
 * Starts a server and resolves with its URL once it listens (`https://` when it answers HTTPS
 * only), its certificate made first.
 */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  const state = tracking.get(server);
  await state?.prepareTls();
  const scheme = state?.httpsOnly ? 'https' : 'http';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve(`${scheme}://${host.includes(':') ? `[${host}]` : host}:${actual}`);
    });
  });
}
