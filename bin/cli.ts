#!/usr/bin/env node
// The package's command, one bin with two subcommands:
//   agent-platform-contract mock [flags]          the mock over HTTP (mock/cli.ts; --help for flags)
//   agent-platform-contract conformance [flags]   the conformance suite (conformance/cli.ts)
// The Node version is checked first (node-version.ts, which imports nothing): on a Node outside
// package.json's `engines`, one line on stderr says what is needed and the exit code is 1, before
// any module that needs a newer Node is loaded. This file has no top-level await, so it parses on
// an old Node too; the subcommands are in commands.ts, loaded after the check.
import { nodeVersionProblem } from './node-version.ts';

const problem = nodeVersionProblem(process.versions.node);
if (problem !== undefined) {
  console.error(problem);
  process.exit(1);
}
import('./commands.ts').catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
