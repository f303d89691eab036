// A self-test case: a mock fault (mock/pipeline/faults.ts, named here as a string so the suite
// never imports the mock) that breaks one catalogue rule the way a server bug would. The self-test
// starts the mock with the fault, runs the narrowed suite and expects the run to FAIL with the
// rule's verdict `violated` (self-test/run-self-test.ts). Every rule with checks has at least one
// case (test/conformance/catalogue.test.ts).
import type { Label } from '../../contract/labels.ts';
import type { Mode, Profile, SuitePart } from '../target/target.ts';

export interface FaultCase {
  /** The catalogue rule (rules/catalogue.ts) the fault breaks. */
  rule: string;
  /** The mock fault that breaks it. */
  fault: string;
  /** The suite parts to run: the fewest that hold the rule's checks. */
  parts: SuitePart[];
  /** A test-name pattern (as `--only`) narrowing the run to the tests that exercise the rule. */
  only?: string;
  /** `--fail-on`, for a rule on inferred parts (default: the run's default). */
  failOn?: Label;
  /** `--mode`, when the rule's checks need more than the default mode against the mock (full). */
  mode?: Mode;
  /** `--profile` (default quick). */
  profile?: Profile;
}
