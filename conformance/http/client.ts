// The suite's HTTP client (undici). Every request goes through here: it is paced (general rate,
// and the send operations' 5-per-second window), a 429 is waited out as its Retry-After says
// (seed "Errors": retry 429 honouring Retry-After) unless the request is meant to cross the
// limit, every exchange is checked by every exchange check and recorded, and every write is
// written to the run's ledger (record/ledger.ts) before it is sent and once answered.
import { Agent, request } from 'undici';
import { TRANSPORT_CHECK } from '../checks/index.ts';
import { runChecks } from '../checks/run-checks.ts';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { differingFields, isWrite, ledger, stopWorkerOnSignal, writeOutcome } from '../record/ledger.ts';
import type { Recorder } from '../record/recorder.ts';
import { RUN_DIR_ENV, type Target } from '../target/target.ts';
import type { Exchange, Expectation } from './exchange.ts';
import { suiteLookup } from './lookup.ts';
import { tlsTrust } from './trust.ts';
import { GeneralPacer, SendPacer, type SendSlot, sleep } from './pacer.ts';

export interface SendOptions {
  op: SuiteOperation;
  pathParams?: Record<string, string>;
  query?: Record<string, string | string[] | undefined>;
  headers?: Record<string, string>;
  /** undefined: the workspace token; null: no Authorization header; a string: that token. */
  token?: string | null;
  /** A raw Authorization header value (malformed-header checks); wins over `token`. */
  authorization?: string;
  json?: unknown;
  /** A body sent as is (malformed JSON); wins over `json`. */
  rawBody?: string;
  /** Another hostname on the same deployment (the wrong-tenant check). */
  host?: string;
  expectation?: Expectation;
  /** Keep a 429 as the answer instead of waiting it out (checks meant to cross a limit). */
  allow429?: boolean;
  /** For a send operation: wait for a place in the 5-per-second window (default: when a 2xx is expected). */
  paced?: boolean;
  /** Leave the general pacer out (a check meant to cross the general limit). */
  unpaced?: boolean;
  /**
   * A write-back of an existing resource to `before` (its body as read before the run changed it):
   * the ledger records it as restored, with the fields a read after it still shows different.
   */
  restores?: { before: unknown };
}

export interface Answer extends Exchange {
  json: unknown;
}

const MAX_ATTEMPTS = 5;
const MAX_RETRY_WAIT_S = 65;

export class SuiteClient {
  readonly target: Target;
  readonly contract: SuiteContract;
  readonly sendPacer = new SendPacer();
  private readonly general: GeneralPacer;
  private readonly recorder: Recorder;
  private readonly aliases = new Map<string, string>();
  private readonly agent: Agent;
  private readonly base: URL;

  constructor(target: Target, contract: SuiteContract, recorder: Recorder) {
    this.target = target;
    this.contract = contract;
    this.recorder = recorder;
    this.base = new URL(target.baseUrl);
    // A suite worker of a CLI run stops on the CLI's signal once its writes in flight are recorded.
    if (process.env.VITEST_WORKER_ID !== undefined && process.env[RUN_DIR_ENV] !== undefined) stopWorkerOnSignal();
    this.general = new GeneralPacer(target.generalPerMinute > 0 ? target.generalPerMinute : Number.POSITIVE_INFINITY);
    this.agent = new Agent({
      connect: { lookup: suiteLookup(this.aliases), ...tlsTrust(target), timeout: 15_000 },
      connections: 32,
      keepAliveTimeout: 4_000,
      // Stop reusing a connection 4 s before the server's announced keep-alive ends (undici's
      // default margin is 2 s): a loaded machine runs timers late, and a POST on a connection the
      // server is closing fails without a retry.
      keepAliveTimeoutThreshold: 4_000,
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
  }

  op(operationId: string): SuiteOperation {
    const op = this.contract.byId.get(operationId);
    if (!op) throw new Error(`unknown operation ${operationId}`);
    return op;
  }

  /** Lets `hostname` (another tenant of the deployment) reach the target's address. */
  alias(hostname: string): void {
    this.aliases.set(hostname.toLowerCase(), this.base.hostname);
  }

  url(options: Pick<SendOptions, 'op' | 'pathParams' | 'query' | 'host'>): string {
    const path = options.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(options.pathParams?.[name] ?? ''));
    const url = new URL(path, this.base);
    if (options.host) url.hostname = options.host;
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
    }
    return url.toString();
  }

  async send(options: SendOptions): Promise<Answer> {
    const paced = options.op.sendLimited && (options.paced ?? options.expectation?.kind === 'accepted');
    let answer: Answer | undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const slot = paced ? await this.sendPacer.acquire() : undefined;
      answer = await this.once(options, slot);
      const retry = answer.response?.status === 429 && !options.allow429 && attempt < MAX_ATTEMPTS;
      if (retry) answer.retried = true;
      this.judge(answer);
      if (!retry) break;
      const seconds = Number(answer.response?.headers['retry-after'] ?? '1');
      await sleep(1000 * Math.min(MAX_RETRY_WAIT_S, Number.isFinite(seconds) && seconds > 0 ? seconds : 1) + 50);
    }
    return answer as Answer;
  }

  private async once(options: SendOptions, slot: SendSlot | undefined): Promise<Answer> {
    const url = this.url(options);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const authorization =
      options.authorization ?? (options.token === null ? undefined : `Bearer ${options.token ?? this.target.workspaceToken}`);
    if (authorization !== undefined) headers.authorization = authorization;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined) headers['content-type'] ??= 'application/json';

    if (!options.unpaced) await this.general.acquire();
    if (ledger.stopRequested()) throw new Error('the run was stopped: no further request is sent');
    // Every write is in the ledger before it is sent, and again with what it did once answered.
    const path = new URL(url).pathname;
    const key = isWrite(options.op.method) ? ledger.sending(options.op, path) : undefined;
    this.recorder.countRequest();
    const exchange: Exchange = {
      request: { operationId: options.op.operationId, method: options.op.method, url, headers, ...(body !== undefined ? { body } : {}) },
      response: undefined,
      sentAt: Date.now(),
      receivedAt: 0,
      ...(options.expectation ? { expectation: options.expectation } : {}),
      ...(options.json !== undefined && options.rawBody === undefined ? { requestJson: options.json } : {}),
      query: Object.fromEntries(
        Object.entries(options.query ?? {})
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, Array.isArray(v) ? v : [v as string]]),
      ),
      ...(options.pathParams ? { pathParams: options.pathParams } : {}),
    };
    try {
      const res = await request(url, { method: options.op.method as 'GET', headers, body, dispatcher: this.agent });
      const text = await res.body.text();
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      exchange.response = { status: res.statusCode, headers: responseHeaders, text };
      this.recorder.sawStatus(options.op.operationId, res.statusCode);
    } catch (error) {
      exchange.transportError = describeError(error);
    }
    exchange.receivedAt = Date.now();
    const accepted = exchange.response !== undefined && exchange.response.status >= 200 && exchange.response.status < 300;
    if (slot) slot.release(accepted ? exchange.receivedAt : undefined);
    else if (options.op.sendLimited && accepted) this.sendPacer.noteAccepted(exchange.receivedAt);
    if (key !== undefined) await this.noteWrite(key, options, path, exchange);
    return this.check(options.op, exchange);
  }

  /** Writes down what a write did (record/ledger.ts); a write-back is verified by reading the resource after it. */
  private async noteWrite(key: string, options: SendOptions, path: string, exchange: Exchange): Promise<void> {
    const status = exchange.response?.status;
    if (status === undefined) return ledger.answered(key, options.op, path, {});
    const outcome = writeOutcome(this.contract, options.op, options.pathParams, path, status, parseJson(exchange.response?.text ?? ''));
    if (options.restores && outcome.action === 'changed') {
      const read = this.contract.operations.find((o) => o.method === 'GET' && o.path === options.op.path);
      const after = read ? await this.send({ op: read, pathParams: options.pathParams ?? {} }) : undefined;
      const differs = after ? differingFields(options.restores.before, after.json) : ['(no read operation to verify it with)'];
      return ledger.answered(key, options.op, path, { status, action: 'restored', ...(outcome.id !== undefined ? { id: outcome.id } : {}), differs });
    }
    ledger.answered(key, options.op, path, { status, ...outcome });
  }

  private check(op: SuiteOperation, exchange: Exchange): Answer {
    let json: unknown;
    if (exchange.response) {
      try {
        json = exchange.response.text.trim() === '' ? undefined : JSON.parse(exchange.response.text);
      } catch {
        json = undefined;
      }
    }
    const answer: Answer = Object.assign(exchange, { json });
    if (!exchange.response) {
      this.recorder.record({
        check: TRANSPORT_CHECK.name,
        rule: TRANSPORT_CHECK.rule,
        operationId: op.operationId,
        outcome: { part: 'documented', message: `no response: ${exchange.transportError ?? 'unknown error'}` },
        exchange,
      });
      return answer;
    }
    this.recorder.record({ check: TRANSPORT_CHECK.name, rule: TRANSPORT_CHECK.rule, operationId: op.operationId, outcome: 'pass' });
    return answer;
  }

  /** Runs the exchange checks on an answer. Deferred so a 429 that is retried is judged as retried. */
  private judge(answer: Answer): void {
    const op = this.op(answer.request.operationId);
    for (const run of runChecks(this.contract, op, answer, (check) => this.recorder.applies(check))) {
      if (run.result === 'pass' || run.result === 'skip') {
        this.recorder.record({ check: run.check, rule: run.rule, operationId: op.operationId, outcome: run.result });
        continue;
      }
      for (const v of run.result) {
        this.recorder.record({
          check: run.check,
          rule: run.rule,
          operationId: op.operationId,
          outcome: { part: v.part, message: v.message },
          exchange: answer,
        });
      }
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function parseJson(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const parts = [e.code, e.message, e.cause?.code, e.cause?.message].filter((p): p is string => typeof p === 'string' && p !== '');
  return [...new Set(parts)].join(': ') || String(error);
}
