// `--tls`: the mock answers HTTPS only on its port, with the certificate it made at start (its PEM
// written to a file whose path is the ready line's `cert`, removed when the mock stops) or the one
// given with --cert/--key; plain HTTP on the port gets a 400 in Shape B; a TLS 1.1 handshake is
// refused. Each mock is a process started as users start it, its readiness read from its --json line.
import { type ChildProcess, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { connect as tlsConnect } from 'node:tls';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { suiteLookup } from '../../conformance/http/lookup.ts';
import { demoTenant } from '../support/demo-tenants.ts';

const root = resolve(import.meta.dirname, '../..');
const fixtureCert = resolve(root, 'test/conformance/fixtures/tls-cert.pem');
const fixtureKey = resolve(root, 'test/conformance/fixtures/tls-key.pem');
const acme = demoTenant('acme');
const started: ChildProcess[] = [];

// Stopped with SIGTERM, as a user stops it: the mock then removes the certificate file it wrote.
afterEach(async () => {
  await Promise.all(
    started.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }),
  );
});

// biome-ignore lint/suspicious/noExplicitAny: the ready line is read loosely and asserted field by field
type Json = Record<string, any>;

async function startMock(args: string[]): Promise<{ child: ChildProcess; ready: Json }> {
  const child = spawn(process.execPath, ['mock/cli.ts', '--port', '0', '--json', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error('the mock closed its output before its ready line');
    if (value.startsWith('{')) return { child, ready: JSON.parse(value) as Json };
  }
}

interface Handshake {
  protocol?: string;
  fingerprint?: string;
  code?: string;
}

/** A TLS handshake with the mock offering only the versions between `min` and `max`. */
function handshake(port: number, ca: string, min: 'TLSv1' | 'TLSv1.2' | 'TLSv1.3', max: 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3', servername = 'acme.localhost'): Promise<Handshake> {
  return new Promise((resolveHandshake) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, servername, ca, minVersion: min, maxVersion: max, ciphers: 'DEFAULT@SECLEVEL=0' }, () => {
      const result = { protocol: socket.getProtocol() ?? undefined, fingerprint: socket.getPeerX509Certificate()?.fingerprint256 };
      socket.end();
      resolveHandshake(result);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolveHandshake({ code: error.code ?? error.message }));
  });
}

/** A plain-HTTP request written to the port, and the whole answer (the server closes the connection). */
function plainRequest(port: number): Promise<{ status: number; headers: Record<string, string>; body: Json }> {
  return new Promise((resolveReply, reject) => {
    const socket = netConnect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolveReply({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as Json });
    });
    socket.write(`GET /api/v1/calls?per_page=1 HTTP/1.1\r\nHost: acme.localhost:${port}\r\nAuthorization: Bearer ${acme.fullToken}\r\nConnection: close\r\n\r\n`);
  });
}

describe('the mock with --tls', () => {
  it('answers HTTPS with the certificate it made, names https addresses and the certificate file, and removes the file at exit', async () => {
    const { child, ready } = await startMock(['--tls', '--default-tenant', 'acme']);
    const port = ready.port as number;
    expect(ready.url).toBe(`https://127.0.0.1:${port}`);
    expect(ready.control).toBe(`https://127.0.0.1:${port}/__mock`);
    expect((ready.tenants as Json[]).map((t) => t.url)).toEqual([`https://acme.localhost:${port}`, `https://globex.localhost:${port}`]);
    const pem = readFileSync(ready.cert as string, 'utf8');
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(pem).not.toContain('PRIVATE KEY');

    // A client that trusts the written certificate reaches the tenant by its own name.
    const dispatcher = new Agent({ connect: { ca: pem, lookup: suiteLookup(new Map()) } });
    try {
      const res = await request(`https://acme.localhost:${port}/api/v1/calls?per_page=1`, { headers: { authorization: `Bearer ${acme.fullToken}` }, dispatcher });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as Json).success).toBe(true);
    } finally {
      await dispatcher.close();
    }
    // The certificate the port answers with is the written one.
    expect((await handshake(port, pem, 'TLSv1.2', 'TLSv1.3')).fingerprint).toBe(new X509Certificate(pem).fingerprint256);

    // Node trusts it through NODE_EXTRA_CA_CERTS, as the README says (the default tenant on 127.0.0.1).
    const script = `const r = await fetch('https://127.0.0.1:${port}/api/v1/calls?per_page=1', { headers: { authorization: 'Bearer ${acme.fullToken}' } }); console.log(r.status);`;
    const node = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: ready.cert as string }, stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    node.stdout.on('data', (d: Buffer) => {
      printed += d.toString();
    });
    const [code] = await once(node, 'exit');
    expect(code).toBe(0);
    expect(printed.trim()).toBe('200');

    child.kill('SIGTERM');
    await once(child, 'exit');
    expect(existsSync(ready.cert as string)).toBe(false);
  });

  it('refuses plain HTTP on its port with a 400 in Shape B saying to use HTTPS', async () => {
    const { ready } = await startMock(['--tls']);
    const reply = await plainRequest(ready.port as number);
    expect(reply.status).toBe(400);
    expect(reply.headers['x-timezone']).toBe('UTC');
    expect(reply.headers.connection).toBe('close');
    expect(reply.body).toEqual({ success: false, message: 'Bad Request', error: { code: 'BAD_REQUEST', details: expect.stringContaining('HTTPS only') } });
  });

  it('refuses a TLS 1.1 handshake and accepts TLS 1.2 and 1.3', async () => {
    const { ready } = await startMock(['--tls']);
    const port = ready.port as number;
    const pem = readFileSync(ready.cert as string, 'utf8');
    // The server's "protocol version" alert: the client offered TLS 1.1, the server refused it.
    expect(await handshake(port, pem, 'TLSv1', 'TLSv1.1')).toEqual({ code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION' });
    expect((await handshake(port, pem, 'TLSv1.2', 'TLSv1.2')).protocol).toBe('TLSv1.2');
    expect((await handshake(port, pem, 'TLSv1.3', 'TLSv1.3')).protocol).toBe('TLSv1.3');
  });

  it('answers with the certificate given with --cert/--key, and names that file', async () => {
    const { ready } = await startMock(['--tls', '--cert', fixtureCert, '--key', fixtureKey, '--default-tenant', 'acme']);
    const port = ready.port as number;
    expect(ready.cert).toBe(fixtureCert);
    const pem = readFileSync(fixtureCert, 'utf8');
    // The given certificate names localhost (and 127.0.0.1), not acme.localhost.
    expect((await handshake(port, pem, 'TLSv1.2', 'TLSv1.3', 'localhost')).fingerprint).toBe(new X509Certificate(pem).fingerprint256);
    const dispatcher = new Agent({ connect: { ca: pem, lookup: suiteLookup(new Map()) } });
    try {
      const res = await request(`https://localhost:${port}/api/v1/calls?per_page=1`, { headers: { authorization: `Bearer ${acme.fullToken}` }, dispatcher });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    } finally {
      await dispatcher.close();
    }
  });

  it('stops the start with exit code 2 when --cert comes without --key', async () => {
    const child = spawn(process.execPath, ['mock/cli.ts', '--port', '0', '--tls', '--cert', fixtureCert], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('--cert and --key go together');
  });
});
