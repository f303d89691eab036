// The drift report (conformance/drift*.ts): the same seeded plan of reads against two mocks. Two
// mocks started alike give no drift; against a mock with a fault, the drift names the operations
// and the kind of difference (schema-drift: the shape; wrong-status: the status;
// missing-timezone-header: the X-Timezone header), with the catalogue rules they concern.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareShapes, shapeOf } from '../../conformance/drift-compare.ts';
import { type DriftReport, driftReport, driftText } from '../../conformance/drift-report.ts';
import { type DriftEndpoint, firstListedId, runDrift } from '../../conformance/drift-run.ts';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SEED = 24;

function endpoint(mock: StartedMock): DriftEndpoint {
  const tenant = mock.description.tenants.find((t) => t.slug === 'acme');
  const token = tenant?.tokens.find((t) => t.kind === 'workspace' && [t.permissions].flat().includes('*'))?.token;
  if (!tenant || !token) throw new Error('the mock has no acme tenant with an all-permissions token');
  return { baseUrl: tenant.url, token };
}

describe('shapes', () => {
  it('compare only where both answers reach: empty arrays and nulls say nothing below them', () => {
    const a = shapeOf({ data: { items: [{ uuid: 'x', n: 1 }], owner: null, total: 1 } });
    const b = shapeOf({ data: { items: [], owner: { name: 'y' }, total: '1' } });
    expect(compareShapes(a, b)).toEqual({ onlyMock: [], onlyTarget: [], types: ['$.data.total: number vs string'] });
    const renamed = compareShapes(shapeOf({ data: [{ uuid: 'x', name: 'a' }] }), shapeOf({ data: [{ id: 'x', name: 'a' }] }));
    expect(renamed).toEqual({ onlyMock: ['$.data[].uuid (string)'], onlyTarget: ['$.data[].id (string)'], types: [] });
  });

  it('find the first listed id of a paged or plain list', () => {
    expect(firstListedId({ data: { current_page: 1, data: [{ uuid: 'u1' }, { uuid: 'u2' }] } })).toBe('u1');
    expect(firstListedId({ data: { items: [{ phone_number_uuid: 'p', id: 'i' }] } })).toBe('i');
    expect(firstListedId({ data: { data: [] } })).toBeUndefined();
  });
});

describe('two mocks', () => {
  let clean: StartedMock;
  let twin: StartedMock;
  let drifted: StartedMock;
  let broken: StartedMock;
  const temps: string[] = [];
  beforeAll(async () => {
    const launch = { generalPerMinute: 100_000 };
    [clean, twin, drifted, broken] = await Promise.all([
      startMock(launch),
      startMock(launch),
      startMock({ ...launch, faults: ['schema-drift'] }),
      startMock({ ...launch, faults: ['wrong-status', 'missing-timezone-header'] }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([clean, twin, drifted, broken].map((m) => m?.stop()));
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });

  it('started alike: no drift', async () => {
    const report = driftReport(await runDrift({ mock: endpoint(clean), target: endpoint(twin), seed: SEED }));
    expect(report.drifts, driftText(report)).toEqual([]);
    expect(report.verdict).toBe('no-drift');
    expect(report.operations).toBeGreaterThan(50);
    expect(report.requests).toBeGreaterThan(report.operations);
    expect(driftText(report)).toContain('NO DRIFT');
  }, 120_000);

  it('schema-drift: the shape drifts on the reads of resources, under resources.fields', async () => {
    const report = driftReport(await runDrift({ mock: endpoint(clean), target: endpoint(drifted), seed: SEED }));
    expect(report.verdict).toBe('drift');
    const shape = report.drifts.filter((d) => d.kind === 'shape');
    expect(shape.map((d) => d.operationId)).toEqual(expect.arrayContaining(['listQueues', 'getQueue', 'getContact']));
    const queues = shape.find((d) => d.operationId === 'listQueues');
    expect(queues?.mock).toContain('uuid');
    expect(queues?.target).toContain('.id (string)');
    expect(queues?.rules).toEqual(expect.arrayContaining(['resources.fields']));
    // An item read is asked with the first id each side's own list gives.
    expect(shape.find((d) => d.operationId === 'getQueue')).toMatchObject({ case: 'listed id', mock: expect.stringContaining('$.data.uuid'), target: expect.stringContaining('$.data.id') });
    expect(report.drifts.every((d) => d.kind === 'shape')).toBe(true);
    const byRule = report.byRule.find((r) => r.rule === 'resources.fields');
    expect(byRule?.kinds).toEqual(['shape']);
    expect(byRule?.operations).toEqual(expect.arrayContaining(['listQueues']));
  }, 120_000);

  it('wrong-status and missing-timezone-header: the status and the X-Timezone header drift', async () => {
    const report = driftReport(await runDrift({ mock: endpoint(clean), target: endpoint(broken), seed: SEED, only: /^(listQueues|listContacts|getQueue)$/ }));
    const kinds = (op: string) => new Set(report.drifts.filter((d) => d.operationId === op).map((d) => `${d.kind}:${d.subject}`));
    expect([...kinds('listQueues')].sort()).toEqual(['header:x-timezone', 'status:status']);
    const status = report.drifts.find((d) => d.operationId === 'listQueues' && d.kind === 'status');
    expect(status).toMatchObject({ mock: '200', target: '202' });
    expect(status?.rules).toContain('endpoints.answer');
    const zone = report.drifts.find((d) => d.operationId === 'listQueues' && d.kind === 'header');
    expect(zone?.target).toBe('absent');
    expect(report.byRule.map((r) => r.rule)).toEqual(expect.arrayContaining(['endpoints.answer']));
    expect(new Set(report.drifts.map((d) => d.operationId))).toEqual(new Set(['listContacts', 'listQueues', 'getQueue']));
  }, 120_000);

  it('the command writes drift.json and drift.txt, exits 1 on drift and 0 without, and never prints a token', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-'));
    temps.push(dir);
    const mock = endpoint(clean);
    const target = endpoint(drifted);
    const run = (against: DriftEndpoint, reportDir: string) =>
      spawnSync(process.execPath, [join(ROOT, 'conformance/drift.ts'), '--mock', mock.baseUrl, '--target', against.baseUrl, '--seed', String(SEED), '--only', '^(listQueues|getQueue)$', '--report-dir', reportDir], {
        encoding: 'utf8',
        env: { ...process.env, CONFORMANCE_MOCK_TOKEN: mock.token, CONFORMANCE_TOKEN: against.token },
      });
    const drift = run(target, join(dir, 'a'));
    expect(drift.status, drift.stderr).toBe(1);
    expect(drift.stdout).toContain('DRIFT: ');
    expect(drift.stdout).toMatch(/resources\.fields \(shape\): getQueue, listQueues/);
    const json = JSON.parse(readFileSync(join(dir, 'a/drift.json'), 'utf8')) as DriftReport;
    expect(json.verdict).toBe('drift');
    expect(readFileSync(join(dir, 'a/drift.txt'), 'utf8')).toContain('BY OPERATION');
    for (const text of [drift.stdout, drift.stderr, JSON.stringify(json)]) {
      expect(text).not.toContain(mock.token as string);
      expect(text).not.toContain(target.token as string);
    }
    const same = run(endpoint(twin), join(dir, 'b'));
    expect(same.status, same.stdout + same.stderr).toBe(0);
    expect(same.stdout).toContain('NO DRIFT');
    // --mock local: the mock started by the command, its first tenant (acme, as the twin's).
    const local = spawnSync(process.execPath, [join(ROOT, 'conformance/drift.ts'), '--mock', 'local', '--target', endpoint(twin).baseUrl, '--seed', String(SEED), '--only', '^(listQueues|getQueue)$', '--report-dir', join(dir, 'c')], {
      encoding: 'utf8',
      env: { ...process.env, CONFORMANCE_TOKEN: endpoint(twin).token },
    });
    expect(local.status, local.stdout + local.stderr).toBe(0);
    expect(local.stdout).toContain('NO DRIFT');
    const usage = spawnSync(process.execPath, [join(ROOT, 'conformance/drift.ts'), '--target', target.baseUrl], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--mock is required');
  }, 120_000);
});
