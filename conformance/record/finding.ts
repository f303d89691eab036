// What a run records: findings (a failed check, with the request, the response, the rule and the
// replay data) and tallies of pass / fail / warn / skip per operation and check.
import type { ExchangeRequest, ExchangeResponse } from '../http/exchange.ts';

/** `fail`: a documented part broke (the run fails); `warn`: an inferred part (listed apart). */
export type Severity = 'fail' | 'warn';

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
  operationId: string | undefined;
  message: string;
  test: string | undefined;
  exchange?: RecordedExchange;
  replay?: Replay;
}

export interface Tally {
  pass: number;
  fail: number;
  warn: number;
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
  /** Suite tests in which a documented check failed (findings beyond the detailed ones count too). */
  failedTests: string[];
}

export function tallyKey(operationId: string | undefined, check: string): string {
  return `${operationId ?? ''}\u0000${check}`;
}

export function emptyTally(): Tally {
  return { pass: 0, fail: 0, warn: 0, skip: 0 };
}
