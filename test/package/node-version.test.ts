// The bin's Node version check (bin/node-version.ts): it accepts exactly the versions
// package.json's `engines` range names, and on an older Node the bin and the mock CLI print one
// line saying what they need and exit 1, before any module that needs a newer Node loads (the
// mock CLI's compile cache, node:module's enableCompileCache, is Node 22's: on Node 20 a named
// import of it is a SyntaxError). The entry points are compiled to JavaScript the way the build
// does it (TypeScript's transpiler, `.ts` imports rewritten to `.js`) and run on the machine's old
// Node (test/package/old-node.ts); where there is none, on this Node with the version faked.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import semver from 'semver';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { isSupportedNode, nodeVersionProblem, SUPPORTED_NODE } from '../../bin/node-version.ts';
import { findOldNode } from './old-node.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

describe('isSupportedNode', () => {
  it('names the range of package.json engines', () => {
    expect(SUPPORTED_NODE).toBe(pkg.engines.node);
  });

  const versions = ['18.20.4', '20.0.0', '20.20.2', '21.7.3', '22.0.0', '22.18.0', '22.19.0', '22.22.1', '23.11.0', '24.0.0', '24.11.1', '25.2.0', '26.0.0', '27.1.0', '30.0.0'];
  it.each(versions)('%s: as engines says', (version) => {
    expect(isSupportedNode(version)).toBe(semver.satisfies(version, pkg.engines.node));
  });

  it('refuses what is not a version', () => {
    expect(isSupportedNode('')).toBe(false);
    expect(isSupportedNode('next')).toBe(false);
  });

  it('says in one line what is needed', () => {
    expect(nodeVersionProblem('24.11.1')).toBeUndefined();
    expect(nodeVersionProblem('20.20.2')).toBe(`agent-platform-contract needs Node.js ${pkg.engines.node} (package.json engines); this is Node.js 20.20.2.`);
  });
});

describe('on an old Node', () => {
  const work = mkdtempSync(join(tmpdir(), 'old-node-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Compiles sources into `work` as the build does (same relative layout, .js beside a package.json of type module). */
  function compile(files: string[]): void {
    writeFileSync(join(work, 'package.json'), '{"type":"module"}\n');
    for (const file of files) {
      const output = ts.transpileModule(readFileSync(join(ROOT, file), 'utf8'), {
        fileName: file,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2024, rewriteRelativeImportExtensions: true, verbatimModuleSyntax: true },
      }).outputText;
      const target = join(work, file.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, output);
    }
  }
  compile(['bin/cli.ts', 'bin/node-version.ts', 'bin/commands.ts', 'mock/cli.ts']);

  const old = findOldNode();
  /** The old Node, or this one with process.versions.node faked to 20.0.0 before the entry loads. */
  function runOld(entry: string, args: string[]) {
    const fake = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.0.0'})`;
    const [command, prefix] = old ? [old.path, []] : [process.execPath, ['--import', fake]];
    return spawnSync(command, [...prefix, join(work, entry), ...args], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  }
  const version = old?.version ?? '20.0.0';

  it.each([
    ['bin/cli.js', ['mock', '--port', '0']],
    ['bin/cli.js', ['conformance', '--help']],
    ['mock/cli.js', []],
  ])('%s %j prints one line and exits 1', (entry, args) => {
    const result = runOld(entry, args);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${nodeVersionProblem(version)}\n`);
    expect(result.status).toBe(1);
  });
});
