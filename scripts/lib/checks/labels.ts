// The three labels (spec/CONVENTIONS.md "Labels"): every `x-contract` is documented, published or
// inferred; every operation has one; a part described as "not shown" is never documented; a
// documented operation's documented parts are all given by the seed (spec/seed-facts.yaml); and
// every published fact (spec/published-facts.yaml) is in the contract under its own name,
// labelled published, with the keywords it states.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expandSchema, isLabel, type Label, labelAt, objectLabel, ownLabel } from '../../../contract/labels.ts';
import type { JsonObject } from '../../../contract/openapi-types.ts';
import { type ContractOperation, listOperations } from '../../../contract/operations.ts';
import { type ContractPart, operationLabel, operationParts, pathSegments, propertyPaths, schemaPointerOfBody, schemaPointerOfResponse } from '../../../contract/parts.ts';
import { getAtPointer, joinPointer } from '../../../contract/pointer.ts';
import type { Problem, SpecCheckContext } from './problem.ts';

interface SeedFacts {
  common: string[];
  operations: Record<string, string[]>;
}

export interface FactPart {
  op: string;
  seed?: 'name';
  query?: string;
  path?: string;
  body?: string;
  response?: string;
  status?: number;
  expect?: Record<string, unknown>;
}

interface PublishedFacts {
  facts: Array<{ source: string; text: string; parts: FactPart[] }>;
}

export function loadSeedFacts(root: string): SeedFacts {
  return parse(readFileSync(join(root, 'spec', 'seed-facts.yaml'), 'utf8')) as SeedFacts;
}

export function loadPublishedFacts(root: string): PublishedFacts {
  return parse(readFileSync(join(root, 'spec', 'published-facts.yaml'), 'utf8')) as PublishedFacts;
}

/** A seed-facts pattern: `*` any run of characters, `?` one character. */
function matches(pattern: string, name: string): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*').replaceAll('?', '.');
  return new RegExp(`^${source}$`).test(name);
}

/** Every `x-contract` value anywhere in the document is one of the three labels. */
function checkValues(doc: unknown, add: (where: string, message: string) => void): void {
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) walk(node[i], `${pointer}/${i}`);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-contract' && !isLabel(value)) add(pointer, `x-contract is "${String(value)}": use documented, published or inferred`);
        if (key === 'x-contract-constraints' && typeof value === 'object' && value !== null) {
          for (const [label, keywords] of Object.entries(value)) {
            if (!isLabel(label) || !Array.isArray(keywords) || !keywords.every((k) => typeof k === 'string')) {
              add(pointer, `x-contract-constraints maps a label to the keywords it gives, e.g. {published: [default]}; "${label}" is not that`);
            }
          }
        }
        if (key !== 'example' && key !== 'examples') walk(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      }
    }
  };
  walk(doc, '#');
}

const NOT_SHOWN = /not shown/i;

/**
 * A documented part described as "not shown" is a mislabel, unless what is not shown is one of its
 * constraints and that constraint carries its own label (`x-contract-constraints`): a name the
 * seed gives with values it does not.
 */
function notShownButDocumented(doc: unknown, part: ContractPart): boolean {
  return part.pointers.some((p) => {
    const node = getAtPointer(doc, p) as JsonObject | undefined;
    if (typeof node?.description !== 'string' || !NOT_SHOWN.test(node.description)) return false;
    const constraints = node['x-contract-constraints'];
    const labelled = typeof constraints === 'object' && constraints !== null && Object.keys(constraints).some((l) => l !== 'documented');
    return !labelled;
  });
}

/** `METHOD /path/{a}` with parameter names dropped, so a fact matches whatever the template names them. */
function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

function checkFact(doc: unknown, op: ContractOperation, fact: FactPart): string | undefined {
  const opLabel = operationLabel(op);
  const want: Label = fact.seed === 'name' ? 'documented' : 'published';
  let node: { root: string; segments: string[]; inherited: Label } | undefined;
  let label: Label;
  if (fact.query !== undefined || fact.path !== undefined) {
    const where = fact.query !== undefined ? 'query' : 'path';
    const name = (fact.query ?? fact.path) as string;
    const param = op.parameters.find((p) => p.value.in === where && p.value.name === name);
    if (!param) return `no ${where} parameter "${name}"`;
    const inherited = objectLabel(doc, param.useSite, opLabel);
    node = { root: joinPointer(param.pointer, 'schema'), segments: [], inherited };
    label = labelAt(doc, node.root, [], inherited);
  } else if (fact.body !== undefined || fact.response !== undefined) {
    const isBody = fact.body !== undefined;
    const path = (fact.body ?? fact.response) as string;
    let root: string | undefined;
    let inherited = opLabel;
    if (isBody) {
      root = schemaPointerOfBody(op);
      inherited = objectLabel(doc, joinPointer(op.pointer, 'requestBody'), opLabel);
    } else {
      const status = [...op.responses.keys()].find((s) => /^2\d\d$/.test(s));
      if (status) {
        root = schemaPointerOfResponse(op, status);
        inherited = objectLabel(doc, joinPointer(op.pointer, 'responses', status), opLabel);
      }
    }
    if (!root || !propertyPaths(doc, root).has(path)) return `no ${isBody ? 'request body' : 'success response'} property "${path}"`;
    node = { root, segments: pathSegments(path), inherited };
    label = labelAt(doc, root, node.segments, inherited);
  } else if (fact.status !== undefined) {
    const status = String(fact.status);
    if (!op.responses.has(status)) return `no ${status} response`;
    label = objectLabel(doc, joinPointer(op.pointer, 'responses', status), opLabel);
  } else {
    label = opLabel;
  }
  if (label !== want) return `is labelled ${label}, not ${want}`;
  if (!fact.expect) return undefined;
  if (!node) return 'states keywords of a part that has no schema';
  for (const [keyword, expected] of Object.entries(fact.expect)) {
    const found = findKeyword(doc, node.root, node.segments, keyword);
    if (found === undefined) return `has no "${keyword}"`;
    if (!keywordHolds(keyword, found.value, expected)) return `"${keyword}" is ${JSON.stringify(found.value)}, not ${JSON.stringify(expected)}`;
    const keywordLabel = labelAt(doc, node.root, node.segments, node.inherited, keyword);
    // A keyword the API document itself gives (documented) outranks the published fact that repeats it.
    if (keywordLabel === 'inferred') return `"${keyword}" is labelled ${keywordLabel}, not published`;
  }
  return undefined;
}

/** The value of `keyword` on the schema of the part (through $ref, allOf, anyOf, oneOf). */
function findKeyword(doc: unknown, root: string, segments: string[], keyword: string): { value: unknown } | undefined {
  const found: unknown[] = [];
  for (const leaf of leafPointers(doc, root, segments)) {
    for (const pointer of expandSchema(doc, leaf)) {
      const value = (getAtPointer(doc, pointer) as JsonObject)[keyword];
      if (value !== undefined) found.push(value);
    }
  }
  if (found.length === 0) return undefined;
  return { value: keyword === 'enum' ? found.flat() : found[0] };
}

function leafPointers(doc: unknown, root: string, segments: string[]): string[] {
  const paths = propertyPaths(doc, root);
  if (segments.length === 0) return [root];
  const dotted = segments.reduce((acc, s) => (s === '[]' ? `${acc}[]` : acc === '' ? s : `${acc}.${s}`), '');
  return paths.get(dotted) ?? [];
}

function keywordHolds(keyword: string, actual: unknown, expected: unknown): boolean {
  if (keyword === 'enum' && Array.isArray(expected) && Array.isArray(actual)) return expected.every((v) => actual.includes(v));
  return JSON.stringify(actual) === JSON.stringify(expected);
}

export function checkLabels(ctx: SpecCheckContext): Problem[] {
  const problems: Problem[] = [];
  const add = (where: string, message: string) => problems.push({ check: 'labels', where, message, severity: 'error' });
  checkValues(ctx.doc, add);

  const seed = loadSeedFacts(ctx.root);
  const operations = listOperations(ctx.doc);
  for (const op of operations) {
    const where = `${op.operationId} (${op.method.toUpperCase()} ${op.path})`;
    if (!ownLabel(op.operation)) add(where, 'the operation has no x-contract label');
    const parts = operationParts(ctx.doc, op);
    for (const part of parts) {
      if (part.label === 'documented' && part.kind !== 'operation' && notShownButDocumented(ctx.doc, part)) {
        add(where, `${part.name}: described as "not shown" but labelled documented (label it, or label the constraint that is not shown in x-contract-constraints)`);
      }
    }
    if (operationLabel(op) === 'documented' && !seed.operations[op.operationId]) add(where, 'a documented operation missing from spec/seed-facts.yaml');
    const given = [...seed.common, ...(seed.operations[op.operationId] ?? [])];
    for (const part of parts) {
      if (part.label !== 'documented' || given.some((pattern) => matches(pattern, part.name))) continue;
      add(where, `${part.name}: labelled documented, but spec/seed-facts.yaml does not list it as given by the seed: label it published or inferred`);
    }
  }
  for (const id of Object.keys(seed.operations)) {
    if (!operations.some((o) => o.operationId === id)) add('spec/seed-facts.yaml', `names unknown operation ${id}`);
  }

  const byRoute = new Map(operations.map((op) => [routeKey(op.method, op.path), op]));
  for (const fact of loadPublishedFacts(ctx.root).facts) {
    for (const part of fact.parts) {
      const [method = '', path = ''] = part.op.split(' ');
      const op = byRoute.get(routeKey(method, path));
      const what = part.query !== undefined ? `query ${part.query}` : part.path !== undefined ? `path ${part.path}` : part.body !== undefined ? `body ${part.body}` : part.response !== undefined ? `response ${part.response}` : part.status !== undefined ? `status ${part.status}` : 'operation';
      const where = `published fact (${fact.source}) ${part.op} ${what}`;
      if (!op) {
        add(where, 'no such operation in the contract');
        continue;
      }
      const problem = checkFact(ctx.doc, op, part);
      if (problem) add(where, problem);
    }
  }
  return problems;
}
