// The packed package works where it is installed, on compiled JavaScript alone: `npm pack` (its
// prepack script runs `npm run build`), the tarball installed into an empty folder outside the
// repository (with msw, for the example) from the npm cache, then from that folder
// - `npx agent-platform-contract mock --port <free>` serves (its --json readiness line is awaited);
// - `npx agent-platform-contract conformance --base-url <that mock> ...` certifies it: a narrowed
//   quick run (the operations part) that must PASS with exit code 0;
// - the MSW Node example, copied out of the installed package (examples/msw/node/), answers a fetch
//   through the installed fetch adapter, and the installed typed-client example type-checks against
//   the package's `agent-platform-contract/api` types;
// - on the machine's old Node (test/package/old-node.ts), the installed bin prints one line saying
//   which Node it needs and exits 1.
// The binaries run with --no-experimental-strip-types, so nothing of the package may be TypeScript;
// the node of this repository (node_modules/.bin, Node 24) is first on PATH.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../bin/node-version.ts';
import { freePort } from '../support/ports.ts';
import { findOldNode } from './old-node.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NAME = 'agent-platform-contract';
const ACME_TOKEN = 'wst_OCj2ISaJiHkTj0rLGlkoMXGjtEkDnNfribxUdl7d';
const PATH_WITH_NODE_24 = [join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);

interface Run {
  code: number | null;
  out: string;
}

/** Runs a command to its end (PATH with this repository's node first) and returns its exit code and output. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 300_000): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, PATH: PATH_WITH_NODE_24, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${command} ${args.join(' ')} did not finish within ${timeoutMs} ms:\n${out.slice(-3000)}`));
    }, timeoutMs);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

interface MockLine {
  url: string;
  control: string;
  pid: number;
}

/** Waits for the mock's --json line (printed once it listens); rejects when it exits first. */
function readiness(child: ChildProcess): Promise<MockLine> {
  return new Promise((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{') && l.endsWith('}'));
      if (line) done(JSON.parse(line) as MockLine);
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => fail(new Error(`the mock exited (${code}) before it was ready:\n${out.slice(-3000)}`)));
  });
}

describe('the packed package, installed', () => {
  const work = mkdtempSync(join(tmpdir(), 'pack-test-'));
  const app = join(work, 'app');
  const strict = { NODE_OPTIONS: '--no-experimental-strip-types' };
  let tarball = '';
  let mock: ChildProcess | undefined;
  let mockLine: MockLine | undefined;

  beforeAll(async () => {
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], ROOT, {}, 600_000);
    expect(packed.code, packed.out.slice(-3000)).toBe(0);
    const report = JSON.parse(packed.out.slice(packed.out.lastIndexOf('[\n  {'))) as Array<{ filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> }>;
    const info = report[0];
    if (!info) throw new Error(`npm pack printed no report:\n${packed.out.slice(-3000)}`);
    tarball = join(work, info.filename);
    console.log(`packed ${info.filename}: ${info.size} bytes, ${info.unpackedSize} unpacked, ${info.files.length} files`);
    // Compiled output only: no TypeScript source (declarations aside) is shipped, but the examples,
    // which are sources to copy and which nothing of the package loads.
    const paths = info.files.map((f) => f.path);
    expect(paths.filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts') && !p.startsWith('examples/'))).toEqual([]);
    // The MSW and typed-client examples are shipped whole (the repository's tsconfig.json aside).
    const examples = ['examples/msw', 'examples/typed-client'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name !== 'tsconfig.json')
        .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length + 1)),
    );
    expect(examples.length).toBeGreaterThan(5);
    expect(paths.filter((p) => p.startsWith('examples/')).sort()).toEqual(examples.sort());

    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2)}\n`);
    const version = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    const extras = ['msw', 'openapi-fetch'].map((name) => `${name}@${version(name)}`);
    const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...extras], app, {}, 600_000);
    expect(installed.code, installed.out.slice(-3000)).toBe(0);
  }, 1_200_000);

  afterAll(async () => {
    if (mock && mockLine) {
      const exited = new Promise((done) => mock?.on('exit', done));
      process.kill(mockLine.pid, 'SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the mock from the bin on a free port', async () => {
    const port = await freePort();
    mock = spawn('npx', [NAME, 'mock', '--port', String(port), '--json'], { cwd: app, env: { ...process.env, PATH: PATH_WITH_NODE_24, ...strict }, stdio: ['ignore', 'pipe', 'pipe'] });
    mockLine = await readiness(mock);
    expect(mockLine.url).toBe(`http://127.0.0.1:${port}`);
    const docs = await fetch(`${mockLine.url}/openapi.json`);
    expect(docs.status).toBe(200);
  }, 120_000);

  it('certifies that mock with the conformance bin: PASS, exit code 0', async () => {
    if (!mockLine) throw new Error('the mock did not start');
    const port = new URL(mockLine.url).port;
    const reportDir = join(work, 'report');
    const args = ['--base-url', `http://acme.localhost:${port}`, '--mock-control', mockLine.control, '--parts', 'operations', '--mode', 'full'];
    const result = await run('npx', [NAME, 'conformance', ...args, '--profile', 'quick', '--rate', '0', '--seed', '7', '--quiet', '--report-dir', reportDir], app, { ...strict, CONFORMANCE_TOKEN: ACME_TOKEN }, 600_000);
    expect(result.code, result.out.slice(-4000)).toBe(0);
    expect(result.out).toContain('PASS');
    const report = JSON.parse(readFileSync(join(reportDir, 'latest', 'conformance.json'), 'utf8')) as { verdict: string; requests: number };
    expect(report.verdict).toBe('pass');
    expect(report.requests).toBeGreaterThan(0);
  }, 600_000);

  const shipped = (...path: string[]) => join(app, 'node_modules', NAME, 'examples', ...path);

  it('runs the MSW Node example, copied from the installed package, against the installed fetch adapter', async () => {
    for (const file of ['mock-server.ts', 'run.ts']) copyFileSync(shipped('msw', 'node', file), join(app, file));
    const result = await run(process.execPath, ['run.ts'], app, {}, 120_000);
    expect(result.code, result.out.slice(-3000)).toBe(0);
    const line = result.out.split('\n').find((l) => l.startsWith('{'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ status: 200, timezone: 'Europe/Berlin' });
    expect((JSON.parse(line ?? '{}') as { total?: number }).total).toBeGreaterThan(0);
  }, 120_000);

  it('type-checks the installed typed-client example against agent-platform-contract/api', async () => {
    copyFileSync(shipped('typed-client', 'client.ts'), join(app, 'client.ts'));
    const compilerOptions = {
      target: 'ES2024',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['client.ts'] }));
    const result = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], app, {}, 120_000);
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('on an old Node, the installed bin says in one line which Node it needs and exits 1', () => {
    const old = findOldNode();
    // Without an old Node on the machine, this Node with its version faked before the bin loads.
    const fake = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.0.0'})`;
    const [command, prefix] = old ? [old.path, []] : [process.execPath, ['--import', fake]];
    const bin = join(app, 'node_modules', NAME, 'dist', 'bin', 'cli.js');
    const result = spawnSync(command, [...prefix, bin, 'mock', '--port', '0'], { cwd: app, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${nodeVersionProblem(old?.version ?? '20.0.0')}\n`);
    expect(result.status).toBe(1);
  });
});
