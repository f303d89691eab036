// Collects findings and tallies in the suite's worker. Inside a fast-check property the entries of
// one run are buffered, so only the run that is kept (the shrunk counterexample, or a run that
// passed) reaches the results, with the seed and path that replay it. A violation's severity
// follows the label of its part and the run's threshold (severity.ts).
import type { Label } from '../../contract/labels.ts';
import type { Exchange } from '../http/exchange.ts';
import { aspectOwners } from '../rules/catalogue.ts';
import { emptyTally, type Finding, type Note, type RecordedExchange, type RecordedResults, type Replay, type Tally, tallyKey } from './finding.ts';
import { DEFAULT_FAIL_ON, severityOf } from './severity.ts';
import { maskBodyText, maskHeader, maskText, maskUrl } from './token-mask.ts';

const MAX_BODY = 4000;
/** Detailed findings kept per (operation, check, severity); the rest only count. */
const MAX_DETAILED = 5;

/**
 * `pass`, `skip` (does not apply), a violation of a part with its label, or a rule that could not
 * be decided, with the reason (`inconclusive`).
 */
export type Outcome = 'pass' | 'skip' | { part: Label; message: string } | { inconclusive: string };

export interface Entry {
  check: string;
  rule: string;
  operationId: string | undefined;
  outcome: Outcome;
  exchange?: Exchange;
}

export class Recorder {
  private findings: Finding[] = [];
  private tallies = new Map<string, Tally>();
  private notes: Note[] = [];
  private requests = 0;
  private detailed = new Map<string, number>();
  private buffers: Entry[][] = [];
  private testFailures: Finding[] = [];
  private failedTests = new Set<string>();
  private statuses = new Map<string, Set<number>>();
  currentTest: string | undefined;
  /** The least authoritative label whose violations fail the run (`--fail-on`). */
  failOn: Label = DEFAULT_FAIL_ON;
  /** Checks left out by --checks / --exclude-checks: their outcomes are not recorded and fail nothing. */
  excluded: ReadonlySet<string> = new Set();
  /** What the run has done so far, never drained (the live progress reads it). */
  readonly activity = { requests: 0, checks: new Set<string>() };
  /** The run's tokens and the environment variable each comes from: recorded exchanges name the variable. */
  private secrets = new Map<string, string>();

  /** Registers a token: an Authorization header carrying it is recorded as `Bearer $<variable>`. */
  secret(value: string | undefined, variable: string): void {
    if (value) this.secrets.set(value, variable);
  }

  /** A message or note with the registered tokens shown as their variables, where they appear as tokens (token-mask.ts). */
  redact(text: string): string {
    return maskText(text, this.secrets);
  }

  /** Whether an entry fails the run (a violation at or above the threshold). */
  fails(entry: Entry): boolean {
    if (this.excluded.has(entry.check)) return false;
    return typeof entry.outcome === 'object' && 'part' in entry.outcome && severityOf(entry.outcome.part, this.failOn) === 'fail';
  }

  /** Notes the status of an answer to an operation (the coverage report's documented statuses seen). */
  sawStatus(operationId: string, status: number): void {
    const seen = this.statuses.get(operationId) ?? new Set<number>();
    seen.add(status);
    this.statuses.set(operationId, seen);
  }

  countRequest(): void {
    this.requests++;
    this.activity.requests++;
  }

  /** Whether a check is applied in this run (not left out by --checks / --exclude-checks). */
  applies(check: string): boolean {
    return !this.excluded.has(check);
  }

  record(entry: Entry): void {
    if (this.excluded.has(entry.check)) return;
    if (entry.outcome !== 'skip') this.activity.checks.add(entry.check);
    const buffer = this.buffers[this.buffers.length - 1];
    if (buffer) buffer.push(entry);
    else this.commitEntry(entry, undefined);
  }

  note(area: string, text: string): void {
    const message = this.redact(text);
    if (!this.notes.some((n) => n.area === area && n.message === message)) this.notes.push({ area, message });
  }

  /** Starts buffering entries (one fast-check run). */
  beginBuffer(): Entry[] {
    const buffer: Entry[] = [];
    this.buffers.push(buffer);
    return buffer;
  }

  endBuffer(buffer: Entry[]): void {
    const index = this.buffers.lastIndexOf(buffer);
    if (index !== -1) this.buffers.splice(index, 1);
  }

  commit(entries: Entry[], replay: Replay | undefined): void {
    for (const entry of entries) this.commitEntry(entry, replay);
  }

  /** Findings of severity `fail` since the last call (the current test's). */
  takeTestFailures(): Finding[] {
    const out = this.testFailures;
    this.testFailures = [];
    return out;
  }

  drain(): RecordedResults {
    const results: RecordedResults = {
      findings: this.findings,
      tallies: Object.fromEntries(this.tallies),
      notes: this.notes,
      requests: this.requests,
      failedTests: [...this.failedTests],
      statuses: Object.fromEntries([...this.statuses].map(([op, seen]) => [op, [...seen].sort((a, b) => a - b)])),
    };
    this.failedTests = new Set();
    this.statuses = new Map();
    this.findings = [];
    this.tallies = new Map();
    this.notes = [];
    this.requests = 0;
    this.detailed = new Map();
    return results;
  }

  private redactExchange(ex: RecordedExchange): RecordedExchange {
    const s = this.secrets;
    const headers = Object.fromEntries(Object.entries(ex.request.headers).map(([k, v]) => [k, maskHeader(v, s)]));
    return {
      request: { ...ex.request, url: maskUrl(ex.request.url, s), headers, ...(ex.request.body !== undefined ? { body: maskBodyText(ex.request.body, s) } : {}) },
      ...(ex.response ? { response: { ...ex.response, text: maskBodyText(ex.response.text, s), headers: Object.fromEntries(Object.entries(ex.response.headers).map(([k, v]) => [k, maskHeader(String(v), s)])) } } : {}),
      ...(ex.transportError ? { transportError: maskText(ex.transportError, s) } : {}),
    };
  }

  private commitEntry(entry: Entry, replay: Replay | undefined): void {
    const key = tallyKey(entry.operationId, entry.check);
    const tally = this.tallies.get(key) ?? emptyTally();
    this.tallies.set(key, tally);
    if (entry.outcome === 'pass' || entry.outcome === 'skip') {
      tally[entry.outcome]++;
      return;
    }
    const outcome = entry.outcome;
    const severity = 'part' in outcome ? severityOf(outcome.part, this.failOn) : 'inconclusive';
    tally[severity]++;
    const finding: Finding = {
      check: entry.check,
      rule: entry.rule,
      severity,
      ...('part' in outcome ? { label: outcome.part } : {}),
      operationId: entry.operationId,
      message: this.redact('part' in outcome ? outcome.message : outcome.inconclusive),
      test: this.currentTest,
      ...(entry.exchange ? { exchange: this.redactExchange(recordedExchange(entry.exchange, this.secrets)) } : {}),
      ...(replay ? { replay } : {}),
    };
    if (finding.severity === 'fail') {
      this.testFailures.push(finding);
      if (finding.test) this.failedTests.add(finding.test);
    }
    // Inconclusive findings are kept one per reason, so the report can name every reason; the
    // others per rule that owns them within a shared check, so each such rule keeps its own.
    const detailKey = `${key}\u0000${finding.severity}${severity === 'inconclusive' ? `\u0000${finding.message}` : `\u0000${aspectOwners(entry.check, entry.operationId, finding.message)}`}`;
    const count = this.detailed.get(detailKey) ?? 0;
    this.detailed.set(detailKey, count + 1);
    if (count < MAX_DETAILED) this.findings.push(finding);
  }
}

function truncate(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} characters)` : text;
}

/** Fields that hold secrets (seed "Authentication" rule 8: secrets are masked); reports never show them. */
const SECRET_FIELDS = new Set(['token', 'service_token', 'password', 'pin', 'secret']);

function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) && typeof v === 'string' ? `****${v.slice(-4)}` : maskSecrets(v)]),
    );
  }
  return value;
}

/** A JSON text with its secret fields masked (other text as it is). */
export function maskBody(text: string): string {
  try {
    return JSON.stringify(maskSecrets(JSON.parse(text)));
  } catch {
    return text;
  }
}

function recordedExchange(ex: Exchange, secrets: ReadonlyMap<string, string> = new Map()): RecordedExchange {
  const headers = { ...ex.request.headers };
  if (headers.authorization) headers.authorization = maskAuthorization(headers.authorization, secrets);
  return {
    request: { ...ex.request, headers, ...(ex.request.body !== undefined ? { body: truncate(maskBody(ex.request.body)) } : {}) },
    ...(ex.response ? { response: { ...ex.response, text: truncate(maskBody(ex.response.text)) } } : {}),
    ...(ex.transportError ? { transportError: ex.transportError } : {}),
  };
}

/**
 * Tokens are secrets: reports show a known token as the environment variable it comes from
 * (`Bearer $CONFORMANCE_TOKEN`), any other as the scheme and its last four characters only.
 */
export function maskAuthorization(value: string, secrets: ReadonlyMap<string, string> = new Map()): string {
  const match = /^(\S+)\s+(\S+)$/.exec(value);
  if (!match) return value.length > 8 ? `****${value.slice(-4)}` : value;
  const token = match[2] as string;
  const variable = secrets.get(token);
  if (variable) return `${match[1]} $${variable}`;
  return `${match[1]} ${token.length > 8 ? `****${token.slice(-4)}` : token}`;
}

export const recorder = new Recorder();
