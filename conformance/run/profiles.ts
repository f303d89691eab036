// How much generated data a run sends. `quick` proves the checks fire (the fault self-test),
// `default` is the CI run, `thorough` is for a nightly certification.
import type { Profile } from '../target/target.ts';

export interface ProfileSettings {
  /** Generated valid requests per operation. */
  validRuns: number;
  /** Generated invalid requests per operation. */
  invalidRuns: number;
  /** Boundary cases per operation (every bound, both sides, up to this many). */
  maxBoundaries: number;
  /** Command sequences per stateful model, and their longest length. */
  modelRuns: number;
  maxCommands: number;
  /** Stop a failing property at its first counterexample, without shrinking. */
  endOnFailure: boolean;
}

export const PROFILE_SETTINGS: Record<Profile, ProfileSettings> = {
  quick: { validRuns: 2, invalidRuns: 3, maxBoundaries: 4, modelRuns: 2, maxCommands: 6, endOnFailure: true },
  default: { validRuns: 4, invalidRuns: 8, maxBoundaries: 40, modelRuns: 4, maxCommands: 10, endOnFailure: false },
  thorough: { validRuns: 30, invalidRuns: 60, maxBoundaries: 400, modelRuns: 20, maxCommands: 25, endOnFailure: false },
};
