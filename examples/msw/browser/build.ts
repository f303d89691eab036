// Builds the browser example into a folder a static server can serve: main.js (main.ts bundled by
// esbuild for the browser with the mock core and MSW), index.html, and MSW's mockServiceWorker.js.
// `node examples/msw/browser/build.ts <out dir>` in a project that installed the package, msw and
// esbuild; tests pass `alias` to build against the package's sources instead.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export interface BuiltExample {
  outDir: string;
  /** Every input the bundle holds (paths as esbuild names them): a browser bundle has no node: one. */
  inputs: string[];
}

export async function buildBrowserExample(outDir: string, alias: Record<string, string> = {}): Promise<BuiltExample> {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'main.ts')],
    outfile: join(outDir, 'main.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    metafile: true,
    logLevel: 'silent',
    alias,
  });
  copyFileSync(join(import.meta.dirname, 'index.html'), join(outDir, 'index.html'));
  const require = createRequire(import.meta.url);
  copyFileSync(require.resolve('msw/mockServiceWorker.js'), join(outDir, 'mockServiceWorker.js'));
  return { outDir, inputs: Object.keys(result.metafile.inputs) };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const out = resolve(process.argv[2] ?? 'mock-browser');
  await buildBrowserExample(out);
  console.log(`built ${out}: serve it and open index.html`);
}
