// Compares two bundled contracts and decides the breaking-change gate (`npm run spec:diff`).
//
// api-smart-diff finds and classifies the changes; this module adds a thin mapping layer around it:
// - before the diff, every `allOf` is merged (allof-merge, the library's own companion: the library
//   does not look through an `allOf` that holds a `$ref`, so wrapping a schema in one would read as
//   removing it), and the responses, request bodies, parameters and headers an operation reaches by
//   `$ref` are inlined (the library applies request-direction rules to a schema under
//   `components/responses`, so a removed property of a shared error response would count as harmless);
// - a replaced `type` is judged by the sets of types before and after, in the direction of the data
//   (the library calls every replaced type breaking in a request and harmless in a response);
// - a change the library leaves unclassified is breaking, unless it is in an example or an `x-`
//   extension; its other verdicts (non-breaking, annotation, deprecated) are non-breaking.
// Changes are grouped by operation; `components` changes are dropped (they show up in the operations
// that use them), except security schemes, which belong to the document.
import { merge } from 'allof-merge';
import { apiDiff, type Diff } from 'api-smart-diff';
import semver from 'semver';
import type { SpecDocument } from './bundle.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type ChangeKind = 'breaking' | 'non-breaking';

export interface Change {
  kind: ChangeKind;
  /** The library's verdict: breaking, non-breaking, annotation, deprecated or unclassified. */
  classified: string;
  /** Set when the mapping layer changed the library's verdict, with the reason. */
  reclassified?: string;
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** JSON pointer into the bundle (the base's for removals, else the working tree's). */
  pointer: string;
  description: string;
  /** A change to descriptions, examples or `x-` extensions only. */
  documentation?: true;
}

export interface OperationChanges {
  method: string;
  path: string;
  operationId: string | null;
  /** The operation's id at the base, when it differs (or the operation is gone). */
  baseOperationId?: string | null;
  /** The path at the base, when a path parameter was renamed. */
  basePath?: string;
  status: 'added' | 'removed' | 'changed';
  breaking: boolean;
  changes: Change[];
}

export interface ContractDiff {
  operations: OperationChanges[];
  /** Changes outside any operation (servers, global security, security schemes, info). */
  document: Change[];
  /** What the diff library reported while classifying (its rule errors leave a change unclassified). */
  warnings: string[];
}

/** The label under which changes outside any operation are listed and logged. */
export const DOCUMENT = 'document';

type Json = Record<string, unknown>;
type JsonPath = Array<string | number>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const pointerOf = (path: JsonPath) =>
  `/${path.map((s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

const INLINED = /^#\/components\/(responses|requestBodies|parameters|headers)\/([^/]+)$/;

/** A copy of the document whose operations hold their responses, bodies, parameters and headers inline. */
export function inlineOperationRefs(doc: SpecDocument): SpecDocument {
  const components = (doc.components ?? {}) as Record<string, Json>;
  const resolve = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, seen));
    if (!isObject(node)) return node;
    const ref = typeof node.$ref === 'string' ? INLINED.exec(node.$ref) : null;
    if (ref && !seen.includes(node.$ref as string)) {
      const target = components[ref[1] as string]?.[ref[2] as string];
      if (target !== undefined) return resolve(target, [...seen, node.$ref as string]);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, seen)]));
  };
  return { ...doc, paths: resolve(doc.paths, []) as SpecDocument['paths'] };
}

const typeSet = (value: unknown): Set<string> =>
  new Set((Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === 'string'));

/** Every type in `inner` is also allowed by `outer` (an integer is a number). */
const covers = (outer: Set<string>, inner: Set<string>) =>
  [...inner].every((t) => outer.has(t) || (t === 'integer' && outer.has('number')));

/** The verdict for a replaced schema `type` under an operation, or null when the diff is something else. */
function typeVerdict(diff: Diff, rel: JsonPath): ChangeKind | null {
  const at = rel.length - 1;
  if (diff.action !== 'replace' || rel[at] !== 'type' || rel[at - 1] === 'properties' || !rel.includes('schema')) return null;
  const before = typeSet(diff.before);
  const after = typeSet(diff.after);
  if (rel[0] === 'responses') return covers(before, after) ? 'non-breaking' : 'breaking';
  if (rel[0] === 'parameters' && after.has('string')) return 'non-breaking'; // parameters travel as text
  return covers(after, before) ? 'non-breaking' : 'breaking';
}

/** Top-level members that only describe the contract (tag list, title, description, links). */
const DOCUMENTATION_ROOTS = new Set(['tags', 'info', 'externalDocs']);

/** An example or an `x-` extension: documentation and tooling, never the shape of a request or response. */
const isDocumentation = (rel: JsonPath) =>
  rel.some(
    (seg, i) =>
      rel[i - 1] !== 'properties' && (seg === 'example' || seg === 'examples' || (typeof seg === 'string' && seg.startsWith('x-'))),
  );

const show = (v: unknown): string => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isScalarList = (v: unknown) => isScalar(v) || (Array.isArray(v) && v.every(isScalar));

/** Where in an operation a change is: the part (`response 200`), the field in its schema, the keyword. */
function locate(rel: JsonPath, parameters: unknown[]): { where: string; field: string; keyword: string } {
  let where: string;
  let rest: JsonPath;
  if (rel[0] === 'responses') {
    where = `response ${rel[1]}`;
    rest = rel.slice(2);
  } else if (rel[0] === 'requestBody') {
    where = 'request body';
    rest = rel.slice(1);
  } else if (rel[0] === 'parameters') {
    const param = parameters[Number(rel[1])];
    where = isObject(param) ? `${param.in} parameter \`${param.name}\`` : `parameter #${Number(rel[1]) + 1}`;
    rest = rel.slice(2);
  } else return { where: rel.join('.') || 'the operation', field: '', keyword: '' };
  const schemaAt = rest.indexOf('schema');
  if (schemaAt < 0) return { where, field: '', keyword: rest.filter((k) => k !== 'content').join(' ') };
  let field = '';
  const keywords: string[] = [];
  const inSchema = rest.slice(schemaAt + 1);
  for (let i = 0; i < inSchema.length; i++) {
    const seg = String(inSchema[i]);
    if (seg === 'properties' && i + 1 < inSchema.length) field += `${field ? '.' : ''}${inSchema[++i]}`;
    else if (seg === 'items') field += '[]';
    else if (['allOf', 'oneOf', 'anyOf'].includes(seg) && i + 1 < inSchema.length) i++;
    else if (!/^\d+$/.test(seg)) keywords.push(seg);
  }
  return { where, field, keyword: keywords.join('.') };
}

/**
 * A change's text. `parameters` is the operation's parameter list as the library indexes it: the
 * operation's own, then its path item's (at the base; a change inside a parameter has the base's index).
 */
function describeChange(diff: Diff, rel: JsonPath, parameters: unknown[]): string {
  const verb = { add: 'Added', remove: 'Removed', replace: 'Replaced', rename: 'Renamed' }[diff.action];
  const value = diff.action === 'add' ? diff.after : diff.before;
  if (rel[0] === 'parameters' && rel.length === 2 && isObject(value) && diff.action !== 'replace') {
    return `[${verb}] ${value.required === true ? 'required' : 'optional'} ${value.in} parameter \`${value.name}\``;
  }
  const { where, field, keyword } = locate(rel, parameters);
  const of = field ? ` of \`${field}\`` : '';
  if (rel.at(-2) === 'enum' && diff.action !== 'replace') return `[${verb}] enum value ${show(value)}${of} in ${where}`;
  if (rel.at(-2) === 'required' && diff.action !== 'replace' && typeof value === 'string') {
    return `[${verb}] required status of \`${field ? `${field}.` : ''}${value}\` in ${where}`;
  }
  // The library names every parameter that has a `required` key "required", true or false.
  const own = (diff.description ?? '').replace(/required (\w+) parameter `/, '$1 parameter `');
  // Where the library reuses the diff of a shared schema its text can lose the field, or call a
  // validator an annotation; then the text is made from the path.
  const wellFormed =
    /^\[(Added|Removed|Replaced|Renamed)\] \S/.test(own) && !/ {2}/.test(own) && (diff.type === 'annotation' || !own.includes('annotation ('));
  let text = wellFormed ? own : `[${verb}] ${keyword ? `\`${keyword}\`${of}` : field ? `\`${field}\`` : 'schema'} in ${where}`;
  if (diff.action === 'replace' && isScalarList(diff.before) && isScalarList(diff.after)) {
    text += ` (${show(diff.before)} → ${show(diff.after)})`;
  } else if (diff.action !== 'replace' && isScalar(value)) {
    text += ` (${show(value)})`;
  }
  return text;
}

const templateOf = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** Every change between two bundles, classified and grouped by operation. */
export function diffContracts(before: SpecDocument, after: SpecDocument): ContractDiff {
  const b = merge(inlineOperationRefs(before), { mergeRefSibling: true }) as SpecDocument;
  const a = merge(inlineOperationRefs(after), { mergeRefSibling: true }) as SpecDocument;
  // The library reports a failing classification rule on the console and leaves the change unclassified.
  const warnings: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  let diffs: Diff[];
  try {
    diffs = apiDiff(b, a);
  } finally {
    console.error = consoleError;
  }
  const byKey = new Map<string, OperationChanges>();
  const document: Change[] = [];

  const afterPathFor = (basePath: string): string =>
    basePath in a.paths ? basePath : (Object.keys(a.paths).find((p) => templateOf(p) === templateOf(basePath)) ?? basePath);
  const operation = (basePath: string, method: string): OperationChanges => {
    const path = afterPathFor(basePath);
    const key = `${method} ${path}`;
    let op = byKey.get(key);
    if (!op) {
      const beforeOp = b.paths[basePath]?.[method] as Json | undefined;
      const afterOp = a.paths[path]?.[method] as Json | undefined;
      const id = (o: Json | undefined) => (typeof o?.operationId === 'string' ? o.operationId : null);
      op = {
        method: method.toUpperCase(),
        path,
        operationId: id(afterOp) ?? id(beforeOp),
        ...(beforeOp && id(beforeOp) !== id(afterOp) ? { baseOperationId: id(beforeOp) } : {}),
        ...(path !== basePath ? { basePath } : {}),
        status: !beforeOp ? 'added' : !afterOp ? 'removed' : 'changed',
        breaking: false,
        changes: [],
      };
      byKey.set(key, op);
    }
    return op;
  };

  const parametersAt = (path: string, method: string): unknown[] => {
    const item = b.paths[path] as Json | undefined;
    const own = (item?.[method] as Json | undefined)?.parameters;
    return [...(Array.isArray(own) ? own : []), ...(Array.isArray(item?.parameters) ? item.parameters : [])];
  };
  const toChange = (diff: Diff, rel: JsonPath, parameters: unknown[] = []): Change => {
    const libraryKind: ChangeKind = diff.type === 'breaking' ? 'breaking' : 'non-breaking';
    let kind = libraryKind;
    let reclassified: string | undefined;
    const typeKind = typeVerdict(diff, rel);
    if (typeKind !== null) {
      kind = typeKind;
      reclassified = 'a replaced type is judged by the types allowed before and after';
    } else if (diff.type === 'unclassified' && !isDocumentation(rel)) {
      kind = 'breaking';
      reclassified = 'a change the diff library leaves unclassified counts as breaking';
    }
    return {
      kind,
      classified: diff.type,
      ...(reclassified && kind !== libraryKind ? { reclassified } : {}),
      action: diff.action,
      pointer: pointerOf(diff.path),
      description: describeChange(diff, rel, parameters),
      ...(kind === 'non-breaking' && (diff.type === 'annotation' || isDocumentation(rel)) ? { documentation: true as const } : {}),
    };
  };

  for (const diff of diffs) {
    const [root, path, method] = diff.path;
    if (root === 'paths' && typeof path === 'string') {
      if (diff.path.length === 2) {
        // A whole path item added or removed: one change per operation in it, judged like an
        // operation added (non-breaking) or removed (breaking).
        const item = (diff.action === 'add' ? diff.after : diff.before) as Json | undefined;
        for (const m of HTTP_METHODS) {
          if (!isObject(item?.[m])) continue;
          const verb = diff.action === 'add' ? 'Added' : 'Removed';
          const type = diff.action === 'add' ? 'non-breaking' : 'breaking';
          const one: Diff = { action: diff.action, type, path: [...diff.path, m], description: `[${verb}] operation ${m.toUpperCase()} ${path}` };
          operation(path, m).changes.push(toChange(one, []));
        }
        continue;
      }
      if (typeof method === 'string' && (HTTP_METHODS as readonly string[]).includes(method)) {
        operation(path, method).changes.push(toChange(diff, diff.path.slice(3), parametersAt(path, method)));
        continue;
      }
    }
    if (root === 'components' && diff.path[1] !== 'securitySchemes') continue;
    if (typeof root === 'string' && DOCUMENTATION_ROOTS.has(root)) {
      // Tags, info and external docs describe the contract; a tag inserted into the list (which
      // the library reports as every later tag replaced) changes no request or answer.
      document.push({ ...toChange({ ...diff, type: 'annotation' }, diff.path), kind: 'non-breaking', documentation: true });
      continue;
    }
    document.push(toChange(diff, diff.path));
  }

  const operations = [...byKey.values()].sort((x, y) => x.path.localeCompare(y.path) || x.method.localeCompare(y.method));
  for (const op of operations) {
    op.breaking = op.changes.some((c) => c.kind === 'breaking');
    op.changes.sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'breaking' ? -1 : 1));
  }
  return { operations, document, warnings };
}

// ---- CHANGELOG.md ----

export interface ChangelogSection {
  version: string;
  heading: string;
  /** The names that begin the bullets under `### Breaking`: an operationId, `METHOD /path`, or `document`. */
  breaking: string[];
}

const BULLET_NAME = new RegExp(
  `^[-*]\\s+\`?(?:((?:${HTTP_METHODS.join('|')})\\s+/[^\\s\`]*)|([A-Za-z_$][\\w$]*)(?=[\\s:,.;)\`]|$))`,
  'i',
);

/** The name a `### Breaking` bullet begins with (`POST /x` with the method upper-cased), or null. */
export function bulletName(line: string): string | null {
  const m = BULLET_NAME.exec(line.trim());
  if (!m) return null;
  if (m[1]) {
    const [method, path] = m[1].split(/\s+/);
    return `${method?.toUpperCase()} ${path?.replace(/[:,.;)]+$/, '')}`;
  }
  return m[2] ?? null;
}

/** The `## <version>` sections of a changelog, skipping fenced code and HTML comments. */
export function parseChangelog(text: string): ChangelogSection[] {
  const sections: ChangelogSection[] = [];
  let current: ChangelogSection | undefined;
  let inBreaking = false;
  let fenced = false;
  const lines = text.replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/);
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    if (/^#{1,2}\s/.test(line)) {
      // A `## <version>` heading starts a section; any other heading of that level or above ends one.
      const version = /^##\s+\[?v?(\d[0-9A-Za-z.+-]*)\]?/.exec(line)?.[1];
      current = version ? { version, heading: line.slice(2).trim(), breaking: [] } : undefined;
      if (current) sections.push(current);
      inBreaking = false;
      continue;
    }
    const h3 = /^###\s+(.*)$/.exec(line);
    if (h3) {
      inBreaking = /^breaking\b/i.test((h3[1] as string).trim());
      continue;
    }
    if (current && inBreaking && /^[-*]\s/.test(line)) {
      const name = bulletName(line);
      if (name) current.breaking.push(name);
    }
  }
  return sections;
}

// ---- The gate ----

export interface GateInput {
  diff: ContractDiff;
  baseVersion: string;
  headVersion: string;
  /** The changelog's text at the base, or null when it had none. */
  baseChangelog: string | null;
  /** The changelog's text in the working tree, or null when there is none. */
  headChangelog: string | null;
}

export interface GateResult {
  passed: boolean;
  /** The `## <version>` section the breaking changes must be logged under: the working tree's contract revision. */
  section: string;
  /** Whether the contract revision is a greater semantic version than at the base. */
  versionBumped: boolean;
  /** Whether the changelog has that section, and the base's changelog did not. */
  sectionAdded: boolean;
  /** Names (operationId, or `METHOD /path`, or `document`) with breaking changes that are not logged. */
  unlogged: string[];
  problems: string[];
}

/** The names a changelog bullet may use for an operation. */
export function operationNames(op: OperationChanges): string[] {
  return [
    op.operationId,
    op.baseOperationId,
    `${op.method} ${op.path}`,
    op.basePath ? `${op.method} ${op.basePath}` : null,
  ].filter((n): n is string => typeof n === 'string');
}

/** The name under which an operation is reported as not logged. */
export const displayName = (op: OperationChanges) =>
  op.status === 'removed' || !op.operationId ? `${op.method} ${op.path}` : op.operationId;

export function judge(input: GateInput): GateResult {
  const { diff, baseVersion, headVersion } = input;
  const breakingOps = diff.operations.filter((op) => op.breaking);
  const documentBreaking = diff.document.some((c) => c.kind === 'breaking');
  const versionBumped =
    semver.valid(headVersion) !== null && semver.valid(baseVersion) !== null && semver.gt(headVersion, baseVersion);
  const sameVersion = (s: ChangelogSection) => s.version === headVersion || (semver.valid(s.version) !== null && semver.valid(headVersion) !== null && semver.eq(s.version, headVersion));
  const headSection = parseChangelog(input.headChangelog ?? '').find(sameVersion);
  const baseHadIt = parseChangelog(input.baseChangelog ?? '').some(sameVersion);
  const sectionAdded = headSection !== undefined && !baseHadIt;
  const result: GateResult = { passed: true, section: headVersion, versionBumped, sectionAdded, unlogged: [], problems: [] };
  if (breakingOps.length === 0 && !documentBreaking) return result;

  const named = new Set(headSection?.breaking ?? []);
  const entries = breakingOps.map((op) => ({ name: displayName(op), names: operationNames(op) }));
  if (documentBreaking) entries.push({ name: DOCUMENT, names: [DOCUMENT] });
  const notNamed = entries.filter((e) => !e.names.some((n) => named.has(n))).map((e) => e.name);
  result.unlogged = versionBumped && sectionAdded ? notNamed : entries.map((e) => e.name);
  if (result.unlogged.length === 0) return result;

  result.passed = false;
  if (semver.valid(headVersion) === null) result.problems.push(`the contract revision ${headVersion} is not a semantic version`);
  else if (!versionBumped) result.problems.push(`the contract revision ${headVersion} is not greater than the base's ${baseVersion}`);
  else if (!headSection) result.problems.push(`spec/CHANGELOG.md has no \`## ${headVersion}\` section`);
  else if (baseHadIt) result.problems.push(`the \`## ${headVersion}\` section of spec/CHANGELOG.md was already there at the base`);
  if (versionBumped && headSection && notNamed.length > 0) {
    result.problems.push(`the \`### Breaking\` list of \`## ${headVersion}\` does not name: ${notNamed.join(', ')}`);
  }
  return result;
}
