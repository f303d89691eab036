// What a run records: findings (a failed check, with the label of the part it is about, the
// request, the response, the rule and the replay data; or a rule the suite could not decide, with
// the reason) and tallies of pass / fail / warn / inconclusive / skip per operation and check.
import type { Label } from '../../contract/labels.ts';
import type { ExchangeRequest, ExchangeResponse } from '../http/exchange.ts';

/**
 * `fail`: a part at or above the run's threshold (`--fail-on`, default published) broke, so the
 * run fails; `warn`: a part below it (listed apart); `inconclusive`: the rule could not be
 * decided (the answer lacked what it needs), so the run cannot pass.
 */
export type Severity = 'fail' | 'warn' | 'inconclusive';

export interface Replay {
  /** The suite test the property runs in (`--only`). */
  test: string;
  seed: number;
  /** fast-check path of the counterexample (or of the run, for a warning). */
  path: string;
  /** Model-based runs: fast-check's replayPath of the command sequence. */
  commands?: string;
}

export interface RecordedExchange {
  request: ExchangeRequest;
  response?: ExchangeResponse;
  transportError?: string;
}

export interface Finding {
  check: string;
  rule: string;
  severity: Severity;
  /** The label of the part the finding is about (none for an inconclusive rule). */
  label?: Label;
  operationId: string | undefined;
  /** The problem, or for an inconclusive rule the reason it could not be decided. */
  message: string;
  test: string | undefined;
  exchange?: RecordedExchange;
  replay?: Replay;
  /** One-line curl reproduction of the exchange (tokens as environment variables, never values). */
  curl?: string;
}

export interface Tally {
  pass: number;
  fail: number;
  warn: number;
  inconclusive: number;
  skip: number;
}

export interface Note {
  area: string;
  message: string;
}

/** What one suite file hands to the report. */
export interface RecordedResults {
  findings: Finding[];
  /** key: `${operationId}\u0000${check}` (operationId '' for rule checks across operations). */
  tallies: Record<string, Tally>;
  notes: Note[];
  requests: number;
  /** Suite tests in which a check failed at the run's threshold (findings beyond the detailed ones count too). */
  failedTests: string[];
  /** Status codes answered per operation (operationId → distinct statuses), for the coverage report. */
  statuses?: Record<string, number[]>;
}

export function tallyKey(operationId: string | undefined, check: string): string {
  return `${operationId ?? ''}\u0000${check}`;
}

export function emptyTally(): Tally {
  return { pass: 0, fail: 0, warn: 0, inconclusive: 0, skip: 0 };
}
