// Seed "Authentication" rule 5: all requests must use HTTPS (TLS 1.2 or higher); plain HTTP is
// rejected. For an https target: a TLS 1.0/1.1 handshake must be refused, the negotiated version
// is at least 1.2, and the API must not answer over plain HTTP. The plain-HTTP probe carries no
// real token, so no secret crosses the network in clear. Certificates are trusted as the suite's
// client trusts them (http/trust.ts: --ca, --insecure).
import { connect, type TLSSocket } from 'node:tls';
import { Agent, type Dispatcher, request } from 'undici';
import { shapeOf } from '../checks/error-shape.ts';
import { suiteLookup } from '../http/lookup.ts';
import { type TlsTrust, tlsTrust } from '../http/trust.ts';
import { notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { isLoopbackHost, type Target } from '../target/target.ts';

export const TLS_HTTPS_ONLY: RuleCheck = { name: 'tls-https-only', rule: 'seed "Authentication" rule 5: all requests use HTTPS; plain HTTP is rejected' };
export const TLS_LEGACY_REFUSED: RuleCheck = { name: 'tls-legacy-refused', rule: 'seed "Authentication" rule 5: TLS 1.2 or higher (TLS 1.0 and 1.1 refused)' };
export const TLS_VERSION: RuleCheck = { name: 'tls-version', rule: 'seed "Authentication" rule 5: the negotiated TLS version is 1.2 or higher' };

const PROBE_PATH = '/api/v1/outbound/summary';
/** OpenSSL errors raised on our side before the server could answer (the client cannot offer old TLS). */
const LOCAL_REFUSALS = ['ERR_SSL_NO_PROTOCOLS_AVAILABLE', 'ERR_SSL_UNSUPPORTED_PROTOCOL_LOCAL'];

interface Handshake {
  protocol?: string;
  error?: { code?: string; message: string };
}

export function handshake(url: URL, min: 'TLSv1' | 'TLSv1.2', max: 'TLSv1.1' | 'TLSv1.3', trust: TlsTrust): Promise<Handshake> {
  return new Promise((resolve) => {
    const port = Number(url.port || 443);
    const host = url.hostname.endsWith('.localhost') ? '127.0.0.1' : url.hostname;
    let socket: TLSSocket | undefined;
    const timer = setTimeout(() => {
      socket?.destroy();
      resolve({ error: { code: 'ETIMEDOUT', message: 'the handshake timed out' } });
    }, 10_000);
    socket = connect({ host, port, servername: url.hostname, minVersion: min, maxVersion: max, ciphers: 'DEFAULT@SECLEVEL=0', ...trust }, () => {
      clearTimeout(timer);
      const protocol = socket?.getProtocol() ?? undefined;
      socket?.end();
      resolve(protocol ? { protocol } : {});
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ error: { ...(error.code ? { code: error.code } : {}), message: error.message.split('\n')[0] ?? '' } });
    });
  });
}

export function plainHttpUrl(target: Target): URL {
  if (target.httpUrl) return new URL(target.httpUrl);
  const url = new URL(target.baseUrl);
  url.protocol = 'http:';
  return url;
}

interface ProbeAnswer {
  status: number;
  location: string;
  /** It carries the API's marks: X-Timezone or an error body in one of its shapes. */
  apiAnswered: boolean;
}

/** The answer to the probe request, or undefined when the connection was refused or reset. */
async function probe(url: URL, dispatcher: Dispatcher): Promise<ProbeAnswer | undefined> {
  try {
    const res = await request(url, { method: 'GET', headers: { authorization: 'Bearer conformance-plain-http-probe' }, headersTimeout: 10_000, bodyTimeout: 10_000, dispatcher });
    const text = await res.body.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, location: String(res.headers.location ?? ''), apiAnswered: res.headers['x-timezone'] !== undefined || shapeOf(body) !== undefined };
  } catch {
    return undefined;
  }
}

/**
 * Plain HTTP is rejected when it is refused, redirected to https, or answered with an error that
 * is not the API's answer to the request. The probe's token is not valid, so the API itself
 * answers it 401 (the same as over HTTPS): an API error with that status served the request; any
 * other (a 400 or 426 saying to use HTTPS, a 403) refused it.
 */
export async function checkPlainHttp(target: Target): Promise<void> {
  const url = new URL(PROBE_PATH, plainHttpUrl(target));
  const dispatcher = new Agent({ connect: { lookup: suiteLookup(new Map()), ...tlsTrust(target), timeout: 10_000 } });
  let verdict: true | { message: string; part: 'documented' };
  try {
    const plain = await probe(url, dispatcher);
    if (!plain) verdict = true; // refused or reset: plain HTTP is not served
    else if (plain.status >= 300 && plain.status < 400) verdict = plain.location.startsWith('https://') ? true : { message: `plain HTTP redirects to "${plain.location}", not to https`, part: 'documented' };
    else if (plain.status < 300) verdict = { message: `plain HTTP ${url} answered ${plain.status}`, part: 'documented' };
    else if (!plain.apiAnswered) verdict = true;
    else {
      const secure = new URL(target.baseUrl).protocol === 'https:' ? await probe(new URL(PROBE_PATH, target.baseUrl), dispatcher) : undefined;
      const served = plain.status === 401 || plain.status === secure?.status;
      verdict = served ? { message: `the API answers over plain HTTP (${url} → ${plain.status} with an API error body${secure?.status === plain.status ? ', as over HTTPS' : ''})`, part: 'documented' } : true;
    }
  } finally {
    await dispatcher.close();
  }
  recordRule(TLS_HTTPS_ONLY, undefined, verdict);
}

export async function checkTlsVersions(target: Target): Promise<void> {
  const url = new URL(target.baseUrl);
  const trust = tlsTrust(target);
  const legacy = await handshake(url, 'TLSv1', 'TLSv1.1', trust);
  if (legacy.protocol) recordRule(TLS_LEGACY_REFUSED, undefined, { message: `a ${legacy.protocol} handshake was accepted`, part: 'documented' });
  else if (legacy.error?.code && LOCAL_REFUSALS.includes(legacy.error.code)) notApplicable(TLS_LEGACY_REFUSED, undefined, `this machine's TLS library cannot offer TLS 1.0/1.1 (${legacy.error.code})`);
  else recordRule(TLS_LEGACY_REFUSED, undefined, true);

  const modern = await handshake(url, 'TLSv1.2', 'TLSv1.3', trust);
  if (!modern.protocol) recordRule(TLS_VERSION, undefined, { message: `no TLS 1.2/1.3 handshake: ${modern.error?.message ?? 'unknown error'}`, part: 'documented' });
  else recordRule(TLS_VERSION, undefined, modern.protocol === 'TLSv1.2' || modern.protocol === 'TLSv1.3' ? true : { message: `negotiated ${modern.protocol}`, part: 'documented' });
}

/**
 * The target itself: an http:// deployment breaks rule 5 outright. A plain-HTTP target on a
 * loopback host (the mock, a local build) or accepted with --allow-http (a staging box) is not a
 * deployment the rule applies to: the TLS rules are recorded as not applicable, with the reason.
 */
export function checkScheme(target: Target): boolean {
  const url = new URL(target.baseUrl);
  if (url.protocol === 'https:') return true;
  const why = target.isMock
    ? 'the target is the mock over plain HTTP'
    : isLoopbackHost(url.hostname)
      ? `the target ${url.origin} is plain HTTP on a loopback host`
      : target.allowHttp
        ? `the target ${url.origin} is plain HTTP, accepted with --allow-http`
        : undefined;
  if (why !== undefined) {
    for (const check of [TLS_HTTPS_ONLY, TLS_LEGACY_REFUSED, TLS_VERSION]) notApplicable(check, undefined, `${why}; the TLS rules apply to https deployments (certify TLS against the https:// address)`);
    return false;
  }
  recordRule(TLS_HTTPS_ONLY, undefined, { message: `the deployment is served over plain HTTP (${target.baseUrl})`, part: 'documented' });
  return false;
}
