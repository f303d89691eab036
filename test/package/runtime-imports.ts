// The packages the shipped code imports at run time, read from the sources with the TypeScript
// parser: import and export declarations that are not type-only, dynamic import() and
// require.resolve() of a string literal. Relative specifiers and Node builtins are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The folders compiled into the package (tsconfig.build.json's include). */
export const SHIPPED_DIRS = ['bin', 'contract', 'conformance', 'generated', 'mock'] as const;

const BUILTINS = new Set(builtinModules);

/** The package a specifier names: `@scope/name` or `name`, or undefined for a relative path or builtin. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  return BUILTINS.has(name) ? undefined : name;
}

/** The non-type-only module specifiers of one source text. */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) out.push(node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) out.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0] as ts.Expression)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isResolve = ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' && ts.isIdentifier(callee.expression) && callee.expression.text === 'require';
      if (isImport || isResolve) out.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every package the shipped sources import at run time → the files that import it. */
export function runtimeImports(root: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const dir of SHIPPED_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      const rel = relative(root, file);
      // Unit tests next to the sources are not compiled; the suite's own tests are (conformance/suite).
      if (rel.endsWith('.test.ts') && !rel.startsWith(join('conformance', 'suite'))) continue;
      for (const specifier of runtimeSpecifiers(file, readFileSync(file, 'utf8'))) {
        const name = packageOf(specifier);
        if (name !== undefined) found.set(name, [...(found.get(name) ?? []), rel]);
      }
    }
  }
  return found;
}
