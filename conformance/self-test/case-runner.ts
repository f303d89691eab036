// Runs self-test cases against one mock and one vitest instance: for each case the mock gets the
// case's fault (control API PUT /faults) and fresh state (POST /reset), the narrowed suite runs
// in fresh worker processes (isolate), and the run's report is built exactly as the CLI builds it
// (report/run-report.ts), so "caught" means what a user's run would say.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import type { Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { MODULE_EXT } from '../module-ext.ts';
import { buildReport, readRecorded, type RunReport } from '../report/run-report.ts';
import { SUITE_CONFIG } from '../run/run-suite.ts';
import { collectResults } from '../run/vitest-results.ts';
import { RUN_DIR_ENV, TARGET_ENV, type Target } from '../target/target.ts';
import type { FaultCase } from './case.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** What the narrowed run of a case is: its suite parts, test pattern, mode, profile and threshold. */
export type CaseRun = Pick<FaultCase, 'parts' | 'only' | 'failOn' | 'mode' | 'profile'>;

export interface CaseRunner {
  /** Runs the narrowed suite with `fault` active (none: the baseline) and returns the run's report. */
  run(selection: CaseRun, fault: string | undefined): Promise<RunReport>;
  close(): Promise<void>;
}

async function control(base: string, method: 'PUT' | 'POST', path: string, body: unknown): Promise<void> {
  const res = await request(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${method} ${path} on the mock's control API answered ${res.statusCode}: ${text}`);
}

/**
 * A runner over the mock at `controlUrl` for `target` (the tenant the cases certify). Files go to
 * `workDir`, which the runner owns.
 */
export async function createCaseRunner(target: Target, controlUrl: string, workDir: string): Promise<CaseRunner> {
  const targetFile = join(workDir, 'target.json');
  const runDir = join(workDir, 'run');
  mkdirSync(runDir, { recursive: true });
  writeFileSync(targetFile, JSON.stringify(target));
  // Workers are forked per run (isolate) and inherit these at fork time.
  process.env[TARGET_ENV] = targetFile;
  process.env[RUN_DIR_ENV] = runDir;
  const vitest: Vitest = await createVitest(
    'test',
    { config: SUITE_CONFIG, root: ROOT, watch: false, reporters: [{}], passWithNoTests: true },
    {},
  );

  return {
    async run(selection, fault) {
      const caseTarget: Target = {
        ...target,
        parts: selection.parts,
        mode: selection.mode ?? target.mode,
        profile: selection.profile ?? 'quick',
        failOn: selection.failOn ?? target.failOn,
      };
      writeFileSync(targetFile, JSON.stringify(caseTarget));
      rmSync(runDir, { recursive: true, force: true });
      mkdirSync(runDir, { recursive: true });
      await control(controlUrl, 'PUT', '/faults', { faults: fault === undefined ? [] : [fault] });
      await control(controlUrl, 'POST', '/reset', {});
      if (selection.only === undefined) vitest.resetGlobalTestNamePattern();
      else vitest.setGlobalTestNamePattern(selection.only);
      const started = Date.now();
      const specifications = (await vitest.globTestSpecifications(caseTarget.parts.map((p) => `conformance/suite/${p}.test.${MODULE_EXT}`))).filter((s) =>
        caseTarget.parts.some((p) => s.moduleId.endsWith(`/conformance/suite/${p}.test.${MODULE_EXT}`)),
      );
      await vitest.runTestSpecifications(specifications, false);
      const results = collectResults(vitest, specifications.map((s) => s.moduleId));
      return buildReport(readRecorded(runDir), results, {
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        target: {
          baseUrl: caseTarget.baseUrl,
          mode: caseTarget.mode,
          profile: caseTarget.profile,
          parts: caseTarget.parts,
          seed: caseTarget.seed,
          mock: true,
          faults: fault === undefined ? [] : [fault],
          failOn: caseTarget.failOn,
          ...(selection.only !== undefined ? { only: selection.only } : {}),
        },
      });
    },
    async close() {
      await vitest.close();
      await control(controlUrl, 'PUT', '/faults', { faults: [] }).catch(() => undefined);
    },
  };
}
