// Runs a fast-check property whose runs make HTTP requests. The checks of each run are buffered:
// a run that breaks a part at the run's threshold (a failing finding) fails the property, fast-check shrinks it, and the findings
// of the final counterexample are kept with the seed and path that replay it. Warnings of passing
// runs are kept with the path of their run (`--replay seed:path` replays it).
import fc from 'fast-check';
import { loadTarget } from '../target/target.ts';
import type { Entry } from './recorder.ts';
import { recorder } from './recorder.ts';
import { RuleFailure } from './rule.ts';

export interface PropertyOptions {
  numRuns: number;
  /** Stop at the first failure without shrinking. */
  endOnFailure?: boolean;
}

export interface PropertyOutcome {
  failed: boolean;
  seed: number;
  path: string | undefined;
  counterexample: unknown;
}

/** A stable per-property seed from the run's seed, so each property replays on its own. */
export function propertySeed(runSeed: number, name: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

export async function runProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  body: (value: T) => Promise<void>,
  options: PropertyOptions,
  describeCounterexample?: (value: T) => string | undefined,
): Promise<PropertyOutcome> {
  const target = loadTarget();
  const test = recorder.currentTest ?? name;
  const seed = target.replay?.seed ?? propertySeed(target.seed, test);
  let runIndex = -1;
  let failed = false;
  let lastFailing: Entry[] = [];
  let lastValue: T | undefined;

  const property = fc.asyncProperty(arbitrary, async (value) => {
    if (!failed) runIndex++;
    const buffer = recorder.beginBuffer();
    let thrown: unknown;
    try {
      await body(value);
    } catch (error) {
      thrown = error;
    } finally {
      recorder.endBuffer(buffer);
    }
    if (thrown !== undefined && !(thrown instanceof RuleFailure)) {
      buffer.push({
        check: 'suite-error',
        rule: 'the suite itself ran to completion',
        operationId: undefined,
        outcome: { part: 'documented', message: `the property threw: ${(thrown as Error).stack ?? String(thrown)}` },
      });
    }
    if (thrown !== undefined || buffer.some((e) => recorder.fails(e))) {
      failed = true;
      lastFailing = buffer;
      lastValue = value;
      throw new RuleFailure('a check failed');
    }
    if (!failed) recorder.commit(buffer, { test, seed, path: String(runIndex) });
  });

  const details = await fc.check(property, {
    seed,
    numRuns: options.numRuns,
    ...(target.replay ? { path: target.replay.path, endOnFailure: true } : {}),
    ...(options.endOnFailure ? { endOnFailure: true } : {}),
  });
  if (details.failed) {
    const commands = lastValue === undefined ? undefined : describeCounterexample?.(lastValue);
    recorder.commit(lastFailing, { test, seed: details.seed, path: details.counterexamplePath ?? '', ...(commands ? { commands } : {}) });
  }
  return { failed: details.failed, seed: details.seed, path: details.counterexamplePath ?? undefined, counterexample: lastValue };
}
