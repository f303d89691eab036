// The suite can fail, rule by rule: `npm run conformance:self-test` runs every self-test case
// (conformance/self-test/cases/*.ts), each a mock fault that breaks one catalogue rule, and every
// run must FAIL naming its rule while the same run without the fault does not violate it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULT_CASES } from '../../conformance/self-test/cases/index.ts';
import type { SelfTestReport } from '../../conformance/self-test/run-self-test.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function runSelfTest(args: string[]): Promise<{ code: number | null; output: string; report: SelfTestReport | undefined }> {
  const dir = mkdtempSync(join(tmpdir(), 'self-test-'));
  const file = join(dir, 'self-test.json');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'conformance/self-test/cli.ts'), ...args, '--json', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      let report: SelfTestReport | undefined;
      try {
        report = JSON.parse(readFileSync(file, 'utf8')) as SelfTestReport;
      } catch {
        report = undefined;
      }
      rmSync(dir, { recursive: true, force: true });
      done({ code, output, report });
    });
  });
}

describe('the self-test', () => {
  it('catches every fault, each naming its rule, and each baseline holds', async () => {
    const run = await runSelfTest([]);
    expect(run.report, run.output.slice(-4000)).toBeDefined();
    const missed = run.report?.cases.filter((c) => c.status !== 'caught').map((c) => `${c.rule} --fault ${c.fault}: ${c.status} (${c.detail})`);
    expect(missed).toEqual([]);
    expect(run.report?.cases.map((c) => `${c.rule} ${c.fault}`)).toEqual(FAULT_CASES.map((c) => `${c.rule} ${c.fault}`));
    expect(run.code).toBe(0);
  }, 900_000);

  it('says so when a case is not caught: a fault the narrowed run never meets', async () => {
    // Two default coaching agents, but the run only drives the flows model.
    const missed = { rule: 'coaching.one-default', fault: 'two-default-coaches', parts: ['stateful'], only: 'model: flows' };
    const run = await runSelfTest(['--case', JSON.stringify(missed), '--no-baseline']);
    expect(run.report?.cases.map((c) => [c.rule, c.status, c.ruleVerdict])).toEqual([['coaching.one-default', 'missed', 'not-run']]);
    expect(run.output).toMatch(/0 of 1 faults caught, 1 missed/);
    expect(run.code).toBe(1);
  }, 300_000);
});
