// `--shard i/n` (run/shard.ts) splits a run deterministically: each suite test runs in exactly one
// shard (per-operation tests with their operation's resource group, the rest by a stable hash of
// the name), and `merge` (report/merge-reports.ts) turns the shards' JSON reports into the report
// a single run gives: the same verdict and per-rule verdicts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuiteContract } from '../../conformance/contract/load.ts';
import { MODELS } from '../../conformance/models/index.ts';
import { emptyTally } from '../../conformance/record/finding.ts';
import { MergeError, mergeReports } from '../../conformance/report/merge-reports.ts';
import { buildReport, type RunReport } from '../../conformance/report/run-report.ts';
import { operationsFor } from '../../conformance/run/modes.ts';
import { parseShard, resourceGroup, ShardSplit } from '../../conformance/run/shard.ts';
import { runCli } from './run-cli.ts';

describe('the split', () => {
  const contract = loadSuiteContract();
  const operations = operationsFor(contract, 'full');
  const names = [
    ...operations.flatMap((op) => [`${op.operationId}: contract examples`, `${op.operationId}: generated invalid requests`, `${op.operationId}: authentication`]),
    ...MODELS.map((m) => `model: ${m.title}`),
    'a per-user token is accepted',
    'HTTPS only, TLS 1.2 or higher',
  ];

  it.each([1, 2, 3, 4])('puts every test in exactly one of %i shards, with its resource group, the same way every time', (count) => {
    const splits = Array.from({ length: count }, (_, i) => new ShardSplit({ index: i + 1, count }, operations));
    for (const name of names) expect(splits.filter((s) => s.runs(name)).length, name).toBe(1);
    const again = new ShardSplit({ index: 1, count }, operations);
    for (const name of names) expect(again.runs(name)).toBe(splits[0]?.runs(name));
    const byGroup = new Map<string, Set<number>>();
    for (const op of operations) {
      const shards = byGroup.get(resourceGroup(op.path)) ?? new Set<number>();
      shards.add(again.shardOf(`${op.operationId}: contract examples`));
      byGroup.set(resourceGroup(op.path), shards);
    }
    for (const [group, shards] of byGroup) expect(shards.size, group).toBe(1);
  });

  it('reads the resource group of a path, and parses i/n', () => {
    expect(resourceGroup('/api/v1/data/{uuid}/records')).toBe('data');
    expect(resourceGroup('/api/v1/calls')).toBe('calls');
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(() => parseShard('4/3')).toThrow('--shard');
  });
});

/** A shard's report with one tally, as a run of that shard would write it. */
function shardReport(index: number, count: number, tallies: RunReport['tallies'], seed = 9): RunReport {
  return buildReport(
    { findings: [], tallies, notes: [], requests: 5, failedTests: [] },
    { tests: [{ title: 't', fullName: 'x t', status: 'passed', failureMessages: [] }], fileErrors: [] },
    { startedAt: `2026-03-14T10:00:0${index}Z`, durationMs: 1000 * index, target: { baseUrl: `http://acme.localhost:${4000 + index}`, mode: 'readonly', profile: 'quick', parts: ['operations'], seed, mock: true, faults: [], failOn: 'published', shard: { index, count } } },
  );
}

describe('merging shard reports', () => {
  it('sums the tallies and decides the rules again over the whole run', () => {
    const one = shardReport(1, 2, { 'getFlow\u0000error-shape': { ...emptyTally(), pass: 2 } });
    const two = shardReport(2, 2, { 'getFlow\u0000error-shape': { ...emptyTally(), pass: 3 }, 'listCalls\u0000error-code': { ...emptyTally(), pass: 1 } });
    // In a shard, a covered rule no exchange of that shard reached is not run (another shard may reach it).
    expect(one.rules.find((r) => r.id === 'errors.codes')).toMatchObject({ status: 'not-run', reason: expect.stringContaining('not reached in shard 1/2') });
    const merged = mergeReports([two, one]);
    expect(merged.tallies['getFlow\u0000error-shape']?.pass).toBe(5);
    expect(merged.requests).toBe(10);
    expect(merged.counts.passed).toBe(6);
    expect(merged.rules.find((r) => r.id === 'errors.codes')?.status).toBe('verified');
    expect(merged.target.shard).toBeUndefined();
    expect(merged.target.mergedShards).toBe(2);
    expect(merged.startedAt).toBe('2026-03-14T10:00:01Z');
    expect(merged.durationMs).toBe(2000);
  });

  it('refuses reports that are not every shard of one run', () => {
    const one = shardReport(1, 2, {});
    const two = shardReport(2, 2, {});
    expect(() => mergeReports([one])).toThrow(/missing shard\(s\) 2\/2/);
    expect(() => mergeReports([one, one, two])).toThrow(/given twice/);
    expect(() => mergeReports([one, shardReport(2, 2, {}, 10)])).toThrow(/other options/);
    expect(() => mergeReports([one, shardReport(2, 3, {})])).toThrow(MergeError);
    const { shard: _s, ...whole } = one.target;
    expect(() => mergeReports([{ ...one, target: whole }, two])).toThrow(/not a shard's report/);
  });
});

/** Rule id → status. */
function statuses(report: RunReport): Record<string, string> {
  return Object.fromEntries(report.rules.map((r) => [r.id, r.status]));
}

/** The checks that recorded an outcome other than "does not apply". */
function decidedChecks(report: RunReport): string[] {
  const out = new Set<string>();
  for (const [key, t] of Object.entries(report.tallies)) if (t.pass + t.fail + t.warn + t.inconclusive > 0) out.add(key.slice(key.indexOf('\u0000') + 1));
  return [...out].sort();
}

describe('a run split in two shards and merged', () => {
  it('gives the verdict, the per-rule verdicts and the operations × checks of the single run with the same seed', async () => {
    const args = ['--seed', '20260314', '--profile', 'quick'];
    const single = await runCli(args, 200_000);
    // One after the other: on CI each shard has a runner to itself, while here two runs and their
    // mocks side by side would share two cores, and the mock's calls and jobs advance on real time.
    const first = await runCli([...args, '--shard', '1/2'], 200_000);
    const second = await runCli([...args, '--shard', '2/2'], 200_000);
    for (const run of [single, first, second]) expect(run.report, run.output.slice(-3000)).toBeDefined();
    if (!single.report || !first.report || !second.report) return;
    expect(first.report.target.shard).toEqual({ index: 1, count: 2 });
    const dir = mkdtempSync(join(tmpdir(), 'shards-'));
    try {
      writeFileSync(join(dir, 'one.json'), JSON.stringify(first.report));
      writeFileSync(join(dir, 'two.json'), JSON.stringify(second.report));
      const merged = await runCli(['merge', join(dir, 'one.json'), join(dir, 'two.json')], 60_000);
      const report = merged.report;
      expect(report, merged.output).toBeDefined();
      if (!report) return;
      expect(merged.reportFiles).toContain('<testsuites');
      expect(merged.reportFiles).toContain('<!DOCTYPE html>');
      const failures = (r: RunReport) => r.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`);
      expect(report.verdict, JSON.stringify({ merged: failures(report), single: failures(single.report) }, null, 1)).toBe(single.report.verdict);
      expect(merged.code).toBe(single.code);
      expect(statuses(report)).toEqual(statuses(single.report));
      // Each shard starts its own mock, so a test that reads state another resource group's tests
      // left (discovered ids, lists, the tokens the auth rules create) sees a fresh workspace, and
      // the number of exchanges per operation differs a little: the tallies are not equal count
      // for count. Every operation × check pair and every check decided are the same.
      expect(Object.keys(report.tallies).sort()).toEqual(Object.keys(single.report.tallies).sort());
      expect(decidedChecks(report)).toEqual(decidedChecks(single.report));
      expect(report.requests).toBe(first.report.requests + second.report.requests);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 420_000);
});
