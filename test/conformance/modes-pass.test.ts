// Every mode can pass a correct target: readonly and safe runs against the mock end PASS (exit 0),
// every rule of the mode verified or explicitly not applicable. Real ids come from the target's
// lists, or from the data file where the contract lists none (README "The data file"); without the
// key, an operation's real-id expectation is reported as not run, naming the key it needs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { addGiven } from '../../conformance/discovery/discover.ts';
import { IdPool } from '../../conformance/discovery/id-pool.ts';
import { idParams } from '../../conformance/discovery/id-sources.ts';
import { type IdContext, realIdGap } from '../../conformance/discovery/request-ids.ts';
import type { RunReport } from '../../conformance/report/run-report.ts';
import { operationsFor } from '../../conformance/run/modes.ts';
import { DATA_KEYS, parseDataFile } from '../../conformance/target/data-keys.ts';
import type { Mode, Target, TargetData } from '../../conformance/target/target.ts';
import type { SuiteClient } from '../../conformance/http/client.ts';
import { CLI_TEST_MS, type CliRun, failedChecks, ROOT, runCli } from './run-cli.ts';

const contract = loadSuiteContract();
const op = (id: string) => {
  const found = contract.byId.get(id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

/** The mock's first tenant as its fixtures describe it (the suite targets that tenant). */
const fixture = JSON.parse(readFileSync(join(ROOT, 'fixtures/demo/acme.json'), 'utf8')) as Record<string, Array<{ uuid: string }>>;
const first = (collection: string): string => {
  const item = fixture[collection]?.[0];
  if (!item) throw new Error(`the fixtures have no ${collection}`);
  return item.uuid;
};

const dir = mkdtempSync(join(tmpdir(), 'modes-pass-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The data file the README documents, for the ids the contract lists no items of. */
function writeDataFile(): string {
  const data: TargetData = { data_table_uuid: first('data_tables'), listing_uuid: first('listings'), transcription_uuid: first('transcriptions') };
  const file = join(dir, 'data.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** PASS, exit 0, and every rule verified, not applicable or left out with a reason. */
function expectPass(run: CliRun, mode: Mode): RunReport {
  const report = run.report;
  expect(report, run.output.slice(-4000)).toBeDefined();
  if (!report) throw new Error('no report');
  expect(failedChecks(report), run.output.slice(-4000)).toEqual({});
  expect(report.suiteErrors).toEqual([]);
  expect(report.inconclusive.map((f) => `${f.operationId} ${f.check}: ${f.message}`)).toEqual([]);
  const undecided = report.rules.filter((r) => !['verified', 'not-applicable', 'not-run'].includes(r.status)).map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`);
  expect(undecided).toEqual([]);
  for (const rule of report.rules.filter((r) => r.status === 'not-run' || r.status === 'not-applicable')) {
    expect(rule.reason, rule.id).toBeTruthy();
  }
  expect(report.target.mode).toBe(mode);
  expect(report.verdict).toBe('pass');
  expect(run.code).toBe(0);
  return report;
}

const idNotes = (report: RunReport) => report.notes.filter((n) => n.area === 'expected-outcome').map((n) => n.message);

describe('readonly and safe runs against the mock', () => {
  it('readonly with no data file: PASS, the ids only the data file gives reported as not run with their key', async () => {
    const report = expectPass(await runCli(['--mode', 'readonly', '--seed', '20260314']), 'readonly');
    console.log(`readonly: rules ${JSON.stringify(report.ruleCounts)}`);
    expect(report.ruleCounts.verified).toBeGreaterThanOrEqual(45);
    const notes = idNotes(report);
    for (const [operation, key] of [
      ['getDataTable', 'data_table_uuid'],
      ['getDataImportJob', 'data_import_job_uuid'],
      ['getListing', 'listing_uuid'],
      ['getTranscription', 'transcription_uuid'],
    ]) {
      expect(notes).toContainEqual(expect.stringMatching(new RegExp(`^${operation} with real ids: not run: needs ${key} in the data file`)));
    }
    // An agent's intents are listed under the agents that have some, not only the first few.
    expect(notes.filter((n) => n.startsWith('getAgentIntent '))).toEqual([]);
  }, CLI_TEST_MS);

  it('safe with the data file: PASS, the given ids used, deletes of what safe mode cannot create reported as not run', async () => {
    const report = expectPass(await runCli(['--mode', 'safe', '--seed', '20260314', '--data', writeDataFile()]), 'safe');
    console.log(`safe: rules ${JSON.stringify(report.ruleCounts)}`);
    expect(report.ruleCounts.verified).toBeGreaterThanOrEqual(50);
    const notes = idNotes(report);
    for (const key of ['data_table_uuid', 'listing_uuid', 'transcription_uuid']) expect(notes.filter((n) => n.includes(key))).toEqual([]);
    // The fixtures hold no import job: the data file cannot name one.
    expect(notes).toContainEqual(expect.stringMatching(/^getDataImportJob with real ids: not run: needs data_import_job_uuid in the data file/));
    expect(notes).toContainEqual(expect.stringMatching(/^deleteListing with real ids: not run in safe mode: the suite deletes only what it creates/));
  }, CLI_TEST_MS);
});

describe('ids from the data file', () => {
  const context = (mode: Mode, data: TargetData): IdContext => ({
    client: undefined as unknown as SuiteClient,
    contract,
    target: { mode, data } as unknown as Target,
    pool: new IdPool(),
  });
  const table = '5b0e7c1a-2f4d-4a8e-9c3b-7d1e2f3a4b01';

  it('gives a collection with no list its id, tagged as given, and names the key when it is missing', () => {
    const source = idParams(contract, op('getDataTable'))[0]?.source;
    if (!source) throw new Error('getDataTable has no id source');
    const without = context('readonly', {});
    without.pool.explain(source.collection, 'readonly mode does not send createDataTable');
    expect(realIdGap(without, op('getDataTable'), idParams(contract, op('getDataTable')))?.notRun).toMatch(/^not run: needs data_table_uuid in the data file/);

    const given = context('readonly', { data_table_uuid: table });
    addGiven(given, given.pool, source);
    expect(given.pool.ids(source.collection)).toEqual([{ value: table, origin: 'given', from: 'data file data_table_uuid', parents: {} }]);
    expect(realIdGap(given, op('getDataTable'), idParams(contract, op('getDataTable')))).toBeUndefined();
  });

  it('leaves a collection with ids of its own alone, and an empty list with no key undecided', () => {
    const source = idParams(contract, op('getBuilder'))[0]?.source;
    if (!source) throw new Error('getBuilder has no id source');
    const ctx = context('readonly', {});
    ctx.pool.explain(source.collection, 'listBuilders listed no items');
    expect(realIdGap(ctx, op('getBuilder'), idParams(contract, op('getBuilder')))).toEqual({ reason: 'no real uuid to send: listBuilders listed no items' });
  });

  it('checks the data file key by key', () => {
    expect(parseDataFile({ data_table_uuid: table, send_to: { phone: '+491510000000' } })).toEqual({ data_table_uuid: table, send_to: { phone: '+491510000000' } });
    expect(() => parseDataFile({ data_tables_uuid: table })).toThrow(/unknown key data_tables_uuid/);
    expect(() => parseDataFile({ listing_uuid: 7 })).toThrow(/listing_uuid is not a string/);
    expect(() => parseDataFile({ send_to: { fax: 'x' } })).toThrow(/unknown key send_to.fax/);
    expect(() => parseDataFile([])).toThrow(/no JSON object/);
  });

  it('documents every key in the README, with the readonly and safe operations that need it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const rows = new Map(
      readme
        .split('\n')
        .map((line) => /^\| `([a-z_]+)` \|/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1] as string, m.input]),
    );
    const safeOps = operationsFor(contract, 'safe');
    for (const key of DATA_KEYS) {
      const row = rows.get(key.key);
      expect(row, `README data-file row for ${key.key}`).toBeDefined();
      if (!key.collection || key.key === 'agent_uuid' || key.key === 'flow_uuid') continue;
      const needing = safeOps.filter((o) => o.method !== 'DELETE' && idParams(contract, o).some((p) => p.source?.collection === key.collection)).map((o) => o.operationId);
      expect(needing.length, key.key).toBeGreaterThan(0);
      for (const operation of needing) expect(row, `${key.key} row names ${operation}`).toContain(operation);
    }
  });
});
