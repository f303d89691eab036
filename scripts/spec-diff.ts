// `npm run spec:diff -- [--base <git ref>] [--json]`: the contract's changes since a git ref, each
// breaking or non-breaking, by operation, and the breaking-change gate. The contract at the ref is read
// with `git ls-tree`/`git show` into a temporary directory (the working tree is never touched) and
// bundled like spec/ by scripts/lib/bundle.ts.
// Exit codes: 0 no breaking change, or every one logged in spec/CHANGELOG.md; 1 a breaking change not
// logged; 2 a usage error (bad option or ref, a contract that does not bundle).
// Without --base: the merge base of HEAD and origin/main when that differs from HEAD; else the last
// commit of the previous contract revision (info.x-contract-revision, else info.version), so every breaking change of this version is
// judged however the commits were split; else HEAD~1; with none (a single commit, a shallow clone)
// there is no base to compare and the gate passes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import { bundleSpec, type SpecDocument } from './lib/bundle.ts';
import {
  type Change,
  type ContractDiff,
  DOCUMENT,
  diffContracts,
  displayName,
  type GateResult,
  judge,
  type OperationChanges,
} from './lib/spec-diff.ts';

const USAGE = `usage: npm run spec:diff -- [--base <git ref>] [--json]

  --base <ref>  the commit to compare the working tree's spec/ with (default: the merge base of
                HEAD and origin/main if that is not HEAD itself, else the last commit of the
                previous contract version, else HEAD~1)
  --json        print the result as JSON
  --help        this text

Exit codes: 0 no breaking change, or every one logged in spec/CHANGELOG.md; 1 a breaking change
not logged; 2 a usage error.`;

class UsageError extends Error {}

/** Runs git in `cwd`; the trimmed output, or null when git fails. */
function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 }).trim();
  } catch {
    return null;
  }
}

const commitOf = (root: string, ref: string) => git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);

interface Base {
  ref: string;
  commit: string;
  chosenBy: string;
}

/**
 * The contract's revision in an `info` object: `x-contract-revision` (the served `info.version` is
 * the API's, `1.0.0`, as the API document says), else `info.version` (contracts written before the
 * two were apart).
 */
function revisionOf(info: { version?: unknown; 'x-contract-revision'?: unknown } | null | undefined): string | undefined {
  const revision = info?.['x-contract-revision'] ?? info?.version;
  return typeof revision === 'string' ? revision : undefined;
}

/** The contract revision of spec/openapi.yaml at a commit (undefined when it has none). */
function versionAt(root: string, commit: string): string | undefined {
  const text = git(root, ['show', `${commit}:spec/openapi.yaml`]);
  if (text === null) return undefined;
  return revisionOf((parseYaml(text) as { info?: Record<string, unknown> } | null)?.info);
}

/**
 * The last commit of the previous contract version: the parent of the oldest commit in HEAD's history
 * (following the commits that touch spec/openapi.yaml) that carries the working tree's version, when
 * an older commit carries another version. Every breaking change since then belongs to this version,
 * so its CHANGELOG section must name them all, however the commits were split.
 */
function previousVersionBase(root: string, current: string | undefined): Base | undefined {
  if (current === undefined) return undefined;
  const commits = (git(root, ['log', '--format=%H', 'HEAD', '--', 'spec/openapi.yaml']) ?? '').split('\n').filter(Boolean);
  let oldestWithCurrent: string | undefined;
  for (const commit of commits) {
    const version = versionAt(root, commit);
    if (version === current) {
      oldestWithCurrent = commit;
      continue;
    }
    if (version === undefined) return undefined;
    // An older version: the base is the commit before the current version began (HEAD itself when
    // the working tree has the new version and no commit carries it yet).
    const base = commitOf(root, oldestWithCurrent ? `${oldestWithCurrent}~1` : 'HEAD');
    return base ? { ref: `contract ${version}`, commit: base, chosenBy: `the last commit of contract version ${version}` } : undefined;
  }
  return undefined;
}

/** The default base, or the reason there is none. */
function defaultBase(root: string): Base | { none: string } {
  const head = commitOf(root, 'HEAD');
  if (!head) return { none: 'the repository has no commit' };
  if (commitOf(root, 'refs/remotes/origin/main')) {
    const mergeBase = git(root, ['merge-base', 'HEAD', 'refs/remotes/origin/main']);
    if (mergeBase && mergeBase !== head) return { ref: 'origin/main', commit: mergeBase, chosenBy: 'the merge base of HEAD and origin/main' };
  }
  const current = existsSync(join(root, 'spec', 'openapi.yaml'))
    ? revisionOf((parseYaml(readFileSync(join(root, 'spec', 'openapi.yaml'), 'utf8')) as { info?: Record<string, unknown> } | null)?.info)
    : undefined;
  const previous = previousVersionBase(root, current);
  if (previous) return previous;
  const parent = commitOf(root, 'HEAD~1');
  if (parent) return { ref: 'HEAD~1', commit: parent, chosenBy: 'HEAD~1, the previous commit (no earlier contract version in the history)' };
  return { none: git(root, ['rev-parse', '--is-shallow-repository']) === 'true' ? 'a shallow clone without HEAD~1' : 'a single commit' };
}

const SPEC_FILE = /^spec\/(openapi\.yaml|components\/[^/]+\.yaml|paths\/[^/]+\.yaml|CHANGELOG\.md)$/;

/** Writes the spec files of a commit under `dir`/spec; returns that spec directory. */
function checkoutSpec(root: string, commit: string, ref: string, dir: string): string {
  const names = git(root, ['ls-tree', '-r', '-z', '--name-only', commit, '--', 'spec/']);
  const files = (names ?? '').split('\0').filter((n) => SPEC_FILE.test(n));
  if (!files.includes('spec/openapi.yaml')) throw new UsageError(`${ref} has no spec/openapi.yaml`);
  const specDir = join(dir, 'spec');
  mkdirSync(join(specDir, 'components'), { recursive: true });
  mkdirSync(join(specDir, 'paths'), { recursive: true });
  for (const name of files) {
    const content = execFileSync('git', ['show', `${commit}:${name}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return specDir;
}

function bundle(specDir: string, what: string): SpecDocument {
  try {
    return bundleSpec(specDir);
  } catch (error) {
    throw new UsageError(`${what} does not bundle: ${(error as Error).message}`);
  }
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
const versionOf = (doc: SpecDocument) => revisionOf(doc.info as Record<string, unknown> | undefined) ?? '';

// ---- output ----

const tag = (c: Change) => (c.kind === 'breaking' ? 'breaking    ' : 'non-breaking');

function operationHeading(op: OperationChanges): string {
  const notes = [
    op.status !== 'changed' ? op.status : '',
    op.baseOperationId && op.baseOperationId !== op.operationId ? `was ${op.baseOperationId}` : '',
    op.basePath ? `was ${op.basePath}` : '',
  ].filter(Boolean);
  return `${op.method} ${op.path}  ${op.operationId ?? '(no operationId)'}${notes.length ? `  (${notes.join(', ')})` : ''}`;
}

function printHuman(base: Base, baseVersion: string, headVersion: string, diff: ContractDiff, gate: GateResult): void {
  const out: string[] = [];
  out.push(`Base: ${base.ref} (${base.commit.slice(0, 12)}), ${base.chosenBy}; compared with the working tree's spec/.`);
  out.push(`Contract version: ${baseVersion} → ${headVersion}`);
  const unlogged = new Set(gate.unlogged);
  const groups: Array<[string, Change[], boolean]> = diff.operations.map((op) => [
    `${operationHeading(op)}${op.breaking ? (unlogged.has(displayName(op)) ? '  [breaking, not logged]' : '  [breaking, logged]') : ''}`,
    op.changes,
    op.breaking,
  ]);
  if (diff.document.length > 0) {
    const breaking = diff.document.some((c) => c.kind === 'breaking');
    groups.push([`(${DOCUMENT}: outside any operation)${breaking ? (unlogged.has(DOCUMENT) ? '  [breaking, not logged]' : '  [breaking, logged]') : ''}`, diff.document, breaking]);
  }
  for (const [heading, changes] of groups) {
    out.push('', heading);
    for (const c of changes) if (!c.documentation) out.push(`  ${tag(c)}  ${c.description}`);
    const docs = changes.filter((c) => c.documentation).length;
    if (docs > 0) out.push(`  non-breaking  ${docs} change(s) to descriptions, examples or x- extensions (listed with --json)`);
  }
  const breakingOps = diff.operations.filter((op) => op.breaking).length;
  const count = (s: string) => diff.operations.filter((op) => op.status === s).length;
  out.push(
    '',
    diff.operations.length === 0 && diff.document.length === 0
      ? 'No contract changes.'
      : `${diff.operations.length} operation(s) changed (${count('added')} added, ${count('removed')} removed), ${breakingOps} with breaking changes.`,
  );
  if (diff.warnings.length > 0) {
    out.push(`The diff library could not classify ${diff.warnings.length} change(s); they count as breaking (listed with --json).`);
  }
  if (gate.passed) {
    out.push(
      breakingOps === 0 && !unlogged.has(DOCUMENT) && !diff.document.some((c) => c.kind === 'breaking')
        ? 'Gate: passed (no breaking change).'
        : `Gate: passed (every breaking change is logged under \`## ${gate.section}\` in spec/CHANGELOG.md).`,
    );
  } else {
    out.push(`Gate: FAILED. Breaking changes not logged: ${gate.unlogged.join(', ')}`);
    for (const p of gate.problems) out.push(`  - ${p}`);
    const version = gate.versionBumped ? gate.section : (semver.inc(baseVersion, 'minor') ?? 'a greater version');
    const firstChange = new Map<string, string>();
    for (const op of diff.operations) {
      const c = op.changes.find((x) => x.kind === 'breaking');
      if (c) firstChange.set(displayName(op), c.description);
    }
    const d = diff.document.find((c) => c.kind === 'breaking');
    if (d) firstChange.set(DOCUMENT, d.description);
    out.push(
      '',
      `To log them: ${gate.versionBumped ? '' : `set the contract revision (info.x-contract-revision) in spec/openapi.yaml to ${version} and `}add to spec/CHANGELOG.md (a draft):`,
      '',
      `## ${version} — ${new Date().toISOString().slice(0, 10)}`,
      '',
      '### Breaking',
      '',
      ...gate.unlogged.map((name) => `- ${name.includes(' ') ? `\`${name}\`` : name}: ${firstChange.get(name) ?? ''}`),
    );
  }
  console.log(out.join('\n'));
}

// ---- main ----

function run(argv: string[]): number {
  let values: { base?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { base: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const json = values.json === true;
  if (values.base !== undefined && values.base.trim() === '') throw new UsageError('--base needs a git ref');

  const root = git(process.cwd(), ['rev-parse', '--show-toplevel']);
  if (!root) {
    if (values.base !== undefined) throw new UsageError('not inside a git repository');
    return noBase('not a git repository', json);
  }
  let base: Base;
  if (values.base !== undefined) {
    const commit = commitOf(root, values.base);
    if (!commit) throw new UsageError(`unknown git ref: ${values.base}`);
    base = { ref: values.base, commit, chosenBy: 'given by --base' };
  } else {
    const found = defaultBase(root);
    if ('none' in found) return noBase(found.none, json);
    base = found;
  }

  const after = bundle(join(root, 'spec'), "the working tree's spec/");
  const tmp = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  let before: SpecDocument;
  let baseChangelog: string | null;
  try {
    const baseSpec = checkoutSpec(root, base.commit, base.ref, tmp);
    before = bundle(baseSpec, `the contract at ${base.ref}`);
    baseChangelog = readIfThere(join(baseSpec, 'CHANGELOG.md'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const diff = diffContracts(before, after);
  const baseVersion = versionOf(before);
  const headVersion = versionOf(after);
  const gate = judge({ diff, baseVersion, headVersion, baseChangelog, headChangelog: readIfThere(join(root, 'spec', 'CHANGELOG.md')) });

  if (json) {
    const unlogged = new Set(gate.unlogged);
    const result = {
      base: { ...base, version: baseVersion },
      head: { source: 'working tree', version: headVersion },
      operations: diff.operations.map((op) => ({ ...op, logged: op.breaking ? !unlogged.has(displayName(op)) : null })),
      document: diff.document,
      warnings: diff.warnings,
      gate,
    };
    console.log(JSON.stringify(result, null, 2));
  } else {
    printHuman(base, baseVersion, headVersion, diff, gate);
  }
  return gate.passed ? 0 : 1;
}

function noBase(reason: string, json: boolean): number {
  const message = `No base to compare (${reason}); the breaking-change gate passes.`;
  console.log(json ? JSON.stringify({ base: null, reason: message, gate: { passed: true } }, null, 2) : message);
  return 0;
}

if (import.meta.main) {
  let code: number;
  try {
    code = run(process.argv.slice(2));
  } catch (error) {
    // Exit 1 means "a breaking change is not logged"; anything that stops the comparison is 2.
    const message = (error as Error).message;
    if (process.argv.includes('--json')) console.log(JSON.stringify({ error: message }, null, 2));
    if (error instanceof UsageError) console.error(`spec:diff: ${message}\n\n${USAGE}`);
    else console.error('spec:diff: could not compare the contracts:', error);
    code = 2;
  }
  process.exitCode = code;
}
