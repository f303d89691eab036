// The service's own documented examples, replayed: every request example of
// test/fixtures/published-examples/*.json is sent over HTTP to a mock freshly reset to the demo
// fixtures (its ids replaced by demo ids of the same kind) and must be accepted (2xx, or exactly the
// status of the example's response), and every response example must validate against the
// contract's schema for that operation and status. A frontend team that writes its requests from
// the service's documentation must find the mock accepting them, and a QA team running the suite
// against the service must not see the service's documented answers judged wrong.
//
// Coverage: every operation of the contract whose method and path the published API lists
// (spec/published-api/operations.json) has a request and a response example, or says in
// `without_examples` what the documentation does not show.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, operation, responseValidator, schemaErrors } from '../support/contract.ts';
import { type Harness, startHarness } from '../support/harness.ts';

interface Example {
  operationId: string;
  source: string;
  request?: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  ids?: Record<string, string>;
  response?: { status: number; body: unknown };
  substituted?: string[];
}

interface ExampleFile {
  group: string;
  examples: Example[];
  without_examples?: Array<{ operationId: string; missing: Array<'request' | 'response'>; reason: string }>;
}

interface PublishedOperation {
  method: string | null;
  path: string | null;
}

const root = join(import.meta.dirname, '..', '..');
const folder = join(root, 'test', 'fixtures', 'published-examples');
const files: Array<{ name: string; data: ExampleFile }> = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, data: JSON.parse(readFileSync(join(folder, name), 'utf8')) as ExampleFile }));
const acme = JSON.parse(readFileSync(join(root, 'fixtures', 'demo', 'acme.json'), 'utf8')) as unknown;
const published = JSON.parse(readFileSync(join(root, 'spec', 'published-api', 'operations.json'), 'utf8')) as PublishedOperation[];

/** `a.b[0].c` → ['a', 'b', 0, 'c']. */
function segments(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) throw new Error(`bad path segment "${part}" in ${path}`);
    if (match[1] !== '') out.push(match[1] as string);
    for (const index of (match[2] as string).matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

function read(value: unknown, path: string): unknown {
  let node = value;
  for (const key of segments(path)) {
    if (typeof node !== 'object' || node === null) throw new Error(`fixture path ${path} does not resolve`);
    node = (node as Record<string | number, unknown>)[key];
  }
  if (node === undefined) throw new Error(`fixture path ${path} does not resolve`);
  return node;
}

function write(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = segments(path);
  let node: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) throw new Error(`request path ${path} does not exist in the example`);
    node = (node as Record<string | number, unknown>)[key];
  }
  const last = keys[keys.length - 1] as string | number;
  if (typeof node !== 'object' || node === null || !(last in node)) throw new Error(`request path ${path} does not exist in the example`);
  (node as Record<string | number, unknown>)[last] = value;
}

/** The example's request with its ids replaced by demo ids, as `{path, query, body}`. */
function prepared(example: Example): { path: Record<string, string>; query: Record<string, string>; body: unknown } {
  const request = structuredClone({ path: {}, query: {}, ...example.request }) as Record<string, unknown>;
  for (const [where, fixturePath] of Object.entries(example.ids ?? {})) {
    const value = read(acme, fixturePath);
    write(request, where, where.startsWith('path.') || where.startsWith('query.') ? String(value) : value);
  }
  return request as { path: Record<string, string>; query: Record<string, string>; body: unknown };
}

const key = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const publishedKeys = new Set(published.filter((p) => p.method && p.path).map((p) => key(p.method as string, p.path as string)));

describe('the service’s documented examples', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('http');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('has example files, each naming operations of the contract and a source page', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const { name, data } of files) {
      for (const example of data.examples) {
        expect(() => operation(example.operationId), `${name}: ${example.operationId}`).not.toThrow();
        expect(example.source, `${name}: ${example.operationId}`).toMatch(/^(https:\/\/(developers|www)\.(mihu|mindhunters)\.ai\/|https:\/\/github\.com\/|mihu-ai\/n8n-nodes-mihu:|mindcloud-inc\/universal-api-reference:)/);
        expect(example.request !== undefined || example.response !== undefined, `${name}: ${example.operationId} has neither`).toBe(true);
      }
    }
  });

  for (const { name, data } of files) {
    describe(name, () => {
      data.examples.forEach((example, index) => {
        const label = `${example.operationId} #${index + 1}`;
        if (example.request !== undefined) {
          it(`${label}: the request is accepted`, async () => {
            const op = operation(example.operationId);
            const request = prepared(example);
            const path = op.path.replace(/\{([^}]+)\}/g, (_, param: string) => {
              const value = request.path[param];
              if (value === undefined) throw new Error(`${label}: no value for path parameter ${param}`);
              return encodeURIComponent(value);
            });
            await harness.control('POST', '/reset');
            const reply = await harness.call(op.method.toUpperCase(), path, {
              query: request.query,
              ...(request.body === undefined ? {} : { json: request.body }),
            });
            const detail = `${op.method.toUpperCase()} ${path} → ${reply.status} ${reply.text.slice(0, 600)}`;
            if (example.response !== undefined && example.response.status < 300) expect(reply.status, detail).toBe(example.response.status);
            else expect(reply.status >= 200 && reply.status < 300, detail).toBe(true);
          });
        }
        if (example.response !== undefined) {
          const response = example.response;
          it(`${label}: the documented ${response.status} answer fits the contract`, () => {
            const validate = responseValidator(example.operationId, response.status);
            expect(validate(structuredClone(response.body)), schemaErrors(validate)).toBe(true);
          });
        }
      });
    });
  }

  it('covers every operation the published API shows, or says what its documentation lacks', () => {
    const requests = new Set<string>();
    const responses = new Set<string>();
    for (const { data } of files) {
      for (const example of data.examples) {
        if (example.request !== undefined) requests.add(example.operationId);
        if (example.response !== undefined) responses.add(example.operationId);
      }
      for (const gap of data.without_examples ?? []) {
        expect(gap.reason.length, `${gap.operationId}: a reason`).toBeGreaterThan(10);
        for (const missing of gap.missing) (missing === 'request' ? requests : responses).add(gap.operationId);
      }
    }
    const uncovered = contractOperations
      .filter((op) => publishedKeys.has(key(op.method, op.path)))
      .flatMap((op) => [
        ...(requests.has(op.operationId) ? [] : [`${op.operationId}: no request example`]),
        ...(responses.has(op.operationId) ? [] : [`${op.operationId}: no response example`]),
      ]);
    expect(uncovered).toEqual([]);
  });
});
