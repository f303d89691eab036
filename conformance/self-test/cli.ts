// `npm run conformance:self-test`: proves the suite can fail. Starts the mock once and, for each
// self-test case (self-test/cases/*.ts; with --shard i/n, those of one part), runs the narrowed
// suite with the case's fault and expects the run to FAIL naming the case's rule; prints a line
// per case and writes a JSON report. Exit 0 when every case is caught (and its baseline holds), 1
// otherwise, 2 on a usage mistake.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTarget } from '../run/build-target.ts';
import { parseOptions } from '../run/options.ts';
import { startMock } from '../target/start-mock.ts';
import { createCaseRunner } from './case-runner.ts';
import { FAULT_CASES } from './cases/index.ts';
import { runSelfTest } from './run-self-test.ts';
import { parseShard, shardCases } from './shard-cases.ts';
import type { FaultCase } from './case.ts';
import { PARTS, type SuitePart } from '../target/target.ts';

function parseCase(text: string): FaultCase {
  const value = JSON.parse(text) as Partial<FaultCase>;
  if (typeof value.rule !== 'string' || typeof value.fault !== 'string') throw new Error('a case names a rule and a fault');
  if (!Array.isArray(value.parts) || value.parts.length === 0 || value.parts.some((p) => !PARTS.includes(p as SuitePart))) {
    throw new Error(`a case names its parts among ${PARTS.join(', ')}`);
  }
  return value as FaultCase;
}

const USAGE = `Usage: npm run conformance:self-test -- [--rules <regex>] [--faults <regex>] [--no-baseline] [--seed N] [--shard i/n] [--json FILE] [--list]

  --rules      run only the cases whose rule id matches
  --faults     run only the cases whose fault matches
  --no-baseline  skip the runs without fault that show each failure is the fault's
  --seed       the suite's seed (default 7)
  --shard i/n  run only the i-th of n parts of the selected cases (1 <= i <= n), balanced by
               number of cases; cases that share a baseline run stay in one part unless
               they are more than a part's share (self-test/shard-cases.ts)
  --json       write the results as JSON to FILE
  --list       print the cases and exit
  --quiet      print only the cases not caught and the summary
  --case JSON  run this case instead of the catalogue's, e.g.
               '{"rule":"coaching.one-default","fault":"two-default-coaches","parts":["stateful"],"only":"model: coaching agents"}'`;

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      options: {
        rules: { type: 'string' },
        faults: { type: 'string' },
        'no-baseline': { type: 'boolean' },
        seed: { type: 'string' },
        shard: { type: 'string' },
        json: { type: 'string' },
        list: { type: 'boolean' },
        quiet: { type: 'boolean' },
        case: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const ruleFilter = typeof values.rules === 'string' ? new RegExp(values.rules) : undefined;
  const faultFilter = typeof values.faults === 'string' ? new RegExp(values.faults) : undefined;
  let adHoc: FaultCase | undefined;
  if (typeof values.case === 'string') {
    try {
      adHoc = parseCase(values.case);
    } catch (error) {
      console.error(`--case: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
  }
  const shard = typeof values.shard === 'string' ? parseShard(values.shard) : undefined;
  if (typeof values.shard === 'string' && !shard) {
    console.error(`--shard: expected i/n with 1 <= i <= n, got '${values.shard}'\n\n${USAGE}`);
    return 2;
  }
  const selected = (adHoc ? [adHoc] : FAULT_CASES).filter((c) => (!ruleFilter || ruleFilter.test(c.rule)) && (!faultFilter || faultFilter.test(c.fault)));
  const cases = shard ? shardCases(selected, shard) : selected;
  if (values.list) {
    for (const c of cases) console.log(`${c.rule.padEnd(42)} ${c.fault.padEnd(32)} ${c.parts.join(',')}${c.only ? ` / ${c.only}` : ''}`);
    return 0;
  }
  if (cases.length === 0) {
    console.error('no self-test case matches the filters');
    return 2;
  }
  const seed = typeof values.seed === 'string' ? values.seed : '7';

  const mock = await startMock({ generalPerMinute: 1_000_000 });
  const workDir = mkdtempSync(join(tmpdir(), 'conformance-self-test-'));
  try {
    const tenant = mock.description.tenants[0];
    if (!tenant) throw new Error('the mock has no tenant');
    const options = parseOptions(['--base-url', tenant.url, '--mock-control', mock.description.control, '--mode', 'full', '--rate', '0', '--seed', seed], {});
    const { target } = await buildTarget(options);
    const runner = await createCaseRunner({ ...target, isMock: true }, mock.description.control, workDir);
    try {
      const report = await runSelfTest(runner, cases, {
        baseline: values['no-baseline'] !== true,
        onCase: (r, done, total) => {
          if (values.quiet === true && r.status === 'caught') return;
          const mark = r.status === 'caught' ? '✓' : '✗';
          console.log(`${mark} [${done}/${total}] ${r.rule.padEnd(42)} --fault ${r.fault.padEnd(32)} ${r.status}${r.detail ? ` — rule ${r.ruleVerdict}, run ${r.verdict}: ${r.detail}` : ''}`);
        },
      });
      for (const r of report.cases.filter((c) => c.status === 'baseline-fails')) console.log(`✗ ${r.rule} --fault ${r.fault}: ${r.detail}`);
      console.log(`\nself-test: ${report.caught} of ${report.cases.length} faults caught, ${report.missed} missed, ${report.baselineFails} failing without the fault (${(report.durationMs / 1000).toFixed(1)} s)`);
      if (typeof values.json === 'string') writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
      return report.caught === report.cases.length ? 0 : 1;
    } finally {
      await runner.close();
    }
  } finally {
    await mock.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
