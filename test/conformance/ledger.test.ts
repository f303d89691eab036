// The ledger of writes (record/ledger.ts): a safe run against the mock lists what it created and
// deleted again and leaves nothing, and the mock's state after it equals the state before for what
// the run touched; the dry run lists the writes each mode may send; a run stopped by SIGINT once
// its progress shows writes undoes what it created and writes its ledger. The mock is started
// here and certified through --base-url and --mock-control, so its control snapshot can be read
// before and after.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import type { LedgerReport } from '../../conformance/record/ledger.ts';
import type { RunReport } from '../../conformance/report/run-report.ts';
import { declaredWrites } from '../../conformance/run/modes.ts';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';
import { CLI, CLI_TEST_MS, ROOT, runCli } from './run-cli.ts';

let mock: StartedMock;

beforeAll(async () => {
  mock = await startMock();
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

function targetArgs(): string[] {
  const tenant = mock.description.tenants.find((t) => t.slug === 'acme') ?? mock.description.tenants[0];
  if (!tenant) throw new Error('the mock describes no tenant');
  return ['--base-url', tenant.url, '--mock-control', mock.description.control, '--mode', 'safe'];
}

interface State {
  /** Every record of the snapshot that has a uuid, as JSON, by uuid. */
  records: Map<string, string>;
  /** Every workspace's queues, as JSON. */
  queues: string;
}

async function state(): Promise<State> {
  const res = await fetch(`${mock.description.control}/snapshot`);
  expect(res.status).toBe(200);
  const snapshot = (await res.json()) as { workspaces: Array<{ state: { queues?: unknown[] } }> };
  const records = new Map<string, string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.uuid === 'string') records.set(record.uuid, JSON.stringify(record));
      for (const v of Object.values(record)) walk(v);
    }
  };
  walk(snapshot);
  return { records, queues: JSON.stringify(snapshot.workspaces.map((w) => w.state.queues)) };
}

/** The ids the ledger names: created ones, and every uuid in the paths it wrote to. */
function touchedIds(ledger: LedgerReport): Set<string> {
  const ids = new Set<string>();
  for (const item of [...ledger.created, ...ledger.changed, ...ledger.deleted, ...ledger.restored]) {
    if (item.id) ids.add(item.id);
    for (const m of item.path.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi)) ids.add(m[0]);
  }
  return ids;
}

/**
 * The state after a run equals the state before for what the run touched, ignoring what the ledger
 * declares it created and deleted again (a revoked token, for one, stays on record as revoked).
 */
function expectRestored(before: State, after: State, ledger: LedgerReport): void {
  const created = new Set(ledger.created.map((c) => c.id));
  for (const id of touchedIds(ledger)) {
    if (created.has(id)) continue;
    expect(after.records.get(id), `resource ${id}`).toEqual(before.records.get(id));
  }
  expect(after.queues).toEqual(before.queues);
}

describe('the ledger of writes', () => {
  it('a safe run lists what it created and deleted again, leaves nothing, and the mock is as it was', async () => {
    const before = await state();
    const run = await runCli([...targetArgs(), '--parts', 'operations,stateful', '--only', '(createApiToken|revokeApiToken|createContact|deleteContact|createWhatsappTemplateSetting): |model: (queues|template settings)']);
    const ledger = run.report?.ledger;
    expect(ledger, run.output.slice(-3000)).toBeDefined();
    if (!ledger) return;
    expect(ledger.created.length).toBeGreaterThan(0);
    expect(ledger.left).toEqual([]);
    expect(ledger.interrupted).toBeUndefined();
    const deleted = new Set(ledger.deleted.map((d) => d.id));
    for (const c of ledger.created) expect(deleted.has(c.id), `created ${c.operationId} ${c.id}`).toBe(true);
    // Safe mode changes no resource it did not create.
    expect(ledger.changed.filter((c) => c.note !== 'created by this run')).toEqual([]);
    expect(run.reportFiles).toContain('LEDGER');
    expectRestored(before, await state(), ledger);
  }, CLI_TEST_MS);

  it('the dry run lists the writes each mode may send, and safe mode sends no update of an existing resource', async () => {
    const run = await runCli(['--dry-run', '--mode', 'safe']);
    expect(run.code, run.output).toBe(0);
    const text = run.output;
    expect(text).toContain('WRITES EACH MODE MAY SEND');
    expect(text).toMatch(/^ {2}readonly: none$/m);
    const contract = loadSuiteContract();
    const safe = declaredWrites(contract, 'safe');
    expect(safe.length).toBeGreaterThan(0);
    expect(safe.filter((w) => w.effect === 'write' || w.effect === 'cost')).toEqual([]);
    expect(safe.some((w) => w.operationId === 'updateQueue')).toBe(false);
    for (const w of declaredWrites(contract, 'full')) expect(text).toContain(`${w.method.padEnd(6)} ${w.path} ${w.operationId}: `);
    for (const w of safe) expect(w.undo).toMatch(/DELETE|nothing to undo/);
  }, CLI_TEST_MS);

  it('a run stopped by SIGINT after its first writes undoes what it created and writes its ledger', async () => {
    const before = await state();
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
    try {
      const child = spawn(process.execPath, [CLI, ...targetArgs(), '--parts', 'operations,negative', '--report-dir', reportDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = once(child, 'exit');
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      let signalled = false;
      for await (const line of createInterface({ input: child.stderr })) {
        output += `${line}\n`;
        if (!signalled && /^ledger: \d+ writes so far \([1-9]\d* created/.test(line)) {
          signalled = child.kill('SIGINT');
        }
      }
      const [code] = (await exited) as [number | null];
      expect(signalled, output.slice(-3000)).toBe(true);
      expect(code, output.slice(-3000)).toBe(130);
      expect(output).toContain('SIGINT: stopping the suite');
      expect(output).toContain('LEDGER (the run was interrupted by SIGINT)');
      const report = JSON.parse(readFileSync(join(reportDir, 'latest', 'conformance.json'), 'utf8')) as RunReport;
      const ledger = report.ledger;
      expect(ledger?.interrupted).toBe('SIGINT');
      if (!ledger) return;
      expect(ledger.created.length).toBeGreaterThan(0);
      expect(ledger.left).toEqual([]);
      expectRestored(before, await state(), ledger);
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  }, CLI_TEST_MS);
});
