// spec/published-facts.yaml's generated section is what the published API as data
// (spec/published-api/operations.json) gives for the contract's operations, less the listed
// exceptions; and the derivation labels a part the contract documents `seed: name`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { bundleSpec } from '../../scripts/lib/bundle.ts';
import { deriveFacts, loadExceptions, loadPublishedOperations, type PublishedOperation, withGeneratedFacts } from '../../scripts/lib/published-facts.ts';

const root = join(import.meta.dirname, '..', '..');

describe('published facts from the published API as data', () => {
  it('the generated section of spec/published-facts.yaml is current (npm run published:facts)', () => {
    const doc = bundleSpec(join(root, 'spec')) as unknown as OpenApiDocument;
    const current = readFileSync(join(root, 'spec', 'published-facts.yaml'), 'utf8');
    expect(withGeneratedFacts(current, deriveFacts(doc, loadPublishedOperations(root), loadExceptions(root)))).toBe(current);
  });

  it('every exception names a published operation of the contract and gives a reason', () => {
    const published = loadPublishedOperations(root);
    for (const e of loadExceptions(root)) {
      const [method, path] = e.op.split(' ');
      expect(published.some((p) => p.method === method && p.path === path), e.op).toBe(true);
      expect(e.reason.length, e.op).toBeGreaterThan(20);
    }
  });

  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things/{uuid}': {
        put: {
          operationId: 'updateThing',
          'x-contract': 'documented',
          parameters: [{ name: 'mode', in: 'query', schema: { type: 'string' } }],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer', 'x-contract': 'published' } } },
              },
            },
          },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'object' } } } } } } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const entry: PublishedOperation = {
    method: 'PUT',
    path: '/things/{id}',
    title: 'Update a thing',
    source: 'https://developers.example/things/update',
    request: {
      query: [{ name: 'mode', type: 'string', enum: ['a', 'b'] }],
      body: [
        { name: 'name', type: 'string' },
        { name: 'size', type: 'integer', default: 3, min: 1, max: 9 },
        { name: 'color', type: 'string' },
        { name: '<metadata>', type: 'object' },
      ],
    },
    response: { data_fields: ['data.size:integer'] },
  };

  it('derives the parts with their keywords, seed names kept documented, exceptions and placeholder names left out', () => {
    const [fact] = deriveFacts(doc, [entry], [{ op: 'PUT /things/{uuid}', body: 'color', reason: 'the API document gives another name for this field' }]);
    expect(fact?.source).toBe('https://developers.example/things/update');
    expect(fact?.parts).toEqual([
      { op: 'PUT /things/{id}', seed: 'name', query: 'mode', expect: { enum: ['a', 'b'] } },
      { op: 'PUT /things/{id}', body: 'size', expect: { default: 3, minimum: 1, maximum: 9 } },
      { op: 'PUT /things/{id}', response: 'data.size' },
    ]);
  });

  it('skips published operations the contract does not have', () => {
    expect(deriveFacts(doc, [{ ...entry, path: '/other' }], [])).toEqual([]);
  });
});
