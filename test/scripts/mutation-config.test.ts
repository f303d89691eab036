// The mutation-testing setup (issue 25) without running Stryker: the folder → suite-slice table
// covers every folder of mock/ with code, its patterns and parts are valid, the Stryker
// configuration parses, the equivalent-mutant list is well formed, and the score leaves
// equivalent mutants out.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { MutantResult } from '@stryker-mutator/api/core';
import { describe, expect, it } from 'vitest';
import { PARTS } from '../../conformance/target/target.ts';
import { groupBySlice, readBaseConfig, readEquivalents, score, selectFiles, summarize } from '../../scripts/mutation.ts';
import { SUITE_TABLE, sliceFor, suiteCommand } from '../../scripts/mutation-table.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Folders of mock/ holding source files (not only tests), as `mock/<...>/`. */
function codeFolders(dir: string): string[] {
  const entries = readdirSync(join(ROOT, dir));
  const own = entries.some((e) => e.endsWith('.ts') && !e.endsWith('.test.ts')) ? [`${dir}/`] : [];
  return [
    ...own,
    ...entries.filter((e) => statSync(join(ROOT, dir, e)).isDirectory()).flatMap((e) => codeFolders(`${dir}/${e}`)),
  ];
}

describe('mutation testing setup', () => {
  it('gives every folder of mock/ with code an entry of its own in the folder → suite table', () => {
    const folders = codeFolders('mock');
    expect(folders.length).toBeGreaterThan(10);
    const missing = folders.filter((folder) => !SUITE_TABLE.some((slice) => slice.path === folder));
    expect(missing, 'add these folders to scripts/mutation-table.ts (a narrowed slice, WHOLE_SUITE or noRules)').toEqual([]);
  });

  it('names only paths that exist, valid parts and valid test-name patterns', () => {
    for (const slice of SUITE_TABLE) {
      expect(existsSync(join(ROOT, slice.path)), slice.path).toBe(true);
      for (const part of slice.parts ?? []) expect(PARTS as readonly string[], slice.path).toContain(part);
      if (slice.only !== undefined) expect(() => new RegExp(slice.only as string), slice.path).not.toThrow();
      if (slice.noRules === undefined) expect(slice.rules, slice.path).not.toBe('');
    }
  });

  it('picks the longest matching entry for a file', () => {
    expect(sliceFor('mock/pipeline/prefer.ts').path).toBe('mock/pipeline/prefer.ts');
    expect(sliceFor('mock/pipeline/auth.ts').path).toBe('mock/pipeline/');
    expect(sliceFor('mock/resources/calls/handlers.ts').path).toBe('mock/resources/calls/');
    expect(sliceFor('mock/index.ts').path).toBe('mock/');
  });

  it('builds the narrowed command and groups files by slice, leaving out folders without rules', () => {
    const slice = sliceFor('mock/pipeline/timezone.ts');
    expect(suiteCommand(slice, { node: '/usr/bin/node', seed: 7 })).toBe(
      "'/usr/bin/node' conformance/cli.ts --seed 7 --report-dir .mutation-suite-reports --parts 'time' --only 'zone selection'",
    );
    expect(suiteCommand({ rules: 'x', only: "it's" }, { node: 'node', seed: 1 })).toContain(`--only 'it'\\''s'`);
    const files = selectFiles(['mock/time/*.ts', 'mock/control/*.ts']);
    expect(files).toContain('mock/time/zones.ts');
    const groups = groupBySlice(files);
    expect([...groups.keys()].map((s) => s.path)).toEqual(['mock/time/']);
  });

  it('parses the Stryker configuration: command runner, no coverage, reports in reports/mutation/, sandbox outside the checkout', async () => {
    const config = await readBaseConfig(ROOT);
    expect(config.testRunner).toBe('command');
    expect(config.coverageAnalysis).toBe('off');
    expect(config.reporters).toEqual(expect.arrayContaining(['json', 'html']));
    expect(config.jsonReporter?.fileName).toMatch(/^reports\/mutation\//);
    expect(config.htmlReporter?.fileName).toMatch(/^reports\/mutation\//);
    expect(isAbsolute(config.tempDirName ?? '')).toBe(true);
    expect(relative(ROOT, config.tempDirName ?? '').startsWith('..')).toBe(true);
  });

  it('reads the equivalent-mutant list, each entry naming an existing file with a reason', () => {
    for (const entry of readEquivalents(ROOT)) {
      expect(existsSync(join(ROOT, entry.file)), entry.file).toBe(true);
      expect(entry.reason.trim()).not.toBe('');
    }
  });

  it('leaves equivalent mutants out of the score and lists the other survivors', () => {
    const result = (line: number, status: MutantResult['status'], mutatorName = 'ConditionalExpression'): MutantResult =>
      ({
        id: String(line),
        fileName: join(ROOT, 'mock/time/zones.ts'),
        mutatorName,
        replacement: 'false',
        status,
        location: { start: { line, column: 3 }, end: { line, column: 9 } },
      }) as MutantResult;
    const summary = summarize(
      [result(1, 'Killed'), result(2, 'Timeout'), result(3, 'Survived'), result(4, 'Survived')],
      [{ file: 'mock/time/zones.ts', line: 4, mutator: 'ConditionalExpression', reason: 'test' }],
    );
    const tally = summary.perFolder.get('mock/time/');
    expect(tally).toMatchObject({ mutants: 4, killed: 1, timedOut: 1, survived: 1, equivalent: 1 });
    expect(score(tally as NonNullable<typeof tally>)).toBeCloseTo(66.67, 1);
    expect(summary.survivors.map((s) => `${s.file}:${s.line}`)).toEqual(['mock/time/zones.ts:3']);
    expect(summary.stale).toEqual([]);
  });
});
