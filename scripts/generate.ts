// `npm run generate`: writes generated/ from spec/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderGenerated } from './lib/generate.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'generated');
mkdirSync(out, { recursive: true });
for (const [name, content] of Object.entries(await renderGenerated(root))) {
  writeFileSync(join(out, name), content);
  console.log(`wrote generated/${name}`);
}
