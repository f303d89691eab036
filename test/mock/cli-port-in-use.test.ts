// A port already in use: the mock says so in one line naming the port and what to do (a JSON line
// with --json), no stack trace, and exits 1.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['mock/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('starting the mock on a port in use', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => taken.close(() => done())));

  it('prints one line naming the port and the way out, and exits 1', async () => {
    const { code, stdout, stderr } = await run(['--port', String(port), '--host', '127.0.0.1']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`port ${port} is already in use`);
    expect(lines[0]).toContain('--port');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('with --json prints one JSON line with the code and the port', async () => {
    const { code, stderr } = await run(['--port', String(port), '--host', '127.0.0.1', '--json']);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ event: 'error', code: 'EADDRINUSE', port });
  });
});
