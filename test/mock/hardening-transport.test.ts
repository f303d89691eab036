// The transport: the server's own protocol errors (malformed request 400, headers too large 431, a
// body too slow 408) are answered in Shape B with X-Timezone and X-RateLimit-* like every other
// answer, and so are preflights.
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_TIMEOUTS, listen } from '../../mock/adapters/node-http.ts';
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
    server = createMockServer(mock, { ...DEFAULT_TIMEOUTS, bodyMs: 200 });
    port = Number(new URL(await listen(server, 0, '127.0.0.1')).port);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a request that is not HTTP with 400 in Shape B', async () => {
    expectTransportError(await raw(port, ['GARBAGE / NOTHTTP\r\n\r\n']), 400);
    expectTransportError(await raw(port, ['GET /api/v1/calls HTTP/1.1\r\nHost: acme.localhost\r\nContent-Length: x\r\n\r\n']), 400);
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
