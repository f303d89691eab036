// `npm run build`: compiles the package into dist/ (JavaScript and .d.ts, tsconfig.build.json,
// relative `.ts` imports rewritten to `.js`), then copies beside the compiled modules the files
// they read at run time by a path relative to their own place: generated/openapi.json (the
// conformance suite's contract) and fixtures/<set>/*.json (the mock CLI's --fixtures). The output
// runs on Node without type stripping.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
mkdirSync(join(dist, 'generated'), { recursive: true });
cpSync(join(root, 'generated', 'openapi.json'), join(dist, 'generated', 'openapi.json'));
cpSync(join(root, 'fixtures'), join(dist, 'fixtures'), { recursive: true, filter: (src) => !src.endsWith('.md') });
console.log('built dist/');
