// Renders generated/ from spec/: the bundled single-file spec (JSON), the API types
// (openapi-typescript), and the same types with date-time values as `Date` — the mock's
// internal representation of instants, rendered in the applied zone on the way out; and the data
// modules the mock core imports instead of reading files (scripts/lib/generate-data.ts).
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { bundleSpec, GENERATED_NOTE } from './bundle.ts';
import { renderContractData, renderFixturesData } from './generate-data.ts';

export const GENERATED_FILES = ['openapi.json', 'api.ts', 'api-instants.ts', 'contract-data.ts', 'fixtures-data.ts'] as const;
export type GeneratedFile = (typeof GENERATED_FILES)[number];

const DATE = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Date'));

function header(what: string): string {
  return `/**\n * ${GENERATED_NOTE}\n * ${what}\n */\n\n`;
}

export async function renderGenerated(root: string): Promise<Record<GeneratedFile, string>> {
  const doc = bundleSpec(join(root, 'spec'));
  const json = `${JSON.stringify(doc, null, 2)}\n`;
  const options = { alphabetize: true, exportType: true } as const;
  const api = astToString(await openapiTS(structuredClone(doc) as never, options));
  const instants = astToString(
    await openapiTS(structuredClone(doc) as never, {
      ...options,
      transform(schema) {
        return schema.format === 'date-time' ? DATE : undefined;
      },
    }),
  );
  return {
    'openapi.json': json,
    'api.ts': header('Types of the API described by spec/ (openapi-typescript).') + api,
    'api-instants.ts': header('The same types with every date-time as a Date: the mock holds instants as Date and renders them in the applied zone.') + instants,
    'contract-data.ts': renderContractData(header('The contract texts the mock core parses (from generated/openapi.json and mock/control/openapi.yaml), so it reads no file.'), json, root),
    'fixtures-data.ts': renderFixturesData(header('The fixture sets of fixtures/ as texts, so the mock core reads no file (after `npm run fixtures:sign`, run `npm run generate`).'), root),
  };
}
