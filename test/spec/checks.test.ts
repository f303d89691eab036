// The spec checks find what they are meant to find (given a small contract, want these problems).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { checkConventions } from '../../scripts/lib/checks/conventions.ts';
import { checkExamples } from '../../scripts/lib/checks/examples.ts';

const root = resolve(import.meta.dirname, '../..');

function contract(example: unknown, extra: Record<string, unknown> = {}): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    tags: [{ name: 'T' }],
    paths: {
      '/api/v1/things/{uuid}': {
        get: {
          operationId: 'getThing',
          tags: ['T'],
          parameters: [{ name: 'uuid', in: 'path', required: true, schema: { $ref: '#/components/schemas/Uuid' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, examples: { one: { value: example } } } },
            },
          },
          ...extra,
        },
      },
    },
    components: {
      schemas: {
        Uuid: { type: 'string', format: 'uuid' },
        Thing: { type: 'object', required: ['uuid', 'at'], properties: { uuid: { $ref: '#/components/schemas/Uuid' }, at: { type: 'string', format: 'date-time' } } },
      },
    },
  };
}

const ctx = (doc: OpenApiDocument) => ({ doc, bundleFile: '', root });

describe('checkExamples', () => {
  it('accepts an example that matches its schema', () => {
    expect(checkExamples(ctx(contract({ uuid: '3f0c6d52-6a4e-4b8e-9d0a-1c2b3d4e5f60', at: '2026-03-14T10:30:00+01:00' })))).toEqual([]);
  });

  it.each([
    ['a malformed uuid', { uuid: 'nope', at: '2026-03-14T10:30:00+01:00' }, /must match format "uuid"/],
    ['a timestamp without offset', { uuid: '3f0c6d52-6a4e-4b8e-9d0a-1c2b3d4e5f60', at: '2026-03-14T10:30:00' }, /must match format "date-time"/],
    ['a missing required field', { uuid: '3f0c6d52-6a4e-4b8e-9d0a-1c2b3d4e5f60' }, /must have required property 'at'/],
  ])('reports %s', (_name, example, want) => {
    const problems = checkExamples(ctx(contract(example)));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(want);
  });
});

describe('checkConventions', () => {
  it('reports missing timezone parameters and a send operation outside the four', () => {
    const doc = contract({}, { 'x-rate-limit': 'outbound-send' });
    const messages = checkConventions(ctx(doc)).map((p) => p.message);
    expect(messages).toContain('missing the X-Timezone request header parameter');
    expect(messages).toContain('missing the timezone query parameter');
    expect(messages).toContain('only the four send operations carry x-rate-limit');
  });
});
