// Compares two answers to the same request: the status, the response's shape (its JSON paths with
// the type found at each; array items under `[]`) and the headers that matter (the content type,
// X-Timezone, the rate-limit headers' presence, Retry-After's presence). Values are not compared:
// the two targets hold different records. A path is compared only where both answers reach it: an
// array empty on one side, or a value null on one side, says nothing about what is below it.
import { CATALOGUE } from './rules/catalogue.ts';

export interface Answer {
  /** undefined: no answer (a transport error, in `error`). */
  status: number | undefined;
  error?: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: unknown;
}

export type DriftKind = 'status' | 'shape' | 'header';

export interface Difference {
  kind: DriftKind;
  /** `status`, `body` or the header's name. */
  subject: string;
  mock: string;
  target: string;
  /** The catalogue rules the difference concerns. */
  rules: string[];
}

export interface ShapeNode {
  types: Set<string>;
  parent: string | undefined;
}

export type Shape = Map<string, ShapeNode>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Every JSON path of a value with the types found there (array items under `path[]`). */
export function shapeOf(value: unknown, path = '$', parent: string | undefined = undefined, out: Shape = new Map()): Shape {
  const node = out.get(path) ?? { types: new Set<string>(), parent };
  node.types.add(typeOf(value));
  out.set(path, node);
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${path}[]`, path, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) shapeOf(child, childPath(path, key), path, out);
  }
  return out;
}

function typesText(node: ShapeNode): string {
  return [...node.types].sort().join('|');
}

/** Whether `other` reaches the place of a path its parent holds: not when the parent is null, or an empty array, there. */
function reached(parent: string | undefined, other: Shape): boolean {
  if (parent === undefined) return true;
  const node = other.get(parent);
  if (!node) return false;
  return [...node.types].some((t) => t === 'object' || t === 'array');
}

/**
 * Paths only one side has (the topmost of each missing subtree; array items are never missing: an
 * array may be empty), and paths whose types never meet (null meets every type).
 */
export function compareShapes(mock: Shape, target: Shape): { onlyMock: string[]; onlyTarget: string[]; types: string[] } {
  const only = (a: Shape, b: Shape) =>
    [...a.entries()].filter(([path, node]) => !b.has(path) && (node.parent === undefined || b.has(node.parent)) && reached(node.parent, b) && !path.endsWith('[]')).map(([path, node]) => `${path} (${typesText(node)})`);
  const types: string[] = [];
  for (const [path, node] of mock) {
    const other = target.get(path);
    if (!other) continue;
    const a = [...node.types].filter((t) => t !== 'null');
    const b = [...other.types].filter((t) => t !== 'null');
    if (a.length > 0 && b.length > 0 && !a.some((t) => b.includes(t))) types.push(`${path}: ${typesText(node)} vs ${typesText(other)}`);
  }
  return { onlyMock: only(mock, target), onlyTarget: only(target, mock), types };
}

/** The ids of the catalogue rules the given checks decide for an operation. */
export function rulesFor(checks: string[], operationId: string): string[] {
  return CATALOGUE.filter((r) => r.checks.some((c) => checks.includes(c)) && (!r.operations || r.operations.includes(operationId))).map((r) => r.id);
}

const HEADERS: Array<{ name: string; check: string; value: (v: string) => string }> = [
  { name: 'content-type', check: 'content-type', value: (v) => (v.split(';')[0] ?? '').trim().toLowerCase() },
  { name: 'x-timezone', check: 'timezone-header', value: (v) => v },
  { name: 'x-ratelimit-limit', check: 'rate-limit-headers', value: () => 'present' },
  { name: 'x-ratelimit-remaining', check: 'rate-limit-headers', value: () => 'present' },
  { name: 'retry-after', check: 'retry-after', value: () => 'present' },
];

function statusText(answer: Answer): string {
  return answer.status === undefined ? `no answer (${answer.error ?? 'transport error'})` : String(answer.status);
}

/** How two answers to the same request differ. */
export function compareAnswers(operationId: string, mock: Answer, target: Answer): Difference[] {
  const out: Difference[] = [];
  if (mock.status !== target.status) {
    out.push({ kind: 'status', subject: 'status', mock: statusText(mock), target: statusText(target), rules: rulesFor(['status-documented', 'transport'], operationId) });
  }
  if (mock.status === undefined || target.status === undefined) return out;
  for (const header of HEADERS) {
    const a = mock.headers[header.name];
    const b = target.headers[header.name];
    const av = a === undefined ? 'absent' : header.value(a);
    const bv = b === undefined ? 'absent' : header.value(b);
    if (av !== bv) out.push({ kind: 'header', subject: header.name, mock: av, target: bv, rules: rulesFor([header.check], operationId) });
  }
  if (mock.status === target.status) {
    const diff = compareShapes(shapeOf(mock.body), shapeOf(target.body));
    if (diff.onlyMock.length + diff.onlyTarget.length + diff.types.length > 0) {
      const parts = (label: string, list: string[]) => (list.length > 0 ? [`${label}: ${list.join(', ')}`] : []);
      out.push({
        kind: 'shape',
        subject: 'body',
        mock: [...parts('only here', diff.onlyMock), ...parts('types', diff.types)].join('; ') || 'no path of its own',
        target: parts('only here', diff.onlyTarget).join('; ') || 'no path of its own',
        rules: rulesFor(['response-schema'], operationId),
      });
    }
  }
  return out;
}
