// What vitest saw in a run of the suite files: each test's outcome and errors outside tests.
import type { Vitest } from 'vitest/node';
import type { VitestResults, VitestTestResult } from './run-suite.ts';

/** The results of vitest's last run, of the given modules when named (a run of some files). */
export function collectResults(vitest: Vitest, modules?: readonly string[]): VitestResults {
  const tests: VitestTestResult[] = [];
  const fileErrors: VitestResults['fileErrors'] = [];
  for (const module of vitest.state.getTestModules()) {
    if (modules && !modules.includes(module.moduleId)) continue;
    for (const error of module.errors()) fileErrors.push({ file: module.moduleId, message: error.stack ?? error.message });
    for (const test of module.children.allTests()) {
      const result = test.result();
      tests.push({
        fullName: test.fullName,
        title: test.name,
        status: result.state,
        failureMessages: result.state === 'failed' ? result.errors.map((e) => e.stack ?? e.message) : [],
      });
    }
  }
  for (const error of vitest.state.getUnhandledErrors()) fileErrors.push({ file: '(unhandled)', message: String((error as Error)?.stack ?? error) });
  return { tests, fileErrors };
}
