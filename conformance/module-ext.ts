// The extension of this package's own modules: `ts` when the sources run (Node's type stripping),
// `js` when the compiled package (dist/) runs. Paths built at run time (the suite's vitest config
// and files, the mock's CLI) use it: the compiler rewrites import specifiers, not path strings.
export const MODULE_EXT: 'ts' | 'js' = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
