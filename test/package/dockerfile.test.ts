// The container recipe (Dockerfile, README.md "Container"), which cannot be built here (no
// docker): every instruction is checked against the repository, and the container's command is
// run. Each COPY source exists and is not ignored by .dockerignore; each RUN command is one this
// test knows and names files and scripts that exist (npm ci needs the lockfile, `node <file>` the
// file); the images are a Node the package's engines accept; the port is the same in ENV, EXPOSE,
// the CMD, the mock's own default and the README's `docker run -p`; the ENTRYPOINT is the
// package's bin as the build compiles it (dist/bin/cli.js from bin/cli.ts). Then the ENTRYPOINT
// (from the sources) runs with the CMD's flags and with each README `docker run` line's flags, the
// Dockerfile's ENV set, on a free port: it must print its readiness line and serve.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { isSupportedNode } from '../../bin/node-version.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions: comments dropped, continuation lines joined. */
function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const dockerfile = instructions(read('Dockerfile'));
const all = (keyword: string): string[] => dockerfile.filter((i) => i.keyword === keyword).map((i) => i.args);
const one = (keyword: string): string => {
  const found = all(keyword);
  expect(found, keyword).toHaveLength(1);
  return found[0] ?? '';
};
const execForm = (args: string): string[] => JSON.parse(args) as string[];
const ignored = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; scripts: Record<string, string> };

/** The ENV of the run stage (after the last FROM), as key=value pairs. */
function runEnv(): Record<string, string> {
  const lastFrom = dockerfile.map((i) => i.keyword).lastIndexOf('FROM');
  const env: Record<string, string> = {};
  for (const { keyword, args } of dockerfile.slice(lastFrom)) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const [key = '', value = ''] = pair.split('=');
      env[key] = value;
    }
  }
  return env;
}

/** README.md's "Container" section and its docker command lines. */
function readmeContainer(): { section: string; lines: string[] } {
  const readme = read('README.md');
  const start = readme.indexOf('\n### Container\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = start === -1 ? '' : readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const lines = blocks.flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n')).map((l) => l.replace(/\s+#.*$/, '').trim());
  return { section, lines: lines.filter((l) => l.startsWith('docker ')) };
}

describe('the Dockerfile, instruction by instruction', () => {
  it('builds from a Node image the package runs on', () => {
    const images = all('FROM').map((args) => args.split(/\s+/)[0] ?? '');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image).toBe('node:24-slim');
      expect(isSupportedNode(image.replace(/^node:/, '').replace(/-slim$/, '.0.0'))).toBe(true);
    }
  });

  it('copies only files that exist and that .dockerignore lets through; leaves node_modules and dist out', () => {
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist']));
    for (const args of all('COPY')) {
      if (args.startsWith('--from=')) {
        // The compiled package from the build stage: tsconfig.build.json's output folder.
        const [from = '', source = ''] = args.split(/\s+/);
        expect(from).toBe('--from=build');
        expect(source).toBe('/app/dist');
        expect((JSON.parse(read('tsconfig.build.json')) as { compilerOptions: { outDir: string } }).compilerOptions.outDir).toBe('dist');
        continue;
      }
      const sources = args.split(/\s+/).slice(0, -1);
      for (const source of sources) {
        expect(existsSync(join(ROOT, source)), source).toBe(true);
        if (source !== '.') expect(ignored, source).not.toContain(source);
      }
    }
  });

  it('runs only commands that name existing files and scripts', () => {
    const runs = all('RUN');
    expect(runs.length).toBeGreaterThan(0);
    for (const command of runs.flatMap((r) => r.split('&&').map((c) => c.trim()))) {
      const words = command.split(/\s+/);
      if (words[0] === 'npm' && words[1] === 'ci') {
        // npm ci installs exactly the lockfile; package.json and package-lock.json are copied before it.
        expect(existsSync(join(ROOT, 'package-lock.json'))).toBe(true);
        expect(words.slice(2).every((w) => ['--ignore-scripts', '--no-audit', '--no-fund', '--omit=dev'].includes(w)), command).toBe(true);
      } else if (words[0] === 'npm' && words[1] === 'run') {
        expect(pkg.scripts[words[2] ?? ''], command).toBeDefined();
      } else if (words[0] === 'npm' && words[1] === 'cache' && words[2] === 'clean') {
        // nothing to check
      } else if (words[0] === 'node') {
        expect(existsSync(join(ROOT, words[1] ?? '')), command).toBe(true);
      } else {
        throw new Error(`a RUN command this test does not know: ${command}`);
      }
    }
    // The runtime stage installs without devDependencies.
    expect(runs.some((r) => r.includes('npm ci --omit=dev'))).toBe(true);
    // The build is scripts/build.ts, the script `npm run build` runs.
    expect(pkg.scripts.build).toBe('node scripts/build.ts');
  });

  it('starts the package bin as the build compiles it, on one port everywhere', () => {
    const entry = execForm(one('ENTRYPOINT'));
    expect(entry).toEqual(['node', 'dist/bin/cli.js', 'mock']);
    expect(`./${entry[1]}`).toBe(pkg.bin['agent-platform-contract']);
    expect(existsSync(join(ROOT, 'bin/cli.ts'))).toBe(true);
    expect((JSON.parse(read('tsconfig.build.json')) as { include: string[] }).include).toContain('bin');

    const cmd = execForm(one('CMD'));
    const port = one('EXPOSE');
    expect(runEnv()).toMatchObject({ HOST: '0.0.0.0', PORT: port });
    expect(cmd).toEqual(['--host', '0.0.0.0', '--port', port]);
    // The mock's own default port (mock/cli-main.ts) is the container's.
    expect(read('mock/cli-main.ts')).toContain(`port: { type: 'string', default: process.env.PORT ?? '${port}' }`);
    const { lines } = readmeContainer();
    const runs = lines.filter((l) => l.startsWith('docker run '));
    expect(runs.length).toBeGreaterThan(0);
    for (const line of runs) expect(line, line).toMatch(new RegExp(`-p (\\d+:)?${port} `));
  });

  it('is what README.md "Container" builds and runs', () => {
    const { section, lines } = readmeContainer();
    expect(section).not.toBe('');
    const build = lines.find((l) => l.startsWith('docker build '));
    const tag = /-t (\S+) \.$/.exec(build ?? '')?.[1];
    expect(tag, build).toBeDefined();
    for (const line of lines.filter((l) => l.startsWith('docker run '))) expect(line.split(/\s+/)).toContain(tag);
  });
});

describe('the container command, run from the sources', () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** Runs the ENTRYPOINT (bin/cli.ts for dist/bin/cli.js) with flags, the Dockerfile's ENV and a free port. */
  async function serve(flags: string[]): Promise<void> {
    const [, , ...subcommand] = execForm(one('ENTRYPOINT'));
    const child = spawn(process.execPath, ['bin/cli.ts', ...subcommand, ...flags, '--port', '0', '--json'], {
      cwd: ROOT,
      env: { ...process.env, ...runEnv() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    let ready: { port: number } | undefined;
    for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
      if (line.startsWith('{')) {
        ready = JSON.parse(line) as { port: number };
        break;
      }
    }
    expect(ready, errors).toBeDefined();
    const docs = await fetch(`http://127.0.0.1:${ready?.port}/openapi.json`);
    expect(docs.status).toBe(200);
    await docs.body?.cancel();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }

  it('the CMD: listens on every interface and serves', async () => {
    await serve(execForm(one('CMD')));
  });

  it("each README `docker run` line's flags (they replace the CMD; HOST and PORT stay)", async () => {
    const { lines } = readmeContainer();
    const tag = /-t (\S+) \.$/.exec(lines.find((l) => l.startsWith('docker build ')) ?? '')?.[1] ?? '';
    for (const line of lines.filter((l) => l.startsWith('docker run '))) {
      const words = line.split(/\s+/);
      await serve(words.slice(words.indexOf(tag) + 1));
    }
  });
});
