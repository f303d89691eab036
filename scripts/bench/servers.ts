// The servers `npm run bench` compares, each in its own child process on the same Node binary:
// a bare node:http server (bare-server.ts), the mock started as `npm start` starts it
// (`node mock/cli.ts`, with the rate limits lifted so the load is not refused) and Prism
// (`prism mock generated/openapi.json`, with its default per-request log, read and discarded).
// Readiness is the first HTTP answer (any status) to GET /api/v1/tokens, polled every 10 ms from
// the spawn; the time the server printed its "listening" line is kept too.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export type ServerName = 'bare' | 'replay' | 'mock' | 'prism';

export interface Started {
  name: ServerName;
  child: ChildProcess;
  port: number;
  /** Milliseconds from the spawn to the first HTTP answer. */
  firstAnswerMs: number;
  /** Milliseconds from the spawn to the printed "listening" line, when the server prints one. */
  listeningMs: number | null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/v1/tokens', headers: { host: `acme.localhost:${port}` }, agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

/**
 * The Node flags `npm start` gives the mock (package.json `scripts.start`, the one place they are
 * set): the bench measures the mock as a user starts it.
 */
export function startFlags(root: string): string[] {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const words = start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('mock/cli.ts')).filter((w) => w.startsWith('--'));
}

function command(root: string, name: ServerName, port: number, nodeFlags: string[], args: string[]): string[] {
  switch (name) {
    case 'bare':
      return [join(root, 'scripts/bench/bare-server.ts'), String(port)];
    case 'replay':
      return [join(root, 'scripts/bench/replay-server.ts'), String(port), ...args];
    case 'mock':
      return [...startFlags(root), ...nodeFlags, join(root, 'mock/cli.ts'), '--port', String(port), '--json', '--general-per-minute', '100000000', '--send-per-second', '100000000'];
    case 'prism':
      return [realpathSync(join(root, 'node_modules/.bin/prism')), 'mock', join(root, 'generated/openapi.json'), '--host', '127.0.0.1', '--port', String(port)];
  }
}

const LISTENING: Record<ServerName, RegExp> = { bare: /"url"/, replay: /"url"/, mock: /"port"/, prism: /Prism is listening/ };

/** Spawns one server on a free port and waits for its first answer (at most `timeoutMs`). */
export async function startServer(root: string, name: ServerName, { nodeFlags = [], args = [], timeoutMs = 60_000 }: { nodeFlags?: string[]; args?: string[]; timeoutMs?: number } = {}): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, command(root, name, port, nodeFlags, args), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let listeningMs: number | null = null;
  let output = '';
  // Every line is read (Prism logs each request; an unread pipe would stall it); the first lines
  // are kept for an error message.
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
      if (listeningMs === null && LISTENING[name].test(line)) listeningMs = performance.now() - began;
      if (output.length < 4000) output += `${line}\n`;
    });
  }
  while (performance.now() - began < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before answering:\n${output}`);
    if (await answers(port)) return { name, child, port, firstAnswerMs: performance.now() - began, listeningMs };
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill();
  throw new Error(`${name} did not answer within ${timeoutMs} ms:\n${output}`);
}

/** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
export async function stopServer(server: Started, graceMs = 15_000): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
