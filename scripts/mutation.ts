// `npm run mutation [-- --files <glob>] [--concurrency N] [--profile P] [--seed N] [--plan]`
// (issue 25): StrykerJS mutates mock/ and the conformance suite is the test. The files to mutate
// are grouped by their slice of the suite (scripts/mutation-table.ts); each group is one Stryker
// run whose command runner runs the conformance CLI narrowed to the slice's parts and tests, so a
// mutant costs one narrowed run. Prints the mutation score per folder (equivalent mutants of
// mutation/equivalent.json left out) and every surviving mutant with file, line, mutator and the
// rule group it would break. Stryker's JSON and HTML reports go to reports/mutation/<slice>.*;
// reports/mutation/summary.json holds the figures printed. `--plan` prints the groups and
// commands without running Stryker.
import { globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';
import { type SuiteSlice, sliceFor, suiteCommand } from './mutation-table.ts';

const ROOT = join(import.meta.dirname, '..');
export const REPORT_DIR = 'reports/mutation';
export const EQUIVALENT_FILE = 'mutation/equivalent.json';
export const DEFAULT_FILES = ['mock/pipeline/**/*.ts', 'mock/time/**/*.ts'];

export interface EquivalentMutant {
  file: string;
  line: number;
  mutator: string;
  /** Only when two mutants of one mutator share the line. */
  column?: number;
  reason: string;
}

/** The committed list of equivalent mutants. */
export function readEquivalents(root = ROOT): EquivalentMutant[] {
  const parsed = JSON.parse(readFileSync(join(root, EQUIVALENT_FILE), 'utf8')) as { equivalent?: unknown };
  if (!Array.isArray(parsed.equivalent)) throw new Error(`${EQUIVALENT_FILE}: "equivalent" must be an array`);
  return parsed.equivalent.map((entry: Partial<EquivalentMutant>, i: number) => {
    if (typeof entry.file !== 'string' || typeof entry.line !== 'number' || typeof entry.mutator !== 'string' || typeof entry.reason !== 'string' || entry.reason.trim() === '') {
      throw new Error(`${EQUIVALENT_FILE}: entry ${i} needs file, line, mutator and a reason`);
    }
    return entry as EquivalentMutant;
  });
}

/** The files a glob (or several, comma-separated) selects under mock/, test files left out. */
export function selectFiles(globs: readonly string[], root = ROOT): string[] {
  const files = new Set<string>();
  for (const glob of globs.flatMap((g) => g.split(',')).map((g) => g.trim()).filter((g) => g !== '')) {
    for (const file of globSync(glob, { cwd: root })) {
      const path = file.replaceAll('\\', '/');
      if (path.startsWith('mock/') && path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts')) files.add(path);
    }
  }
  return [...files].sort();
}

/** Files grouped by the slice of the suite that judges them; folders without rules are left out. */
export function groupBySlice(files: readonly string[]): Map<SuiteSlice, string[]> {
  const groups = new Map<SuiteSlice, string[]>();
  for (const file of files) {
    const slice = sliceFor(file);
    if (slice.noRules !== undefined) continue;
    groups.set(slice, [...(groups.get(slice) ?? []), file]);
  }
  return groups;
}

const slug = (slice: SuiteSlice): string => slice.path.replace(/\/$/, '').replaceAll(/[^A-Za-z0-9.-]+/g, '-');

interface Tally {
  mutants: number;
  killed: number;
  timedOut: number;
  survived: number;
  noCoverage: number;
  equivalent: number;
  errors: number;
  ignored: number;
}

const emptyTally = (): Tally => ({ mutants: 0, killed: 0, timedOut: 0, survived: 0, noCoverage: 0, equivalent: 0, errors: 0, ignored: 0 });

/** Detected (killed or timed out) out of the mutants that ran and are not equivalent. */
export function score(t: Tally): number | undefined {
  const valid = t.killed + t.timedOut + t.survived + t.noCoverage;
  return valid === 0 ? undefined : (100 * (t.killed + t.timedOut)) / valid;
}

export interface Survivor {
  file: string;
  line: number;
  column: number;
  mutator: string;
  replacement: string | undefined;
  rules: string;
}

/** Folds Stryker's results into tallies per folder, the survivors and the stale equivalent entries. */
export function summarize(results: readonly MutantResult[], equivalents: readonly EquivalentMutant[]) {
  const perFolder = new Map<string, Tally>();
  const survivors: Survivor[] = [];
  const usedEquivalents = new Set<EquivalentMutant>();
  for (const result of results) {
    const file = result.fileName.replaceAll('\\', '/').replace(`${ROOT.replaceAll('\\', '/')}/`, '');
    const line = result.location.start.line;
    const folder = `${dirname(file)}/`;
    const tally = perFolder.get(folder) ?? emptyTally();
    perFolder.set(folder, tally);
    tally.mutants++;
    const equivalent = equivalents.find(
      (e) => e.file === file && e.line === line && e.mutator === result.mutatorName && (e.column === undefined || e.column === result.location.start.column),
    );
    if (equivalent !== undefined && (result.status === 'Survived' || result.status === 'NoCoverage')) {
      usedEquivalents.add(equivalent);
      tally.equivalent++;
      continue;
    }
    switch (result.status) {
      case 'Killed':
        tally.killed++;
        break;
      case 'Timeout':
        tally.timedOut++;
        break;
      case 'Survived':
      case 'NoCoverage':
        if (result.status === 'Survived') tally.survived++;
        else tally.noCoverage++;
        survivors.push({
          file,
          line,
          column: result.location.start.column,
          mutator: result.mutatorName,
          replacement: result.replacement,
          rules: sliceFor(file).rules,
        });
        break;
      case 'Ignored':
        tally.ignored++;
        break;
      default:
        tally.errors++;
    }
  }
  const stale = equivalents.filter((e) => !usedEquivalents.has(e) && results.some((r) => r.fileName.endsWith(e.file)));
  return { perFolder, survivors, stale };
}

function formatReport(summary: ReturnType<typeof summarize>, seconds: number): string {
  const lines: string[] = ['', 'Mutation score per folder (killed + timed out of non-equivalent mutants):'];
  const total = emptyTally();
  for (const [folder, t] of [...summary.perFolder].sort(([a], [b]) => a.localeCompare(b))) {
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += t[key];
    lines.push(`  ${folder.padEnd(40)} ${formatTally(t)}`);
  }
  lines.push(`  ${'all'.padEnd(40)} ${formatTally(total)}`);
  const ran = total.mutants - total.ignored;
  lines.push(`  wall time ${seconds.toFixed(0)} s${ran > 0 ? `, ${(seconds / ran).toFixed(1)} s per mutant` : ''}`);
  if (summary.survivors.length > 0) {
    lines.push('', `Surviving mutants (${summary.survivors.length}): file:line:column  mutator  → replacement  [rules it would break]`);
    for (const s of summary.survivors) {
      const replacement = (s.replacement ?? '').replaceAll(/\s+/g, ' ').slice(0, 60);
      lines.push(`  ${s.file}:${s.line}:${s.column}  ${s.mutator}  → ${replacement}  [${s.rules}]`);
    }
  }
  for (const e of summary.stale) lines.push(`stale entry in ${EQUIVALENT_FILE}: ${e.file}:${e.line} ${e.mutator} (killed or gone)`);
  return lines.join('\n');
}

function formatTally(t: Tally): string {
  const s = score(t);
  return (
    `${s === undefined ? '   -  ' : `${s.toFixed(1).padStart(5)}%`}  ${t.mutants} mutants: ${t.killed} killed, ${t.timedOut} timed out, ` +
    `${t.survived} survived, ${t.noCoverage} no coverage, ${t.equivalent} equivalent, ${t.errors} errors`
  );
}

/** The committed Stryker configuration (stryker.config.mjs). */
export async function readBaseConfig(root = ROOT): Promise<PartialStrykerOptions> {
  const url = pathToFileURL(join(root, 'stryker.config.mjs')).href;
  return ((await import(url)) as { default: PartialStrykerOptions }).default;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      files: { type: 'string', multiple: true },
      concurrency: { type: 'string' },
      profile: { type: 'string' },
      seed: { type: 'string', default: '1' },
      plan: { type: 'boolean', default: false },
    },
  });
  const files = selectFiles(values.files ?? DEFAULT_FILES);
  if (files.length === 0) {
    console.error(`no file of mock/ matches ${(values.files ?? DEFAULT_FILES).join(', ')}`);
    return 2;
  }
  const seed = Number(values.seed);
  const commandOptions = { node: process.execPath, seed, ...(values.profile !== undefined ? { profile: values.profile } : {}) };
  const groups = groupBySlice(files);
  for (const [slice, members] of groups) {
    console.log(`${slice.path} (${members.length} file(s)): ${suiteCommand(slice, commandOptions)}`);
  }
  if (values.plan) return 0;

  const equivalents = readEquivalents();
  const { Stryker } = await import('@stryker-mutator/core');
  const started = performance.now();
  const results: MutantResult[] = [];
  mkdirSync(join(ROOT, REPORT_DIR), { recursive: true });
  for (const [slice, members] of groups) {
    const name = slug(slice);
    // Stryker reads stryker.config.mjs itself and merges these over it.
    const options: PartialStrykerOptions = {
      configFile: join(ROOT, 'stryker.config.mjs'),
      mutate: members,
      commandRunner: { command: suiteCommand(slice, commandOptions) },
      jsonReporter: { fileName: `${REPORT_DIR}/${name}.json` },
      htmlReporter: { fileName: `${REPORT_DIR}/${name}.html` },
      ...(values.concurrency !== undefined ? { concurrency: Number(values.concurrency) } : {}),
    };
    results.push(...(await new Stryker(options).runMutationTest()));
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(results, equivalents);
  console.log(formatReport(summary, seconds));
  writeFileSync(
    join(ROOT, REPORT_DIR, 'summary.json'),
    `${JSON.stringify(
      {
        files,
        seed,
        seconds: Math.round(seconds),
        folders: Object.fromEntries([...summary.perFolder].map(([folder, t]) => [folder, { ...t, score: score(t) }])),
        survivors: summary.survivors,
        stale: summary.stale,
      },
      null,
      2,
    )}\n`,
  );
  return 0;
}

if (import.meta.main) {
  process.exitCode = await main();
}
