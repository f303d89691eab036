// `npm start` (`node mock/cli.ts`): the mock's command line, whose flags and behaviour are in
// cli-main.ts. This file tunes the process before the server's modules load, then loads them:
// - the Node version, checked first (bin/node-version.ts): on a Node outside package.json's
//   `engines`, one line says what is needed and the exit code is 1. node:module is imported whole
//   (not `{ enableCompileCache }`), so this file links on a Node that lacks the function and the
//   check gets to run.
// - Node's compile cache (node:module enableCompileCache): the type-stripped and compiled code of
//   every module is kept on disk, in the system's temporary directory, keyed by each file's
//   content. Loading the mock's modules, type stripping included, was most of its startup; with the
//   cache a start after the first takes a fraction of it. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// - V8's allocation-site pretenuring, off. V8 allocates the objects of a code site straight into
//   the old generation once most of them have survived a collection. A burst of sends (whose
//   answers the journal, the API feed and the idempotency store keep) taught it that for the
//   response and journal code every request shares; the list reads after it then filled the old
//   generation with short-lived answers: scavenges of 6–7 ms instead of 1.5 ms, a major collection
//   every few seconds, p99 8–9 ms instead of 4 ms. Off, those answers die young. (Set here, not as
//   a node flag: it then holds for `node mock/cli.ts` and the package's bin as for `npm start`.)
// All must run before the imports, hence the separate file and the dynamic import.
import nodeModule from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { nodeVersionProblem } from '../bin/node-version.ts';

const problem = nodeVersionProblem(process.versions.node);
if (problem !== undefined) {
  console.error(problem);
  process.exit(1);
}
nodeModule.enableCompileCache();
setFlagsFromString('--no-allocation-site-pretenuring');
await import('./cli-main.ts');
