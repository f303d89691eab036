// A second opinion: the suite runs once through Prism's validation proxy
// (`prism proxy generated/openapi.json <mock> --errors`), so a validator written elsewhere judges
// every exchange too. The mock runs with --default-tenant acme (Prism forwards to one host), and
// the suite reads the tenant's tokens from the mock's control API. Prism answers requests it finds
// invalid itself, so the parts that send invalid or unauthenticated requests stay out of this run.
// Behind a mock with a fault, Prism's verdict (the sl-violations header) fails the run.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { type StartedMock, startMock } from '../../conformance/target/start-mock.ts';
import { freePort } from '../support/ports.ts';
import { failedChecks, ROOT, runCli } from './run-cli.ts';

const started: Array<{ mock: StartedMock; prism: ChildProcess }> = [];

async function prismInFront(faults: string[]): Promise<{ url: string; control: string }> {
  const mock = await startMock({ defaultTenant: 'acme', generalPerMinute: 1_000_000, faults });
  const port = await freePort();
  const prism = spawn(join(ROOT, 'node_modules', '.bin', 'prism'), ['proxy', join(ROOT, 'generated', 'openapi.json'), mock.description.url, '--errors', '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ mock, prism });
  let output = '';
  prism.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  prism.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (prism.exitCode !== null) throw new Error(`prism exited:\n${output}`);
    try {
      const res = await request(`${url}/api/v1/outbound/summary`);
      await res.body.dump();
      return { url, control: mock.description.control };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`prism did not start:\n${output}`);
}

afterAll(async () => {
  for (const { mock, prism } of started) {
    prism.kill();
    await mock.stop();
  }
});

describe('the suite through Prism’s validation proxy', () => {
  it('is green: Prism finds no exchange that breaks the contract', async () => {
    const front = await prismInFront([]);
    const run = await runCli(['--base-url', front.url, '--mock-control', front.control, '--parts', 'operations,time,stateful', '--mode', 'full', '--rate', '0', '--profile', 'quick', '--seed', '20260314']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(failedChecks(report), run.output.slice(-6000)).toEqual({});
    expect(report.suiteErrors).toEqual([]);
    expect(run.code).toBe(0);
    // Every operation of the contract went through Prism.
    const exercised = new Set(Object.keys(report.tallies).map((key) => key.slice(0, key.indexOf('\u0000'))));
    expect(loadSuiteContract().operations.map((o) => o.operationId).filter((id) => !exercised.has(id))).toEqual([]);
  }, 240_000);

  it('is red when Prism reports violations (a mock with schema drift)', async () => {
    const front = await prismInFront(['schema-drift']);
    const run = await runCli(['--base-url', front.url, '--mock-control', front.control, '--parts', 'operations', '--mode', 'full', '--rate', '0', '--profile', 'quick', '--seed', '7']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(run.code).toBe(1);
    expect(Object.keys(failedChecks(report))).toContain('independent-validator');
    expect(report.failures.some((f) => f.check === 'independent-validator' && /Prism reports/.test(f.message))).toBe(true);
  }, 240_000);
});
