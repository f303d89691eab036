// The transport: the server's own protocol errors (malformed request 400, headers too large 431, a
// body too slow 408) are answered in Shape B with X-Timezone and X-RateLimit-* like every other
// answer, and so are preflights.
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { createMockServer, DEFAULT_TIMEOUTS, listen, serverCertificate } from '../../mock/adapters/node-http.ts';
import type { Mock } from '../../mock/core/mock.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { testMock } from '../support/harness.ts';

const acme = demoTenant('acme');

interface RawReply {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read loosely and asserted field by field
  body: any;
}

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function raw(port: number, chunks: string[]): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? undefined : JSON.parse(body) });
    });
    for (const chunk of chunks) socket.write(chunk);
  });
}

function expectTransportError(res: RawReply, status: number): void {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
  expect(typeof res.body.message).toBe('string');
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['x-timezone']).toBe('UTC');
  expect(res.headers['x-ratelimit-limit']).toBeDefined();
  expect(res.headers['x-ratelimit-remaining']).toBeDefined();
}

describe('transport answers over node:http', () => {
  let mock: Mock;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    mock = testMock();
    server = createMockServer(mock, { ...DEFAULT_TIMEOUTS, headersMs: 300, bodyMs: 200 });
    port = Number(new URL(await listen(server, 0, '127.0.0.1')).port);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a request that is not HTTP with 400 in Shape B', async () => {
    expectTransportError(await raw(port, ['GARBAGE / NOTHTTP\r\n\r\n']), 400);
    expectTransportError(await raw(port, ['GET /api/v1/calls HTTP/1.1\r\nHost: acme.localhost\r\nContent-Length: x\r\n\r\n']), 400);
  });

  it('answers an HTTP/1.1 request without a Host header with 400 in Shape B', async () => {
    const res = await raw(port, [`GET /api/v1/calls HTTP/1.1\r\nAuthorization: Bearer ${acme.fullToken}\r\n\r\n`]);
    expectTransportError(res, 400);
    expect(res.body.error.details).toMatch(/Host/);
  });

  it('answers CONNECT with 400 in Shape B instead of dropping the connection', async () => {
    expectTransportError(await raw(port, ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n']), 400);
  });

  it('cuts headers that stop arriving at the configured header deadline, not node\'s 30 s check', async () => {
    // The deadline is 300 ms; node's default check would answer after up to 30 s. The bound below
    // is 30 times the deadline, far from either, so a loaded machine does not decide the outcome.
    const started = performance.now();
    const res = await raw(port, ['GET /api/v1/calls HTTP/1.1\r\nHost: acme.localhost\r\nX-Slow: a']);
    expectTransportError(res, 408);
    expect(performance.now() - started).toBeLessThan(9_000);
  });

  it('closes a connection that sends nothing by the header deadline', async () => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // The deadline is 300 ms; the bound is 30 times that, so only a connection left open fails.
    expect(performance.now() - started).toBeLessThan(9_000);
  });

  it('answers HTTPS on the same port, with a certificate for the tenant hosts that a client can trust', async () => {
    const ca = serverCertificate(server);
    expect(ca).toMatch(/BEGIN CERTIFICATE/);
    const dispatcher = new Agent({ connect: { ca, servername: 'acme.localhost' } });
    try {
      const res = await request(`https://127.0.0.1:${port}/api/v1/calls`, { headers: { host: `acme.localhost:${port}`, authorization: `Bearer ${acme.fullToken}` }, dispatcher });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { success: boolean }).success).toBe(true);
    } finally {
      await dispatcher.close();
    }
    // Plain HTTP on the same port keeps working.
    const plain = await raw(port, [`GET /api/v1/calls HTTP/1.1\r\nHost: acme.localhost\r\nAuthorization: Bearer ${acme.fullToken}\r\nConnection: close\r\n\r\n`]);
    expect(plain.status).toBe(200);
  });

  it('answers headers too large with 431 in Shape B', async () => {
    const big = `GET /api/v1/calls HTTP/1.1\r\nHost: acme.localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expectTransportError(await raw(port, [big]), 431);
  });

  it('answers a body that stops arriving with 408 in Shape B, and nothing is created', async () => {
    const before = mock.store.get('acme')?.state.tokens.length;
    const head = `POST /api/v1/tokens HTTP/1.1\r\nHost: acme.localhost\r\nAuthorization: Bearer ${acme.fullToken}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name": "Sl`;
    expectTransportError(await raw(port, [head]), 408);
    expect(mock.store.get('acme')?.state.tokens.length).toBe(before);
  });

  it('gives a preflight the rate-limit and zone headers, without counting it', async () => {
    const res = await raw(port, [
      'OPTIONS /api/v1/sms/send HTTP/1.1\r\nHost: acme.localhost\r\nOrigin: http://localhost:5173\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n',
    ]);
    expect(res.status).toBe(204);
    expect(res.headers['x-timezone']).toBe('UTC');
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    const remaining = Number(res.headers['x-ratelimit-remaining']);
    const again = await raw(port, [
      'OPTIONS /api/v1/sms/send HTTP/1.1\r\nHost: acme.localhost\r\nOrigin: http://localhost:5173\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n',
    ]);
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(remaining);
  });
});
