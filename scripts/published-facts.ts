// `npm run published:facts`: rewrites the generated section of spec/published-facts.yaml from the
// service's published API as data (spec/published-api/operations.json) and the contract's
// operations; `-- --check` only reports whether the section is current (exit 1 when it is not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OpenApiDocument } from '../contract/openapi-types.ts';
import { bundleSpec } from './lib/bundle.ts';
import { deriveFacts, loadExceptions, loadPublishedOperations, withGeneratedFacts } from './lib/published-facts.ts';

const root = resolve(import.meta.dirname, '..');
const file = join(root, 'spec', 'published-facts.yaml');
const doc = bundleSpec(join(root, 'spec')) as unknown as OpenApiDocument;
const facts = deriveFacts(doc, loadPublishedOperations(root), loadExceptions(root));
const current = readFileSync(file, 'utf8');
const next = withGeneratedFacts(current, facts);
const parts = facts.reduce((n, f) => n + f.parts.length, 0);
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('spec/published-facts.yaml is not current: run npm run published:facts');
    process.exit(1);
  }
  console.log(`spec/published-facts.yaml is current (${facts.length} operations, ${parts} parts generated)`);
} else {
  writeFileSync(file, next);
  console.log(`wrote spec/published-facts.yaml: ${facts.length} operations, ${parts} parts generated`);
}
