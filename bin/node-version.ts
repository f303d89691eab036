// The Node.js versions the package runs on (package.json `engines.node`) and the check the bin
// makes before it loads anything else. No imports and plain syntax: the check runs on an old Node
// and says in one line what the package needs, instead of a SyntaxError from a module that uses an
// API the old Node lacks.

/** package.json `engines.node` (test/package/node-version.test.ts holds the two equal). */
export const SUPPORTED_NODE = '^22.19.0 || ^24.0.0 || >=26.0.0';

/** Whether a Node version as `process.versions.node` gives it ("24.11.0") is in SUPPORTED_NODE. */
export function isSupportedNode(version: string): boolean {
  const [major = Number.NaN, minor = Number.NaN] = version.split('.').map((part) => Number.parseInt(part, 10));
  if (major === 22) return minor >= 19;
  return major === 24 || major >= 26;
}

/** The line to print on an unsupported Node; undefined on a supported one. */
export function nodeVersionProblem(version: string): string | undefined {
  if (isSupportedNode(version)) return undefined;
  return `agent-platform-contract needs Node.js ${SUPPORTED_NODE} (package.json engines); this is Node.js ${version}.`;
}
