// `npm run spec:check`: bundles spec/ in memory and runs every spec check. Exits 1 on any problem.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleSpec } from './lib/bundle.ts';
import { checkConventions } from './lib/checks/conventions.ts';
import { checkExamples } from './lib/checks/examples.ts';
import { checkInventory } from './lib/checks/inventory.ts';
import { checkLabels } from './lib/checks/labels.ts';
import { checkLint } from './lib/checks/lint.ts';
import type { Problem, SpecCheck, SpecCheckContext } from './lib/checks/problem.ts';
import { checkValid } from './lib/checks/validate.ts';
import type { OpenApiDocument } from '../contract/openapi-types.ts';

export const SPEC_CHECKS: Array<[string, SpecCheck]> = [
  ['OpenAPI 3.1 validation (swagger-parser)', checkValid],
  ['lint (Spectral, oas + project ruleset)', checkLint],
  ['examples validate against their schemas (ajv, 2020-12)', checkExamples],
  ['inventory coverage (spec/inventory.json, spec/capabilities.yaml)', checkInventory],
  ['project conventions (spec/CONVENTIONS.md)', checkConventions],
  ['labels: documented, published, inferred (spec/seed-facts.yaml, spec/published-facts.yaml)', checkLabels],
];

export async function runSpecChecks(root: string): Promise<Array<{ name: string; problems: Problem[] }>> {
  const doc = bundleSpec(join(root, 'spec')) as unknown as OpenApiDocument;
  const dir = mkdtempSync(join(tmpdir(), 'spec-check-'));
  const bundleFile = join(dir, 'openapi.json');
  writeFileSync(bundleFile, JSON.stringify(doc, null, 2));
  const ctx: SpecCheckContext = { doc, bundleFile, root };
  try {
    return await Promise.all(SPEC_CHECKS.map(async ([name, check]) => ({ name, problems: await check(ctx) })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '..');
  let failed = 0;
  try {
    for (const { name, problems } of await runSpecChecks(root)) {
      console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name}`);
      for (const p of problems) console.log(`     [${p.check}] ${p.where}: ${p.message}`);
      failed += problems.length;
    }
  } catch (error) {
    console.error(`FAIL bundling spec/: ${(error as Error).message}`);
    process.exit(1);
  }
  if (failed > 0) {
    console.log(`\n${failed} problem(s).`);
    process.exit(1);
  }
  console.log('\nspec: all checks passed.');
}
