// Coverage, the --min-coverage gate and the baseline of known failures, against the mock with a
// fault that breaks one rule (missing-timezone-header breaks time.response-zone-header) in a narrow
// run: a baseline naming the rule makes the run PASS with the findings listed as known and a stale
// entry reported fixed; an expired entry excuses nothing; --write-baseline writes a file that,
// passed back, excuses the same failures; --min-coverage above what the run reaches fails it
// naming the figure, below it passes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { OWNER_PLACEHOLDER, parseBaseline, today } from '../../conformance/record/baseline.ts';
import { parseMinCoverage } from '../../conformance/report/coverage.ts';
import { parseOptions, UsageError } from '../../conformance/run/options.ts';
import { CLI_TEST_MS, runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RULE = 'time.response-zone-header';
const NARROW = ['--fault', 'missing-timezone-header', '--parts', 'operations', '--only', 'listCalls: contract examples', '--profile', 'quick', '--seed', '7'];

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('--min-coverage and baseline files', () => {
  it('reads ops=…,status=…,rules=… percentages and refuses anything else as a usage mistake', () => {
    expect(parseMinCoverage('ops=90,status=60%,rules=95')).toEqual({ ops: 90, status: 60, rules: 95 });
    expect(parseMinCoverage('operations=12.5')).toEqual({ ops: 12.5 });
    expect(() => parseMinCoverage('ops=120')).toThrow(/from 0 to 100/);
    expect(() => parseMinCoverage('paths=50')).toThrow(/figures: ops, status, rules/);
    expect(() => parseOptions(['--min-coverage', 'ops'], {})).toThrow(UsageError);
    expect(parseOptions([], { CONFORMANCE_MIN_COVERAGE: 'rules=80' }).minCoverage).toEqual({ rules: 80 });
  });

  it('refuses a baseline entry with an unknown rule or operation, a missing owner or a date not YYYY-MM-DD', () => {
    const operations = new Set(loadSuiteContract().operations.map((o) => o.operationId));
    const entry = (over: Record<string, string | undefined>) =>
      JSON.stringify({ known: [{ rule: RULE, operationId: 'listCalls', reason: 'the gateway strips it', owner: 'qa', expires: '2099-12-31', ...over }] });
    expect(parseBaseline(entry({}), 'b.json', operations)).toEqual([{ rule: RULE, operationId: 'listCalls', reason: 'the gateway strips it', owner: 'qa', expires: '2099-12-31' }]);
    expect(parseBaseline(`known:\n  - rule: ${RULE}\n    operationId: '*'\n    reason: r\n    owner: o\n    expires: 2099-12-31\n`, 'b.yaml', operations)[0]?.expires).toBe('2099-12-31');
    expect(() => parseBaseline(entry({ rule: 'time.nope' }), 'b.json', operations)).toThrow(/unknown rule "time.nope"/);
    expect(() => parseBaseline(entry({ operationId: 'listCats' }), 'b.json', operations)).toThrow(/unknown operationId "listCats"/);
    expect(() => parseBaseline(entry({ owner: undefined }), 'b.json', operations)).toThrow(/"owner" is missing/);
    expect(() => parseBaseline(entry({ expires: '31.12.2099' }), 'b.json', operations)).toThrow(/YYYY-MM-DD/);
  });
});

describe.concurrent('a baseline and the coverage gate against the mock', () => {
  it('a baseline naming the broken rule makes the run PASS with the findings known; an entry of a rule that held is fixed; a low --min-coverage is met', async () => {
    const baseline = file(
      'known.yaml',
      [
        'known:',
        `  - rule: ${RULE}`,
        "    operationId: '*'",
        '    reason: the gateway strips X-Timezone (OPS-42)',
        '    owner: platform-team',
        '    expires: 2099-12-31',
        '  - rule: resources.fields',
        '    operationId: listCalls',
        '    reason: schema drift, fixed since',
        '    owner: api-team',
        '    expires: 2099-12-31',
        '',
      ].join('\n'),
    );
    const run = await runCli([...NARROW, '--baseline', baseline, '--min-coverage', 'ops=1,rules=1']);
    const report = run.report;
    expect(report, run.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(report.failures).toEqual([]);
    expect(report.counts.failed).toBe(0);
    expect(report.known?.length).toBeGreaterThan(0);
    expect(report.known?.every((f) => f.baseline.rule === RULE && f.baseline.owner === 'platform-team' && f.check === 'timezone-header')).toBe(true);
    expect(report.rules.find((r) => r.id === RULE)).toMatchObject({ status: 'violated', known: { owner: 'platform-team', reason: 'the gateway strips X-Timezone (OPS-42)' } });
    expect(report.baseline?.entries.map((e) => [e.rule, e.status])).toEqual([
      [RULE, 'known'],
      ['resources.fields', 'fixed'],
    ]);
    expect(report.baseline?.entries[0]?.matched).toContain('listCalls');
    // Coverage: listCalls answered a documented status, and its rules were exercised.
    const listCalls = report.coverage?.operations.find((o) => o.operationId === 'listCalls');
    expect(listCalls?.seen).toContain(200);
    expect(listCalls?.documented).toContain(200);
    expect(listCalls?.rules).toEqual(expect.arrayContaining([RULE, 'resources.fields']));
    expect(report.coverage?.totals.ops.total).toBe(loadSuiteContract().operations.length);
    expect(report.coverage?.totals.ops.covered).toBeGreaterThan(0);
    expect(report.coverage?.gate?.failed).toEqual([]);
    expect(report.verdict).toBe('pass');
    expect(run.code).toBe(0);
    expect(run.reportFiles).toContain('KNOWN FAILURES');
    expect(run.reportFiles).toContain('OPS-42');
    expect(run.reportFiles).toMatch(/resources\.fields listCalls .*fixed: matched no failure/);
    expect(run.reportFiles).toContain('<h2 id="coverage">Coverage</h2>');
    expect(run.output).toContain('coverage gate --min-coverage ops=1,rules=1: met');
  }, CLI_TEST_MS);

  it('an expired entry excuses nothing; --write-baseline writes a baseline that, passed back, excuses the failures; --min-coverage above the run fails naming the figure', async () => {
    const expired = file('expired.json', JSON.stringify({ known: [{ rule: RULE, operationId: '*', reason: 'accepted until the gateway upgrade', owner: 'qa', expires: '2020-01-01' }] }));
    const written = join(dir, 'written.yaml');
    const first = await runCli([...NARROW, '--baseline', expired, '--write-baseline', written]);
    expect(first.report, first.output.slice(-3000)).toBeDefined();
    expect(first.report?.verdict).toBe('fail');
    expect(first.code).toBe(1);
    expect(first.report?.known).toEqual([]);
    expect(first.report?.failures.some((f) => f.check === 'timezone-header')).toBe(true);
    expect(first.report?.baseline?.entries).toMatchObject([{ rule: RULE, status: 'expired', expired: true }]);
    expect(first.reportFiles).toContain('EXPIRED: no longer excuses its failures');

    const entries = (parse(readFileSync(written, 'utf8')) as { known: Array<Record<string, string>> }).known;
    expect(entries.some((e) => e.rule === RULE && e.operationId === 'listCalls')).toBe(true);
    expect(entries.every((e) => e.owner === OWNER_PLACEHOLDER && (e.expires as string) > today())).toBe(true);

    const second = await runCli([...NARROW, '--baseline', written, '--min-coverage', 'ops=100,rules=1']);
    const report = second.report;
    expect(report, second.output.slice(-3000)).toBeDefined();
    if (!report) return;
    expect(report.failures).toEqual([]);
    expect(report.known?.length).toBeGreaterThan(0);
    expect(report.baseline?.entries.every((e) => e.status === 'known')).toBe(true);
    expect(report.coverage?.gate?.failed.map((f) => f.figure)).toEqual(['ops']);
    expect(report.verdict).toBe('fail');
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/coverage gate --min-coverage ops=100,rules=1: FAILED, ops \(operations exercised\) [\d.]+% < 100%/);
  }, CLI_TEST_MS * 2);

  it('a baseline file naming an unknown rule is a usage mistake before anything is sent', async () => {
    const bad = file('bad.yaml', "known:\n  - rule: time.nope\n    operationId: '*'\n    reason: r\n    owner: o\n    expires: 2099-12-31\n");
    const run = await runCli([...NARROW, '--baseline', bad]);
    expect(run.code).toBe(2);
    expect(run.output).toContain('unknown rule "time.nope"');
    expect(run.report).toBeUndefined();
  }, CLI_TEST_MS);
});
