// The breaking-change gate (`npm run spec:diff`): in small git repositories holding a tiny contract laid
// out like spec/, it names the operations a breaking change touches and exits 1 until the change is
// logged under a new contract version in spec/CHANGELOG.md.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SpecDocument } from '../../scripts/lib/bundle.ts';
import { diffContracts, parseChangelog } from '../../scripts/lib/spec-diff.ts';

const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'scripts', 'spec-diff.ts');
const repos: string[] = [];

const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

const ROOT = `openapi: 3.1.0
info: {title: Things, version: 1.0.0}
paths: {}
`;

const COMMON = `components:
  schemas:
    Uuid: {type: string, format: uuid}
  responses:
    NotFound:
      description: Not found.
      content:
        application/json:
          schema:
            type: object
            required: [success, message]
            properties:
              success: {type: boolean}
              message: {type: string}
`;

const THINGS = `paths:
  /api/v1/things:
    get:
      operationId: listThings
      parameters:
        - name: status
          in: query
          required: false
          schema: {$ref: '#/components/schemas/ThingStatus'}
      responses:
        '200':
          description: A page of things.
          content:
            application/json:
              schema:
                type: object
                required: [items]
                properties:
                  items:
                    type: array
                    items: {$ref: '#/components/schemas/Thing'}
        '404': {$ref: '#/components/responses/NotFound'}
  /api/v1/things/{uuid}:
    parameters:
      - name: uuid
        in: path
        required: true
        schema: {$ref: '#/components/schemas/Uuid'}
    get:
      operationId: getThing
      responses:
        '200':
          description: One thing.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
        '404': {$ref: '#/components/responses/NotFound'}
components:
  schemas:
    ThingStatus: {type: string, enum: [active, archived]}
    Thing:
      type: object
      required: [uuid, name, status]
      properties:
        uuid: {$ref: '#/components/schemas/Uuid'}
        name: {type: string}
        status: {$ref: '#/components/schemas/ThingStatus'}
`;

const CHANGELOG = `# Contract changelog

## 1.0.0 — 2026-01-01

### Added

- listThings, getThing.
`;

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, env: gitEnv, encoding: 'utf8' }).trim();
}

function write(repo: string, file: string, text: string): void {
  mkdirSync(dirname(join(repo, file)), { recursive: true });
  writeFileSync(join(repo, file), text);
}

/** Replaces `from` (which must be there) with `to` in a file of the repository. */
function edit(repo: string, file: string, from: string, to: string): void {
  const text = readFileSync(join(repo, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  write(repo, file, text.replace(from, to));
}

/** A repository whose one commit holds the tiny contract and its changelog. */
function repository(): string {
  const repo = mkdtempSync(join(tmpdir(), 'spec-diff-test-'));
  repos.push(repo);
  git(repo, 'init', '--quiet', '--initial-branch=main');
  write(repo, 'spec/openapi.yaml', ROOT);
  write(repo, 'spec/components/common.yaml', COMMON);
  write(repo, 'spec/paths/things.yaml', THINGS);
  write(repo, 'spec/CHANGELOG.md', CHANGELOG);
  commit(repo, 'the contract');
  return repo;
}

function commit(repo: string, message: string): string {
  git(repo, 'add', '-A');
  git(repo, '-c', 'commit.gpgsign=false', 'commit', '--quiet', '--allow-empty', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in `repo` as a child process, so the exit code is real. */
function specDiff(repo: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { cwd: repo, env: gitEnv, encoding: 'utf8' }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The heading line of an operation in the human output, e.g. `GET /api/v1/things  listThings ...`. */
const heading = (out: string, op: string) => out.split('\n').find((l) => l.includes(`  ${op}`)) ?? '';

const removeName = (repo: string) => {
  edit(repo, 'spec/paths/things.yaml', 'required: [uuid, name, status]', 'required: [uuid, status]');
  edit(repo, 'spec/paths/things.yaml', '        name: {type: string}\n', '');
};

const logUnder = (repo: string, version: string, bullets: string[]) => {
  edit(repo, 'spec/openapi.yaml', 'version: 1.0.0', `version: ${version}`);
  edit(repo, 'spec/CHANGELOG.md', '## 1.0.0', `## ${version} — 2026-02-01\n\n### Breaking\n\n${bullets.join('\n')}\n\n## 1.0.0`);
};

afterAll(() => {
  for (const repo of repos) rmSync(repo, { recursive: true, force: true });
});

describe.concurrent('spec:diff catches breaking changes', () => {
  it('(a) a removed required response property: exit 1, naming every operation that returns it', async () => {
    const repo = repository();
    removeName(repo);
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(1);
    expect(heading(stdout, 'listThings')).toMatch(/^GET \/api\/v1\/things {2}listThings {2}\[breaking, not logged\]/);
    expect(heading(stdout, 'getThing')).toMatch(/^GET \/api\/v1\/things\/\{uuid\} {2}getThing {2}\[breaking, not logged\]/);
    expect(stdout).toMatch(/breaking +\[Removed\] property `name`/);
    expect(stdout).toMatch(/Gate: FAILED\. Breaking changes not logged: listThings, getThing/);
  });

  it('(b) a new required query parameter: exit 1, naming the operation', async () => {
    const repo = repository();
    edit(
      repo,
      'spec/paths/things.yaml',
      "          schema: {$ref: '#/components/schemas/ThingStatus'}\n",
      "          schema: {$ref: '#/components/schemas/ThingStatus'}\n        - name: owner\n          in: query\n          required: true\n          schema: {type: string}\n",
    );
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(1);
    expect(heading(stdout, 'listThings')).toMatch(/\[breaking, not logged\]/);
    expect(stdout).toMatch(/breaking +\[Added\] required query parameter `owner`/);
    expect(heading(stdout, 'getThing')).toBe('');
  });

  it('(c) a removed enum value: breaking where a request sends it, not where a response returns it', async () => {
    const repo = repository();
    edit(repo, 'spec/paths/things.yaml', 'enum: [active, archived]', 'enum: [active]');
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(1);
    expect(heading(stdout, 'listThings')).toMatch(/\[breaking, not logged\]/);
    expect(stdout).toMatch(/breaking +\[Removed\] enum value archived in query parameter `status`/);
    expect(stdout).toMatch(/non-breaking +\[Removed\] enum value archived of `status` in response 200/);
    expect(heading(stdout, 'getThing')).not.toMatch(/breaking/);
    expect(stdout).toMatch(/Breaking changes not logged: listThings$/m);
  });

  it('(d) an added optional response field passes: exit 0, listed as non-breaking', async () => {
    const repo = repository();
    edit(repo, 'spec/paths/things.yaml', '        name: {type: string}\n', '        name: {type: string}\n        color: {type: string}\n');
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(0);
    expect(stdout).toMatch(/non-breaking +\[Added\] property `color`/);
    expect(heading(stdout, 'getThing')).toBe('GET /api/v1/things/{uuid}  getThing');
    expect(stdout).toMatch(/Gate: passed \(no breaking change\)/);
  });

  it('a property removed from a shared error response ($ref to components/responses) is breaking', async () => {
    const repo = repository();
    edit(repo, 'spec/components/common.yaml', 'required: [success, message]', 'required: [success]');
    edit(repo, 'spec/components/common.yaml', '              message: {type: string}\n', '');
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(1);
    expect(stdout).toMatch(/Breaking changes not logged: listThings, getThing/);
  });
});

describe.concurrent('spec:diff passes a breaking change once it is logged', () => {
  it('(e) fails unlogged, passes with a version bump and a CHANGELOG section naming the operations', async () => {
    const repo = repository();
    removeName(repo);
    expect((await specDiff(repo, '--base', 'HEAD')).code).toBe(1);

    logUnder(repo, '1.1.0', ['- listThings: items no longer have `name`.', '- `getThing`: no `name`.']);
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(0);
    expect(heading(stdout, 'listThings')).toMatch(/\[breaking, logged\]/);
    expect(stdout).toMatch(/Gate: passed \(every breaking change is logged under `## 1\.1\.0`/);
  });

  it('fails while the section leaves an operation out, naming it', async () => {
    const repo = repository();
    removeName(repo);
    logUnder(repo, '1.1.0', ['- listThings: items no longer have `name`.']);
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(1);
    expect(stdout).toMatch(/Breaking changes not logged: getThing$/m);
    expect(stdout).toMatch(/`### Breaking` list of `## 1\.1\.0` does not name: getThing/);
  });

  it('counts the contract revision in info.x-contract-revision when there is one, leaving info.version the API version', async () => {
    const repo = repository();
    removeName(repo);
    edit(repo, 'spec/openapi.yaml', 'version: 1.0.0', 'version: 1.0.0, x-contract-revision: 1.1.0');
    edit(repo, 'spec/CHANGELOG.md', '## 1.0.0', '## 1.1.0 — 2026-02-01\n\n### Breaking\n\n- listThings: x\n- getThing: x\n\n## 1.0.0');
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Gate: passed \(every breaking change is logged under `## 1\.1\.0`/);
  });

  it('fails when the version is not greater than at the base, even with the operations named', async () => {
    const repo = repository();
    removeName(repo);
    edit(repo, 'spec/CHANGELOG.md', '### Added', '### Breaking\n\n- listThings: x\n- getThing: x\n\n### Added');
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD');
    expect(code).toBe(1);
    expect(stdout).toMatch(/the contract revision 1\.0\.0 is not greater than the base's 1\.0\.0/);
  });

  it('a removed operation is logged by `METHOD /path`', async () => {
    const repo = repository();
    const text = readFileSync(join(repo, 'spec/paths/things.yaml'), 'utf8');
    write(repo, 'spec/paths/things.yaml', text.replace(/ {2}\/api\/v1\/things\/\{uuid\}:[\s\S]*?(?=components:)/, ''));
    const unlogged = await specDiff(repo, '--base', 'HEAD');
    expect(unlogged.code).toBe(1);
    expect(unlogged.stdout).toMatch(/Breaking changes not logged: GET \/api\/v1\/things\/\{uuid\}$/m);

    logUnder(repo, '2.0.0', ['- `GET /api/v1/things/{uuid}`: removed; use listThings.']);
    expect((await specDiff(repo, '--base', 'HEAD')).code).toBe(0);
  });
});

describe.concurrent('spec:diff output and usage', () => {
  it('--json prints the result as JSON', async () => {
    const repo = repository();
    removeName(repo);
    const { code, stdout } = await specDiff(repo, '--base', 'HEAD', '--json');
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as {
      base: { ref: string; commit: string; version: string };
      operations: Array<{ operationId: string; breaking: boolean; logged: boolean | null; changes: Array<{ kind: string }> }>;
      gate: { passed: boolean; unlogged: string[] };
    };
    expect(result.base).toMatchObject({ ref: 'HEAD', commit: git(repo, 'rev-parse', 'HEAD'), version: '1.0.0' });
    expect(result.operations.map((op) => [op.operationId, op.breaking, op.logged])).toEqual([
      ['listThings', true, false],
      ['getThing', true, false],
    ]);
    expect(result.gate).toMatchObject({ passed: false, unlogged: ['listThings', 'getThing'] });
  });

  it('exits 2 on an unknown ref, an unknown option, and a working tree whose spec does not bundle', async () => {
    const repo = repository();
    const badRef = await specDiff(repo, '--base', 'no-such-ref');
    expect(badRef.code).toBe(2);
    expect(badRef.stderr).toMatch(/unknown git ref: no-such-ref/);
    expect((await specDiff(repo, '--bogus')).code).toBe(2);

    write(repo, 'spec/paths/more.yaml', 'components:\n  schemas:\n    Thing: {type: string}\n');
    const broken = await specDiff(repo, '--base', 'HEAD');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/the working tree's spec\/ does not bundle: components\/schemas\/Thing is defined in both/);
  });
});

describe.concurrent('spec:diff without --base', () => {
  it('a single commit has no base to compare, and passes', async () => {
    const repo = repository();
    removeName(repo);
    const { code, stdout } = await specDiff(repo);
    expect(code).toBe(0);
    expect(stdout).toMatch(/No base to compare \(a single commit\)/);
  });

  it('compares with HEAD~1, and says so', async () => {
    const repo = repository();
    removeName(repo);
    commit(repo, 'drop name');
    const { code, stdout } = await specDiff(repo);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Base: HEAD~1 \(\w{12}\), HEAD~1, the previous commit/);
  });

  it('compares with the last commit of the previous contract version, however the commits were split', async () => {
    const repo = repository();
    const lastOfOld = git(repo, 'rev-parse', 'HEAD');
    edit(repo, 'spec/openapi.yaml', 'version: 1.0.0', 'version: 1.1.0');
    commit(repo, 'start 1.1.0');
    removeName(repo);
    commit(repo, 'drop name');
    const { code, stdout } = await specDiff(repo);
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`^Base: contract 1\\.0\\.0 \\(${lastOfOld.slice(0, 12)}\\), the last commit of contract version 1\\.0\\.0`));
  });

  it('compares with the merge base of HEAD and origin/main when HEAD is past it, else HEAD~1', async () => {
    const repo = repository();
    const forkPoint = git(repo, 'rev-parse', 'HEAD');
    git(repo, 'update-ref', 'refs/remotes/origin/main', forkPoint);
    removeName(repo);
    commit(repo, 'drop name');
    commit(repo, 'something else');
    const onBranch = await specDiff(repo);
    expect(onBranch.code).toBe(1);
    expect(onBranch.stdout).toMatch(new RegExp(`^Base: origin/main \\(${forkPoint.slice(0, 12)}\\), the merge base of HEAD and origin/main`));

    git(repo, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    const onMain = await specDiff(repo);
    expect(onMain.code).toBe(0);
    expect(onMain.stdout).toMatch(/^Base: HEAD~1 /);
  });
});

describe('the mapping layer over the diff library', () => {
  /** A one-operation contract whose request body has `input` and whose 200 response has `output`. */
  const contract = (input: unknown, output: unknown): SpecDocument => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/api/v1/things': {
        post: {
          operationId: 'makeThing',
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { input } } } } },
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { output } } } } },
          },
        },
      },
    },
    components: { schemas: { Uuid: { type: 'string', format: 'uuid' } } },
  });
  const kinds = (before: SpecDocument, after: SpecDocument) =>
    diffContracts(before, after).operations.flatMap((op) => op.changes.filter((c) => !c.documentation).map((c) => c.kind));

  it.each([
    ['a response type replaced by another', { type: 'integer' }, { type: 'string' }, ['breaking']],
    ['a response type that may now be null', { type: 'integer' }, { type: ['integer', 'null'] }, ['breaking']],
    ['a response type that is no longer null', { type: ['integer', 'null'] }, { type: 'integer' }, ['non-breaking']],
  ])('judges %s by the types before and after', (_name, before, after, want) => {
    expect(kinds(contract({ type: 'string' }, before), contract({ type: 'string' }, after))).toEqual(want);
  });

  it.each([
    ['a request type that now also takes null', { type: 'string' }, { type: ['string', 'null'] }, ['non-breaking']],
    ['a request type replaced by another', { type: 'string' }, { type: 'integer' }, ['breaking']],
  ])('judges %s by the types before and after', (_name, before, after, want) => {
    expect(kinds(contract(before, { type: 'string' }), contract(after, { type: 'string' }))).toEqual(want);
  });

  it('takes a tag inserted into the tag list as documentation, not as every later tag replaced', () => {
    const before = { ...contract({ type: 'string' }, { type: 'string' }), tags: [{ name: 'Agents' }, { name: 'Things' }] };
    const after = { ...before, tags: [{ name: 'Agents' }, { name: 'Contacts' }, { name: 'Things' }] };
    const document = diffContracts(before, after).document;
    expect(document.length).toBeGreaterThan(0);
    expect(document.every((c) => c.kind === 'non-breaking' && c.documentation === true)).toBe(true);
  });

  it('sees through an allOf that wraps a $ref', () => {
    const before = contract({ type: 'string' }, { $ref: '#/components/schemas/Uuid' });
    const after = contract({ type: 'string' }, { allOf: [{ $ref: '#/components/schemas/Uuid' }] });
    expect(kinds(before, after)).toEqual([]);
  });
});

describe('parseChangelog', () => {
  it('reads the names that begin the bullets under `### Breaking`, skipping fenced examples', () => {
    const text = [
      '# Contract changelog',
      '',
      '```markdown',
      '## 9.9.9 — 2026-01-01',
      '### Breaking',
      '- exampleOnly: x',
      '```',
      '',
      '## [1.1.0] — 2026-02-01',
      '',
      '### Breaking',
      '',
      '- listThings: x',
      '- `getThing` no longer has `name`.',
      '- `DELETE /api/v1/things/{uuid}`: removed.',
      '  - nested: not a name',
      '',
      '### Added',
      '',
      '- addedThing: not breaking',
      '',
      '## 1.0.0',
    ].join('\n');
    expect(parseChangelog(text)).toEqual([
      { version: '1.1.0', heading: '[1.1.0] — 2026-02-01', breaking: ['listThings', 'getThing', 'DELETE /api/v1/things/{uuid}'] },
      { version: '1.0.0', heading: '1.0.0', breaking: [] },
    ]);
  });
});
