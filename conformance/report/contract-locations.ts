// Where each operation is written in the contract's sources, for the SARIF report and the CI
// annotations: in a checkout of this repository, the spec/paths/*.yaml fragment and the line of the
// operation's method key (read with the yaml package's source positions); in the installed package,
// which holds only the bundled contract, generated/openapi.json and the line of its operationId.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { CONTRACT_PATH } from '../contract/load.ts';

export interface ContractLocation {
  /** The file, relative to the repository (or package) root, with forward slashes. */
  uri: string;
  /** 1-based line. */
  line: number;
}

export interface ContractLocations {
  /** operationId → where the operation is written. */
  operations: Map<string, ContractLocation>;
  /** Where the contract starts: for findings about no one operation. */
  document: ContractLocation;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The nearest folder at or above `from` holding a package.json. */
export function packageRoot(from: string = import.meta.dirname): string {
  let dir = resolve(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return resolve(from);
    dir = up;
  }
  return dir;
}

function uriOf(root: string, file: string): string {
  return relative(root, file).split('\\').join('/');
}

/** operationId → fragment and line of its method key, for every spec/paths/*.yaml fragment. */
export function fragmentLocations(specDir: string, root: string): Map<string, ContractLocation> {
  const out = new Map<string, ContractLocation>();
  const dir = join(specDir, 'paths');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
    const file = join(dir, name);
    const lines = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
    const paths = doc.get('paths');
    if (!isMap(paths)) continue;
    for (const item of paths.items) {
      if (!isMap(item.value)) continue;
      for (const op of item.value.items) {
        if (!isScalar(op.key) || !METHODS.has(String(op.key.value)) || !isMap(op.value)) continue;
        const id = op.value.get('operationId');
        const offset = op.key.range?.[0];
        if (typeof id !== 'string' || offset === undefined) continue;
        out.set(id, { uri: uriOf(root, file), line: lines.linePos(offset).line });
      }
    }
  }
  return out;
}

/** operationId → the line of its `"operationId"` in the bundled contract (JSON). */
export function bundledLocations(contractFile: string, root: string): Map<string, ContractLocation> {
  const out = new Map<string, ContractLocation>();
  const uri = uriOf(root, contractFile);
  readFileSync(contractFile, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const match = /"operationId":\s*"([^"]+)"/.exec(text);
      if (match?.[1] && !out.has(match[1])) out.set(match[1], { uri, line: index + 1 });
    });
  return out;
}

let cached: ContractLocations | undefined;

/** The contract's locations: the spec/ fragments when they are beside the suite, else the bundled contract. */
export function contractLocations(): ContractLocations {
  if (cached) return cached;
  const root = packageRoot();
  const specDir = join(root, 'spec');
  if (existsSync(join(specDir, 'paths')) && existsSync(join(specDir, 'openapi.yaml'))) {
    cached = { operations: fragmentLocations(specDir, root), document: { uri: uriOf(root, join(specDir, 'openapi.yaml')), line: 1 } };
  } else {
    cached = { operations: bundledLocations(CONTRACT_PATH, root), document: { uri: uriOf(root, CONTRACT_PATH), line: 1 } };
  }
  return cached;
}
