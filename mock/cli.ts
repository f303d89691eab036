// `npm start` (`node mock/cli.ts`): the mock's command line, whose flags and behaviour are in cli-main.ts.
// This file only turns on Node's compile cache (node:module enableCompileCache: the type-stripped
// and compiled code of every module is kept on disk, in the system's temporary directory, keyed by
// each file's content) and then loads the server (cli-main.ts). Loading the mock's modules, type
// stripping included, was most of its startup; with the cache a start after the first takes a
// fraction of it. It must run before the imports, hence the separate file and the dynamic import.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./cli-main.ts');
