// `--state FILE`: the mock keeps its whole state in a file across restarts. Each test runs
// `mock/cli.ts` as a process and reads its JSON lines: the ready line, `{"event":"saved"}` once a
// save after changes has landed, `stopping`/`stopped` at shutdown. A killed process leaves a whole
// file; a file the mock cannot read stops the start and stays byte for byte as it was.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoTenant } from '../support/demo-tenants.ts';
import { SEND_PATHS, sendBodies } from '../support/send-bodies.ts';

const root = resolve(import.meta.dirname, '../..');
const acme = demoTenant('acme');
const started: ChildProcess[] = [];
let folder: string;
let file: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'mock-state-'));
  file = join(folder, 'state.json');
});

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: the printed lines are read loosely and asserted field by field
type Json = Record<string, any>;

interface Running {
  child: ChildProcess;
  lines: AsyncIterator<string>;
  stderr: { text: string };
  /** Resolves with the exit code once the process ended and its output is read. */
  closed: Promise<number | null>;
}

function spawnMock(args: string[]): Running {
  const child = spawn(process.execPath, ['mock/cli.ts', '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const stderr = { text: '' };
  child.stderr?.on('data', (d: Buffer) => {
    stderr.text += d.toString('utf8');
  });
  const closed = once(child, 'close').then(([code]) => code as number | null);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  return { child, lines, stderr, closed };
}

/** The next stdout line that is a JSON object. */
async function nextJson(lines: AsyncIterator<string>): Promise<Json> {
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error('the server closed its output');
    if (value.startsWith('{')) return JSON.parse(value) as Json;
  }
}

async function untilEvent(lines: AsyncIterator<string>, event: string): Promise<Json> {
  for (;;) {
    const line = await nextJson(lines);
    if (line.event === event) return line;
  }
}

async function startMock(): Promise<Running & { port: number; ready: Json }> {
  const running = spawnMock(['--json', '--state', file]);
  const ready = await nextJson(running.lines);
  return { ...running, ready, port: ready.port as number };
}

async function call(port: number, method: string, path: string, json?: unknown, tenant: string | null = 'acme'): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { host: tenant === null ? `localhost:${port}` : `${tenant}.localhost:${port}` };
  if (tenant !== null) headers.authorization = `Bearer ${acme.fullToken}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`http://127.0.0.1:${port}${path}`, { method: method as 'GET', headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.body.text();
  return { status: res.statusCode, body: text === '' ? {} : (JSON.parse(text) as Json) };
}

async function createContact(port: number, name: string): Promise<string> {
  const created = await call(port, 'POST', '/api/v1/contacts', { name, phone_number: '+4917698700001' });
  expect(created.status).toBe(201);
  return created.body.data.uuid as string;
}

describe('--state FILE', () => {
  it('creates the file from the fixtures (mode 0600); a contact and the clock survive SIGTERM and a restart', async () => {
    const first = await startMock();
    expect(first.ready.state).toEqual({ file, from: 'fixtures' });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const moved = await call(first.port, 'POST', '/__mock/clock', { advance_ms: 86_400_000 }, null);
    expect(moved.status).toBe(200);
    const uuid = await createContact(first.port, 'Kept across restarts');

    first.child.kill('SIGTERM');
    const saved = await untilEvent(first.lines, 'saved');
    expect(saved.file).toBe(file);
    expect(await untilEvent(first.lines, 'stopped')).toMatchObject({ event: 'stopped' });
    expect(await first.closed).toBe(0);
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as Json;
    expect(Date.parse(onDisk.clock)).toBeGreaterThanOrEqual(Date.parse(moved.body.now));

    const second = await startMock();
    expect(second.ready.state).toEqual({ file, from: 'file' });
    const read = await call(second.port, 'GET', `/api/v1/contacts/${uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Kept across restarts');
    // The clock resumes at the saved instant (a day ahead of the system's), never before it.
    const clock = await call(second.port, 'GET', '/__mock/clock', undefined, null);
    expect(Date.parse(clock.body.now)).toBeGreaterThanOrEqual(Date.parse(onDisk.clock));
  });

  it('after a save landed, a SIGKILL leaves a whole file that loads, idempotency keys included', async () => {
    const first = await startMock();
    const uuid = await createContact(first.port, 'Saved before the kill');
    const sms = sendBodies(acme).body('sms', { request_key: 'kept-across-restarts' });
    const sent = await call(first.port, 'POST', SEND_PATHS.sms, sms);
    expect(sent.status).toBe(200);
    // The two writes may land in one save or two: wait for the save that holds both.
    for (;;) {
      const saved = await untilEvent(first.lines, 'saved');
      const text = readFileSync(file, 'utf8');
      expect(saved.bytes).toBe(Buffer.byteLength(text));
      if (text.includes(uuid) && text.includes('kept-across-restarts')) break;
    }
    first.child.kill('SIGKILL');
    await first.closed;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });
    expect(readdirSync(folder)).toEqual(['state.json']);

    const second = await startMock();
    expect(second.ready.state.from).toBe('file');
    const read = await call(second.port, 'GET', `/api/v1/contacts/${uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Saved before the kill');
    const replay = await call(second.port, 'POST', SEND_PATHS.sms, sms);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(sent.body);
  });

  it('an import through the control API is a change: it is saved too', async () => {
    const first = await startMock();
    const exported = await call(first.port, 'GET', '/__mock/snapshot?secrets=true', undefined, null);
    expect(exported.status).toBe(200);
    const snapshot = exported.body;
    const state = snapshot.workspaces.find((w: Json) => w.state.slug === 'acme').state;
    const contact = state.contacts[0];
    contact.name = 'Renamed by an import';
    const imported = await call(first.port, 'PUT', '/__mock/snapshot', snapshot, null);
    expect(imported.status).toBe(200);
    await untilEvent(first.lines, 'saved');
    first.child.kill('SIGKILL');
    await first.closed;

    const second = await startMock();
    const read = await call(second.port, 'GET', `/api/v1/contacts/${contact.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Renamed by an import');
  });

  const refused: Array<[string, () => string, string]> = [
    ['an empty file', () => '', 'STATE_FILE_CORRUPT'],
    ['a torn file', () => '{"version":1,"clock":"2026-11-28T10:00:00.000Z","workspaces":[{"state":{"slug":"acme","name":"Ac', 'STATE_FILE_CORRUPT'],
    ['a snapshot that fails the import checks', () => JSON.stringify({ version: 1, workspaces: [{ state: { slug: 'acme' } }] }), 'STATE_FILE_CORRUPT'],
    ['a workspace fixture (another format)', () => readFileSync(join(root, 'fixtures/demo/acme.json'), 'utf8'), 'STATE_FILE_FOREIGN'],
    ['a snapshot of another version', () => JSON.stringify({ version: 2, clock: '2026-11-28T10:00:00.000Z', workspaces: [] }), 'STATE_FILE_FOREIGN'],
  ];

  it.each(refused)('%s stops the start with one JSON line and exit 1, the file unchanged', async (_name, content, code) => {
    const bytes = Buffer.from(content(), 'utf8');
    writeFileSync(file, bytes);
    const running = spawnMock(['--json', '--state', file]);
    expect(await running.closed).toBe(1);
    const lines = running.stderr.text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ event: 'error', code, file });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(folder)).toEqual(['state.json']);
  });

  it('without --json, the refusal is one line naming the file', async () => {
    const bytes = Buffer.from('not json at all', 'utf8');
    writeFileSync(file, bytes);
    const running = spawnMock(['--state', file]);
    expect(await running.closed).toBe(1);
    const lines = running.stderr.text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mock: the state file .*state\.json is not JSON/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});
