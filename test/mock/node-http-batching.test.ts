// The node adapter writes the answers decided in one turn of the event loop together, after node
// has read every request that was ready. What that must not change: each answer reaches its own
// connection, and a connection's pipelined requests are answered in the order they were sent.
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, listen } from '../../mock/adapters/node-http.ts';
import { demoTenant } from '../support/demo-tenants.ts';
import { testMock } from '../support/harness.ts';

const acme = demoTenant('acme');

/** Writes `requests` in one TCP write and reads until `count` answers have come (the last one closes). */
function pipelined(port: number, requests: string[]): Promise<Array<{ status: number; body: string }>> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const answers: Array<{ status: number; body: string }> = [];
      let rest = text;
      while (rest.startsWith('HTTP/1.1 ')) {
        const headEnd = rest.indexOf('\r\n\r\n');
        const head = rest.slice(0, headEnd);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        answers.push({ status: Number(head.slice(9, 12)), body: rest.slice(headEnd + 4, headEnd + 4 + length) });
        rest = rest.slice(headEnd + 4 + length);
      }
      resolve(answers);
    });
    socket.write(requests.join(''));
  });
}

function get(path: string, { token = acme.fullToken, close = false }: { token?: string | null; close?: boolean } = {}): string {
  return `GET ${path} HTTP/1.1\r\nHost: acme.localhost\r\n${token === null ? '' : `Authorization: Bearer ${token}\r\n`}${close ? 'Connection: close\r\n' : ''}\r\n`;
}

function post(path: string, json: unknown): string {
  const body = JSON.stringify(json);
  return `POST ${path} HTTP/1.1\r\nHost: acme.localhost\r\nAuthorization: Bearer ${acme.fullToken}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('answers written in batches over node:http', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createMockServer(testMock());
    port = Number(new URL(await listen(server, 0, '127.0.0.1')).port);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers pipelined requests on one connection in the order they were sent', async () => {
    const answers = await pipelined(port, [get('/api/v1/tokens'), get('/api/v1/nowhere'), get('/api/v1/tokens', { token: null }), get('/api/v1/tokens', { close: true })]);
    expect(answers.map((a) => a.status)).toEqual([200, 404, 401, 200]);
    expect(JSON.parse(answers[0]?.body ?? '')).toMatchObject({ success: true, message: 'Tokens retrieved' });
  });

  it('keeps the order when a request with a body (read later) comes before one without', async () => {
    const answers = await pipelined(port, [post('/api/v1/tokens', { name: 'Pipelined', permissions: ['*'] }), get('/api/v1/nowhere', { close: true })]);
    expect(answers.map((a) => a.status)).toEqual([201, 404]);
    expect(JSON.parse(answers[0]?.body ?? '')).toMatchObject({ success: true, data: { name: 'Pipelined' } });
  });

  it('gives each of many connections its own answer', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? '/api/v1/tokens' : `/api/v1/nowhere-${i}`));
    const answers = await Promise.all(paths.map((path) => pipelined(port, [get(path, { close: true })])));
    for (const [i, [answer]] of answers.entries()) {
      expect(answer?.status).toBe(i % 2 === 0 ? 200 : 404);
      if (i % 2 === 1) expect(answer?.body).toContain(`/api/v1/nowhere-${i}`);
    }
  });
});
