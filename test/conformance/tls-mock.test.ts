// The suite's TLS rules against the mock over HTTPS, through the conformance CLI as QA runs it:
// started with --tls, the mock refuses plain HTTP and TLS 1.1, and the CLI, trusting the
// certificate the mock wrote (--ca), finds both rules verified. In its default mode the port
// answers plain HTTP as it answers HTTPS, and the CLI at the https address finds the HTTPS-only
// rule violated: the check can tell the two apart.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_SAFETY_MS, CLI_TEST_MS, runCli } from './run-cli.ts';

const root = resolve(import.meta.dirname, '../..');
const started: ChildProcess[] = [];
const dirs: string[] = [];

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
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Ready {
  port: number;
  cert: string | null;
  tenants: Array<{ slug: string; url: string; tokens: Array<{ kind: string; token: string; permissions: string[] | string }> }>;
}

async function startMock(args: string[]): Promise<Ready> {
  const child = spawn(process.execPath, ['mock/cli.ts', '--port', '0', '--json', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error('the mock closed its output before its ready line');
    if (value.startsWith('{')) return JSON.parse(value) as Ready;
  }
}

function acmeOf(ready: Ready): { url: string; token: string } {
  const acme = ready.tenants.find((t) => t.slug === 'acme');
  const token = acme?.tokens.find((t) => t.kind === 'workspace' && Array.isArray(t.permissions) && t.permissions.includes('*'));
  if (!acme || !token) throw new Error('the mock has no acme tenant with a full workspace token');
  return { url: acme.url, token: token.token };
}

describe('the TLS rules against the mock over HTTPS', () => {
  it('are verified against the mock started with --tls, its certificate trusted with --ca', async () => {
    const ready = await startMock(['--tls']);
    const acme = acmeOf(ready);
    expect(acme.url).toBe(`https://acme.localhost:${ready.port}`);
    if (ready.cert === null) throw new Error('the --tls mock named no certificate file');
    const run = await runCli(['--base-url', acme.url, '--parts', 'tls', '--ca', ready.cert, '--seed', '1'], CLI_SAFETY_MS, { ...process.env, CONFORMANCE_TOKEN: acme.token });
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    const tls = Object.fromEntries(report.rules.filter((r) => r.id.startsWith('tls.')).map((r) => [r.id, r.status]));
    expect(tls).toEqual({ 'tls.https-only': 'verified', 'tls.version-1-2': 'verified' });
    expect(report.verdict).toBe('pass');
    expect(run.code).toBe(0);
  }, CLI_TEST_MS);

  it('find plain HTTP served against the mock in its default mode (HTTP and HTTPS on one port)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tls-mock-'));
    dirs.push(dir);
    const cert = join(dir, 'mock-cert.pem');
    const ready = await startMock(['--cert-out', cert]);
    expect(ready.cert).toBe(cert);
    const acme = acmeOf(ready);
    const https = acme.url.replace(/^http:/, 'https:');
    const run = await runCli(['--base-url', https, '--parts', 'tls', '--ca', cert, '--seed', '1'], CLI_SAFETY_MS, { ...process.env, CONFORMANCE_TOKEN: acme.token });
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    const tls = Object.fromEntries(report.rules.filter((r) => r.id.startsWith('tls.')).map((r) => [r.id, r.status]));
    expect(tls).toEqual({ 'tls.https-only': 'violated', 'tls.version-1-2': 'verified' });
    expect(report.failures.map((f) => f.message)).toEqual([`the API answers over plain HTTP (http://acme.localhost:${ready.port}/api/v1/outbound/summary → 401 with an API error body, as over HTTPS)`]);
    expect(run.code).toBe(1);
  }, CLI_TEST_MS);
});
