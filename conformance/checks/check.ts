// A check is a small named function run on every exchange the suite makes. It names the seed
// rule it enforces and returns pass, skip (does not apply) or failures, each with the label of the
// part it concerns (documented, published or inferred): at or above the run's threshold a failure
// fails the run, below it a failure is a warning.
import type { SuiteContract } from '../contract/load.ts';
import type { Part, SuiteOperation, SuiteResponse } from '../contract/operation.ts';
import type { TemporalValue } from '../contract/temporal.ts';
import type { Exchange } from '../http/exchange.ts';

export interface Violation {
  message: string;
  part: Part;
}

export type CheckResult = 'pass' | 'skip' | Violation[];

export interface CheckContext {
  contract: SuiteContract;
  op: SuiteOperation;
  /** The documented response for the status, when there is one. */
  documented: SuiteResponse | undefined;
  /** The parsed body; undefined when empty or not JSON (see `jsonError`). */
  json: unknown;
  jsonError: string | undefined;
  /** Time values of the body found through the schema of its status (cached). */
  temporal(): TemporalValue[];
  /**
   * The label of the value at an instance path of the body (with `keyword`: of that constraint on
   * it); the operation's when the status is undocumented.
   */
  partAt(segments: readonly string[], keyword?: string): Part;
}

export interface ExchangeCheck {
  /** kebab-case name, as shown in reports. */
  name: string;
  /** The seed rule it enforces. */
  rule: string;
  run(exchange: Exchange & { response: NonNullable<Exchange['response']> }, ctx: CheckContext): CheckResult;
}

export function violation(message: string, part: Part): Violation[] {
  return [{ message, part }];
}

export function opPart(op: SuiteOperation): Part {
  return op.contract;
}
