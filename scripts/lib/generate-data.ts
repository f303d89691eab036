// Renders the data modules of generated/: the texts the mock core would otherwise read from files
// (the bundled contract, the control API's description, the fixture sets), as TypeScript string
// constants, so the core imports them and runs where there is no file system (a browser bundle).
// Texts, not object literals: the core parses each when it needs a fresh copy, as it read files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The control API's description as served at /__mock/openapi.json: its YAML as indented JSON. */
function controlJson(root: string): string {
  return `${JSON.stringify(parse(readFileSync(join(root, 'mock', 'control', 'openapi.yaml'), 'utf8')), null, 2)}\n`;
}

export function renderContractData(header: string, contractJson: string, root: string): string {
  return `${header}/** generated/openapi.json, byte for byte. */
export const CONTRACT_JSON: string = ${JSON.stringify(contractJson)};

/** mock/control/openapi.yaml as indented JSON (the control API's description). */
export const CONTROL_DOCUMENT_JSON: string = ${JSON.stringify(controlJson(root))};
`;
}

/** Every fixture set (a folder of fixtures/), its files' texts in file-name order. */
export function renderFixturesData(header: string, root: string): string {
  const dir = join(root, 'fixtures');
  const sets = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort()
    .map((name) => {
      const files = readdirSync(join(dir, name))
        .filter((f) => f.endsWith('.json'))
        .sort();
      const texts = files.map((f) => `    ${JSON.stringify(readFileSync(join(dir, name, f), 'utf8'))},`);
      return `  ${JSON.stringify(name)}: [\n${texts.join('\n')}\n  ],`;
    });
  return `${header}/** The fixture sets of fixtures/: set name → the texts of its JSON files, in file-name order. */
export const FIXTURE_SETS: Readonly<Record<string, readonly string[]>> = {
${sets.join('\n')}
};
`;
}
