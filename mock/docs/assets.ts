// Swagger UI's files for the docs pages, read from the installed swagger-ui-dist package. Only a
// runtime with files can: Node, whose node:fs and node:module are taken through
// process.getBuiltinModule (Node ≥ 22.3) rather than imported, so the core has no static node:
// import and bundles for a browser, where there is no process and this answers undefined (404).
type NodeFs = typeof import('node:fs');
type NodeModule = typeof import('node:module');

interface BuiltinLoader {
  getBuiltinModule?(id: string): unknown;
}

/** A file of swagger-ui-dist as text, or undefined where files cannot be read. */
export function readSwaggerUiFile(file: string): string | undefined {
  const loader = (globalThis as { process?: BuiltinLoader }).process;
  const fs = loader?.getBuiltinModule?.('node:fs') as NodeFs | undefined;
  const nodeModule = loader?.getBuiltinModule?.('node:module') as NodeModule | undefined;
  if (!fs || !nodeModule) return undefined;
  const require = nodeModule.createRequire(import.meta.url);
  const manifest = require.resolve('swagger-ui-dist/package.json');
  return fs.readFileSync(manifest.slice(0, -'package.json'.length) + file, 'utf8');
}
