// Labels (spec/CONVENTIONS.md "Labels"): how a part resolves its label, and the spec check that
// catches a mislabel seeded into the real contract.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelAt } from '../../contract/labels.ts';
import type { JsonObject, OpenApiDocument } from '../../contract/openapi-types.ts';
import { bundleSpec } from '../../scripts/lib/bundle.ts';
import { checkLabels } from '../../scripts/lib/checks/labels.ts';

const root = resolve(import.meta.dirname, '../..');

describe('labelAt', () => {
  const doc = {
    components: {
      schemas: {
        Body: {
          type: 'object',
          'x-contract': 'published',
          properties: {
            plain: { type: 'string' },
            designed: { type: 'string', 'x-contract': 'inferred' },
            viaRef: { $ref: '#/components/schemas/Named', 'x-contract': 'documented' },
            named: { $ref: '#/components/schemas/Named' },
            bounded: { type: 'integer', maximum: 200, 'x-contract-constraints': { documented: ['maximum'] } },
            list: { type: 'array', items: { type: 'object', properties: { inner: { type: 'string', 'x-contract': 'inferred' } } } },
          },
        },
        Named: { type: 'string', 'x-contract': 'inferred' },
      },
    },
  };
  const at = '#/components/schemas/Body';
  it.each([
    ['the body itself', [], undefined, 'published'],
    ['an unlabelled property inherits the body', ['plain'], undefined, 'published'],
    ['a labelled property', ['designed'], undefined, 'inferred'],
    ['a $ref use site wins over the definition', ['viaRef'], undefined, 'documented'],
    ['a bare $ref takes the definition', ['named'], undefined, 'inferred'],
    ['a constraint labelled apart', ['bounded'], 'maximum', 'documented'],
    ['the node of that constraint', ['bounded'], undefined, 'published'],
    ['an array item property', ['list', '[]', 'inner'], undefined, 'inferred'],
  ])('%s', (_name, segments, keyword, want) => {
    expect(labelAt(doc, at, segments as string[], 'documented', keyword as string | undefined)).toBe(want);
  });
});

describe('checkLabels on the contract', () => {
  // Bundled once per file; each test mislabels its own deep copy.
  let bundled: OpenApiDocument | undefined;
  const fresh = (): OpenApiDocument => {
    bundled ??= bundleSpec(resolve(root, 'spec')) as unknown as OpenApiDocument;
    return structuredClone(bundled);
  };
  const run = (doc: OpenApiDocument) => checkLabels({ doc, bundleFile: '', root }).map((p) => `${p.where}: ${p.message}`);
  const schemaOf = (doc: OpenApiDocument, name: string): JsonObject => doc.components.schemas?.[name] as JsonObject;

  it('passes on the contract as it is', () => {
    expect(run(fresh())).toEqual([]);
  });

  it('fails when a published fact is labelled inferred', () => {
    const doc = fresh();
    const sms = doc.paths['/api/v1/sms/send']?.post as JsonObject;
    sms['x-contract'] = 'inferred';
    const problems = run(doc);
    expect(problems.some((p) => p.includes('POST /api/v1/sms/send') && p.includes('labelled inferred, not published'))).toBe(true);
  });

  it('fails when a part the seed does not give is labelled documented in a documented operation', () => {
    const doc = fresh();
    const campaign = doc.paths['/api/v1/campaigns/{uuid}']?.put as JsonObject;
    const params = (campaign.parameters as unknown[] | undefined) ?? [];
    campaign.parameters = [...params, { name: 'dry_run', in: 'query', schema: { type: 'boolean' } }];
    expect(run(doc)).toContain(
      'updateCampaign (PUT /api/v1/campaigns/{uuid}): query:dry_run: labelled documented, but spec/seed-facts.yaml does not list it as given by the seed: label it published or inferred',
    );
  });

  it('fails when a part described as not shown is labelled documented', () => {
    const doc = fresh();
    const flow = schemaOf(doc, 'Flow');
    const properties = flow.properties as Record<string, JsonObject>;
    properties.name = { ...properties.name, description: 'Its length limit is not shown.', 'x-contract': 'documented' };
    expect(run(doc).some((p) => p.includes('200:data.name: described as "not shown" but labelled documented'))).toBe(true);
  });

  it('fails on a fourth label value', () => {
    const doc = fresh();
    (doc.paths['/api/v1/flow/{uuid}']?.get as JsonObject)['x-contract'] = 'guessed';
    expect(run(doc).some((p) => p.includes('x-contract is "guessed"'))).toBe(true);
  });
});
