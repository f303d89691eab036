// Reading an answer's fields through the contract (conformance/contract/fields.ts): a field is
// found by its name where the answer's schema puts it (shallowest, through $ref and allOf), a list
// and its paging fields by the schema's shape, and whatever the answer or the contract lacks is a
// reason naming the place, never a value.
import { describe, expect, it } from 'vitest';
import { createContractAjv } from '../../contract/ajv.ts';
import type { OpenApiDocument } from '../../contract/openapi-types.ts';
import { listOperations } from '../../contract/operations.ts';
import { hasNextPage, listItems, type Read, readField, readResource } from '../../conformance/contract/fields.ts';
import { describeOperation, type SuiteOperation } from '../../conformance/contract/operation.ts';

const json = (schema: unknown) => ({ description: 'ok', content: { 'application/json': { schema } } });
const envelope = (data: unknown) => ({ allOf: [{ $ref: '#/components/schemas/Envelope' }, { required: ['data'], properties: { data } }] });

const doc = {
  openapi: '3.1.0',
  info: { title: 'fields', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        'x-contract': 'published',
        responses: {
          '200': json(envelope({ allOf: [{ $ref: '#/components/schemas/PagedList' }, { properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } }] })),
        },
      },
      post: { operationId: 'createThing', 'x-contract': 'inferred', responses: { '201': json(envelope({ $ref: '#/components/schemas/Thing' })) } },
    },
    '/old-things': {
      get: {
        operationId: 'listOldThings',
        'x-contract': 'documented',
        responses: {
          '200': json(
            envelope({
              type: 'object',
              properties: { stats: { type: 'object', properties: { total: { type: 'integer' } } }, pagination: { $ref: '#/components/schemas/PagePagination' }, items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
            }),
          ),
        },
      },
    },
    '/bare-things': { get: { operationId: 'listBareThings', 'x-contract': 'inferred', responses: { '200': json(envelope({ type: 'array', items: { $ref: '#/components/schemas/Thing' } })) } } },
    '/call': {
      post: {
        operationId: 'startCall',
        'x-contract': 'published',
        responses: { '201': json(envelope({ type: 'object', properties: { id: { type: 'string' }, conversation_uuid: { type: 'string' }, status: { type: 'string' } } })) },
      },
    },
  },
  components: {
    schemas: {
      Envelope: { type: 'object', required: ['success', 'message'], properties: { success: { type: 'boolean' }, message: { type: 'string' } } },
      PagedList: {
        type: 'object',
        'x-contract': 'published',
        properties: { current_page: { type: 'integer' }, last_page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
      },
      PagePagination: { type: 'object', properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, total_pages: { type: 'integer' } } },
      Thing: {
        type: 'object',
        properties: {
          uuid: { type: 'string' },
          name: { type: 'string' },
          is_default: { type: 'boolean' },
          contact: { type: ['object', 'null'], properties: { uuid: { type: 'string' } } },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const ajv = createContractAjv(doc);
const coercing = createContractAjv(doc, { coerceTypes: true });
const ops = new Map(listOperations(doc).map((op) => [op.operationId, describeOperation(doc, op, ajv, coercing)]));

function op(id: string): SuiteOperation {
  const found = ops.get(id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

const thing = { uuid: 't1', name: 'First', is_default: true, contact: { uuid: 'c1' } };
const ok = (data: unknown) => ({ success: true, message: 'ok', data });

function outcome<T>(read: Read<T>): { value: T } | { reason: string } {
  return read.ok ? { value: read.value } : { reason: read.reason };
}

describe('readField', () => {
  const cases: Array<[label: string, id: string, status: number, body: unknown, name: string, want: { value: unknown } | { reason: string }]> = [
    ['a resource field', 'createThing', 201, ok(thing), 'uuid', { value: 't1' }],
    ['the call handle of the published start answer', 'startCall', 201, ok({ id: 'i1', conversation_uuid: 'cv1', status: 'queued' }), 'conversation_uuid', { value: 'cv1' }],
    ['a field beside it', 'startCall', 201, ok({ id: 'i1', conversation_uuid: 'cv1', status: 'queued' }), 'id', { value: 'i1' }],
    ['a nested field', 'createThing', 201, ok(thing), 'contact.uuid', { value: 'c1' }],
    ['a nested field under null', 'createThing', 201, ok({ ...thing, contact: null }), 'contact.uuid', { value: null }],
    ['a field the answer lost', 'startCall', 201, ok({ id: 'i1', conversationUuid: 'cv1', status: 'queued' }), 'conversation_uuid', { reason: 'the startCall answer has no data.conversation_uuid the contract gives' }],
    ['a field the contract does not give', 'startCall', 201, ok({ id: 'i1', conversation_uuid: 'cv1', status: 'queued' }), 'uuid', { reason: "the contract's 201 answer of startCall has no field named uuid" }],
    ['a list item field is not an answer field', 'listThings', 200, ok({ current_page: 1, data: [thing] }), 'uuid', { reason: "the contract's 200 answer of listThings has no field named uuid" }],
    ['a status the contract does not document', 'createThing', 500, ok(thing), 'uuid', { reason: 'the contract gives createThing no 500 answer schema to read it by' }],
    ['a body that is not JSON', 'createThing', 201, undefined, 'uuid', { reason: 'the createThing answer has no data.uuid the contract gives' }],
  ];
  it.each(cases)('%s', (_label, id, status, body, name, want) => {
    expect(outcome(readField(op(id), status, body, name))).toEqual(want);
  });
});

describe('readResource', () => {
  const cases: Array<[label: string, body: unknown, names: string[], want: { value: unknown } | { reason: string }]> = [
    ['the object holding the names', ok(thing), ['uuid', 'is_default'], { value: thing }],
    ['null counts as present', ok({ ...thing, contact: null }), ['uuid', 'contact'], { value: { ...thing, contact: null } }],
    ['a renamed field', ok({ uuid: 't1', isDefault: true }), ['uuid', 'is_default'], { reason: 'the createThing answer has no data.is_default the contract gives' }],
    ['no resource at all', ok(null), ['uuid'], { reason: 'the createThing answer has no data the contract gives' }],
    ['a name the contract does not give', ok(thing), ['uuid', 'colour'], { reason: "the contract's 201 answer of createThing has no field named colour" }],
  ];
  it.each(cases)('%s', (_label, body, names, want) => {
    expect(outcome(readResource(op('createThing'), 201, body, names))).toEqual(want);
  });
});

describe('listItems', () => {
  const page = (data: Record<string, unknown>) => ok({ current_page: 1, last_page: 2, per_page: 15, total: 16, data: [thing], ...data });
  const cases: Array<[label: string, id: string, body: unknown, names: string[], want: { value: unknown } | { reason: string }]> = [
    ['the published paged list', 'listThings', page({}), ['uuid'], { value: { items: [thing], currentPage: 1, lastPage: 2 } }],
    ['a paging field the answer lost', 'listThings', ok({ current_page: 1, per_page: 15, total: 16, data: [thing] }), [], { reason: 'the listThings answer has no data.last_page the contract gives' }],
    ['items renamed', 'listThings', ok({ current_page: 1, last_page: 1, items: [thing] }), [], { reason: 'the listThings answer has no data.data the contract gives' }],
    ['an item without a field the model needs', 'listThings', page({ data: [thing, { uuid: 't2', isDefault: false }] }), ['uuid', 'is_default'], { reason: 'the listThings answer has no data.data.1.is_default the contract gives' }],
    ['an item field the contract does not give', 'listThings', page({}), ['colour'], { reason: "the contract's items of the listThings list have no field named colour" }],
    [
      'items and pagination of the seed’s list',
      'listOldThings',
      ok({ stats: { total: 1 }, pagination: { page: 2, per_page: 1, total: 3, total_pages: 3 }, items: [thing] }),
      ['uuid'],
      { value: { items: [thing], currentPage: 2, lastPage: 3 } },
    ],
    ['a bare list, no paging fields', 'listBareThings', ok([thing, thing]), ['uuid'], { value: { items: [thing, thing], currentPage: undefined, lastPage: undefined } }],
    ['an answer without a list', 'createThing', ok(thing), [], { reason: "the contract's 201 answer of createThing holds no list" }],
  ];
  it.each(cases)('%s', (_label, id, body, names, want) => {
    const status = id === 'createThing' ? 201 : 200;
    expect(outcome(listItems(op(id), status, body, names))).toEqual(want);
  });
});

describe('hasNextPage', () => {
  const cases: Array<[label: string, page: { currentPage?: number; lastPage?: number; items: number }, requested: number, perPage: number, want: boolean]> = [
    ['before the last page', { currentPage: 1, lastPage: 2, items: 15 }, 1, 15, true],
    ['on the last page', { currentPage: 2, lastPage: 2, items: 1 }, 2, 15, false],
    ['an empty list (no pages)', { currentPage: 1, lastPage: 0, items: 0 }, 1, 15, false],
    ['the page asked for when the answer names none', { lastPage: 3, items: 15 }, 2, 15, true],
    ['no paging fields: a full page may have more', { items: 15 }, 1, 15, true],
    ['no paging fields: a short page is the last', { items: 4 }, 1, 15, false],
  ];
  it.each(cases)('%s', (_label, page, requested, perPage, want) => {
    const items = Array.from({ length: page.items }, () => thing);
    expect(hasNextPage({ items, currentPage: page.currentPage, lastPage: page.lastPage }, requested, perPage)).toBe(want);
  });
});
