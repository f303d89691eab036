// Before the suite runs, two GETs ask a --base-url target whether it is this API: a list operation
// of the contract (one without path or required query parameters), with the token and without one.
// An address that cannot be reached (connection refused, a host name that does not resolve, a TLS
// handshake that fails, no answer) or a host that answers but not as this API (404 to both, or no
// JSON body to either: a web page, another service) stops the run with one message and its own
// exit code, instead of a finding per request. A --mock-control URL is asked for the mock's
// description the same way. Nothing else is sent; the token is never part of a message.
import { Agent, request } from 'undici';
import type { SuiteContract } from '../contract/load.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { suiteLookup } from '../http/lookup.ts';
import { tlsTrust } from '../http/trust.ts';
import type { Target } from '../target/target.ts';

/** The exit code of a run stopped because its target cannot be reached or is not this API. */
export const PREFLIGHT_EXIT_CODE = 4;

const PROBE_TIMEOUT_MS = 30_000;
/** Characters of an answer's body quoted in the message. */
const QUOTED = 80;

export class PreflightError extends Error {}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Why a request got no answer, in words a QA engineer acts on. */
export function describeTransportError(error: unknown, url: string): string {
  const e = (error ?? {}) as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const message = e.message || e.cause?.message || String(error);
  const { host, origin } = new URL(url);
  if (code === 'ECONNREFUSED') return `connection refused: nothing listens at ${origin}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return `the host name ${new URL(url).hostname} does not resolve (DNS: ${code})`;
  if (/CERT|SELF_SIGNED|TLS|SSL|EPROTO/.test(code) || /certificate|TLS|SSL/i.test(message)) {
    return `the TLS handshake with ${host} failed: ${message}${code ? ` (${code})` : ''}; trust its certificate authority with --ca FILE, or add --insecure for a test deployment`;
  }
  if (/TIMEOUT/.test(code) || code === 'ETIMEDOUT') return `no answer from ${host} within ${PROBE_TIMEOUT_MS / 1000} s (${code})`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${host} closed the connection without an answer (${code})`;
  return `${message}${code ? ` (${code})` : ''}`;
}

/** The operation probed: a read of the contract with no path and no required query parameter. */
export function probeOperation(contract: SuiteContract): SuiteOperation | undefined {
  const reads = contract.operations.filter(
    (op) => op.method.toLowerCase() === 'get' && !op.path.includes('{') && !op.parameters.some((p) => p.required && p.in !== 'header'),
  );
  return reads.find((op) => op.operationId === 'listCalls') ?? reads[0];
}

function probeAgent(target: Pick<Target, 'insecure' | 'ca'>): Agent {
  return new Agent({ connect: { lookup: suiteLookup(new Map()), ...tlsTrust(target), timeout: PROBE_TIMEOUT_MS } });
}

async function get(agent: Agent, url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await request(url, { method: 'GET', headers, dispatcher: agent, headersTimeout: PROBE_TIMEOUT_MS, bodyTimeout: PROBE_TIMEOUT_MS });
  const text = await res.body.text();
  const type = res.headers['content-type'];
  return { status: res.statusCode, contentType: (Array.isArray(type) ? type.join(', ') : type) ?? 'no content type', text };
}

function isJson(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function describeAnswer(answer: Answer, quote: boolean): string {
  const body = answer.text.replace(/\s+/g, ' ').trim();
  const quoted = quote && body !== '' ? ` ("${body.slice(0, QUOTED)}${body.length > QUOTED ? '…' : ''}")` : '';
  return `${answer.status} ${answer.contentType}${quoted}`;
}

/** Stops the run (PreflightError) when the target cannot be reached or does not answer as this API. */
export async function checkTarget(target: Target, contract: SuiteContract): Promise<void> {
  const op = probeOperation(contract);
  if (!op) return;
  const url = new URL(op.path, target.baseUrl).toString();
  const agent = probeAgent(target);
  try {
    let answers: [Answer, Answer];
    try {
      const withToken = await get(agent, url, { accept: 'application/json', authorization: `Bearer ${target.workspaceToken}` });
      answers = [withToken, await get(agent, url, { accept: 'application/json' })];
    } catch (error) {
      throw new PreflightError(`${target.baseUrl} cannot be reached: ${describeTransportError(error, url)}.`);
    }
    if (answers.every((a) => a.status === 404) || answers.every((a) => !isJson(a.text))) {
      // The body of the request with the token is not quoted: a service may echo the request.
      throw new PreflightError(
        `${target.baseUrl} answers, but not as this API: GET ${op.path} answered ${describeAnswer(answers[0], false)} with the token and ${describeAnswer(answers[1], true)} without one (the API answers JSON, 200 or 401). Is --base-url the tenant's API address?`,
      );
    }
  } finally {
    await agent.close();
  }
}

/** Stops the run (PreflightError) when --mock-control does not answer with a mock's description. */
export async function checkMockControl(control: string): Promise<void> {
  const agent = probeAgent({ insecure: false });
  try {
    let answer: Answer;
    try {
      answer = await get(agent, control, { accept: 'application/json' });
    } catch (error) {
      throw new PreflightError(`--mock-control ${control} cannot be reached: ${describeTransportError(error, control)}.`);
    }
    let tenants: unknown;
    try {
      tenants = (JSON.parse(answer.text) as { tenants?: unknown }).tenants;
    } catch {
      tenants = undefined;
    }
    if (answer.status !== 200 || !Array.isArray(tenants)) {
      throw new PreflightError(
        `--mock-control ${control} is not a mock's control API: GET answered ${describeAnswer(answer, true)}. Give the mock's origin (http://127.0.0.1:4010) or its /__mock URL, as its ready line names it.`,
      );
    }
  } finally {
    await agent.close();
  }
}
