// package.json's dependencies are exactly what the shipped code imports at run time (the mock, the
// conformance suite with vitest, contract/), derived from the sources (runtime-imports.ts), and no
// build, lint, spec or test tooling is among them: installing the package pulls what it runs, no more.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOf, runtimeImports, runtimeSpecifiers } from './runtime-imports.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Tooling that must stay a devDependency: compilers, linters, spec tools, bundlers, examples' libraries, the dev runtime. */
const TOOLING = [
  'typescript',
  '@biomejs/biome',
  '@stoplight/spectral-cli',
  '@stoplight/prism-cli',
  '@apidevtools/swagger-parser',
  'openapi-typescript',
  'autocannon',
  'esbuild',
  'msw',
  'api-smart-diff',
  'allof-merge',
  'semver',
  'playwright-core',
  'node',
];

describe('runtime imports', () => {
  it('reads value imports and leaves type-only ones out', () => {
    const text = `import type { A } from 'ajv';\nimport { type B, c } from 'luxon';\nexport { d } from '@scope/pkg/sub';\nexport type { E } from 'jose';\nawait import('vitest/node');\nrequire.resolve('swagger-ui-dist/package.json');\nimport x from './local.ts';\nimport { y } from 'node:fs';`;
    expect(runtimeSpecifiers('x.ts', text).map(packageOf).filter(Boolean)).toEqual(['luxon', '@scope/pkg', 'vitest', 'swagger-ui-dist']);
  });
});

describe('package.json dependencies', () => {
  const imports = runtimeImports(ROOT);

  it('lists every package the shipped code imports at run time', () => {
    const missing = [...imports.keys()].filter((name) => !(name in pkg.dependencies)).map((name) => `${name} (${imports.get(name)?.[0]})`);
    expect(missing).toEqual([]);
  });

  it('lists nothing the shipped code does not import', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => !imports.has(name))).toEqual([]);
  });

  it('holds no tooling, and no package is both a dependency and a devDependency', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => TOOLING.includes(name) || name.startsWith('@types/'))).toEqual([]);
    expect(Object.keys(pkg.dependencies).filter((name) => name in pkg.devDependencies)).toEqual([]);
  });
});
