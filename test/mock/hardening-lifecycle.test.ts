// Shutdown: SIGTERM (or SIGINT) stops accepting connections, answers the requests in flight, then
// exits 0; `npm start` hands the signal to the server, leaving no process behind. Readiness and
// progress are read from the lines the server prints, and the request in flight is held open by
// its own body (sent after the signal), never by waiting.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';

const root = resolve(import.meta.dirname, '../..');
const acme = demoTenant('acme');
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

// biome-ignore lint/suspicious/noExplicitAny: the printed lines are read loosely and asserted field by field
type Json = Record<string, any>;

/** The next stdout line that is a JSON object. */
async function nextJson(lines: AsyncIterator<string>): Promise<Json> {
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error('the server closed its output');
    if (value.startsWith('{')) return JSON.parse(value) as Json;
  }
}

function start(command: string, args: string[]): { child: ChildProcess; lines: AsyncIterator<string>; reader: Interface } {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const reader = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return { child, lines: reader[Symbol.asyncIterator](), reader };
}

/** Resolves once the socket has received `marker`, with everything received so far. */
function until(socket: Socket, marker: string, sofar: { text: string }): Promise<void> {
  return new Promise((resolveSeen, reject) => {
    const check = () => {
      if (sofar.text.includes(marker)) {
        socket.off('data', onData);
        resolveSeen();
      }
    };
    const onData = (d: Buffer) => {
      sofar.text += d.toString('utf8');
      check();
    };
    socket.on('data', onData);
    socket.once('error', reject);
    check();
  });
}

describe('stopping the mock', () => {
  it('on SIGTERM answers the request in flight, refuses new connections, then exits 0', async () => {
    const { child, lines } = start(process.execPath, ['mock/cli.ts', '--port', '0', '--json']);
    const ready = await nextJson(lines);
    const port = ready.port as number;

    const body = JSON.stringify({ name: 'Created while stopping' });
    const socket = connect(port, '127.0.0.1');
    const received = { text: '' };
    socket.write(
      `POST /api/v1/tokens HTTP/1.1\r\nHost: acme.localhost:${port}\r\nAuthorization: Bearer ${acme.fullToken}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    // "100 Continue" is written as the server starts handling the request: it is in flight now.
    await until(socket, '100 Continue', received);

    child.kill('SIGTERM');
    const stopping = await nextJson(lines);
    expect(stopping).toMatchObject({ event: 'stopping', signal: 'SIGTERM', in_flight: 1 });
    const refused = connect(port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');

    socket.write(body);
    await until(socket, '"success":true', received);
    expect(received.text).toMatch(/HTTP\/1\.1 201 Created/);
    expect(received.text).toContain('Created while stopping');
    // Answered after the stop began: the connection is not kept for another request.
    expect(received.text).toMatch(/\r\nConnection: close\r\n/i);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(await nextJson(lines)).toMatchObject({ event: 'stopped', how: 'drained' });
  });

  it('through npm start: SIGTERM to npm stops the server too', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { child, lines } = start(npm, ['start', '--silent', '--', '--port', '0', '--json']);
    const ready = await nextJson(lines);
    const pid = ready.pid as number;
    expect(pid).not.toBe(child.pid);
    child.kill('SIGTERM');
    expect(await nextJson(lines)).toMatchObject({ event: 'stopping', signal: 'SIGTERM' });
    expect(await nextJson(lines)).toMatchObject({ event: 'stopped' });
    await once(child, 'exit');
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
    expect(alive).toBe(false);
  });
});
