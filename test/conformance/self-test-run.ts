// The self-test (`npm run conformance:self-test`) as tests: every self-test case
// (conformance/self-test/cases/*.ts) is a mock fault that breaks one catalogue rule, and every run
// must FAIL naming its rule while the same run without the fault does not violate it. The cases
// are split in SELF_TEST_SHARDS parts (`--shard i/n`, conformance/self-test/shard-cases.ts), one
// per file test/conformance/self-test-<i>.test.ts, so that the two test workers share them;
// test/conformance/self-test-shards.test.ts checks that the parts cover every case.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { FAULT_CASES } from '../../conformance/self-test/cases/index.ts';
import type { SelfTestReport } from '../../conformance/self-test/run-self-test.ts';
import { shardCases } from '../../conformance/self-test/shard-cases.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** How many parts (and test files) the self-test cases are split in. */
export const SELF_TEST_SHARDS = 2;

export function runSelfTest(args: string[]): Promise<{ code: number | null; output: string; report: SelfTestReport | undefined }> {
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

/** The test of one part: every case of the part is caught, each naming its rule, and each baseline holds. */
export function itCatchesShard(index: number): void {
  it(`catches every fault of part ${index} of ${SELF_TEST_SHARDS}, each naming its rule, and each baseline holds`, async () => {
    const expected = shardCases(FAULT_CASES, { index, count: SELF_TEST_SHARDS });
    expect(expected.length).toBeGreaterThan(0);
    const run = await runSelfTest(['--shard', `${index}/${SELF_TEST_SHARDS}`]);
    expect(run.report, run.output.slice(-4000)).toBeDefined();
    const missed = run.report?.cases.filter((c) => c.status !== 'caught').map((c) => `${c.rule} --fault ${c.fault}: ${c.status} (${c.detail})`);
    expect(missed).toEqual([]);
    expect(run.report?.cases.map((c) => `${c.rule} ${c.fault}`)).toEqual(expected.map((c) => `${c.rule} ${c.fault}`));
    expect(run.code).toBe(0);
  }, 900_000);
}
