// The Node side of `--webhooks deliver`: POSTs each delivery the outbox hands over (outbox.ts) to
// its URL with undici, the recorded headers (the signature among them) and the raw JSON body.
// - Destinations: loopback (127.0.0.1, ::1, localhost, *.localhost) always; any other host only when
//   named in the allow-list (`--webhooks-allow HOST`, exact, or `*.example.com` for its subdomains).
//   A delivery to another host is not sent: its attempt is reported with the reason, and no retry.
// - Each attempt has a timeout (5 s by default); a non-2xx answer, a timeout or a connection error
//   is retried after 1 s, 5 s and 25 s (4 attempts at most). Redirects are not followed.
// - The answer's body is kept up to 64 KiB (the feed's bound); reading stops there.
// Timers are unref'd: a pending retry never keeps the process alive. `idle()` resolves when no
// delivery is in flight or waiting for a retry, so tests wait on events, not on time.
import { lookup as dnsLookup } from 'node:dns';
import { Agent, request } from 'undici';
import type { AttemptOutcome, OutboundWebhook, WebhookSender } from './outbox.ts';

export const DEFAULT_TIMEOUT_MS = 5_000;
/** The waits before the second, third and fourth attempts. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 25_000];
/** The longest response body kept (the feed's bound). */
export const RESPONSE_BODY_LIMIT = 65_536;

export interface SenderOptions {
  /** Hosts besides loopback that deliveries may go to. */
  allow?: readonly string[];
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
}

export interface WebhookSenderHandle {
  send: WebhookSender;
  /** Resolves once no delivery is in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Cancels waiting retries and closes the connections. */
  close(): Promise<void>;
}

/** The loopback names and addresses, always allowed when delivery is on. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === '127.0.0.1' || h === '::1' || h === 'localhost' || h.endsWith('.localhost');
}

/** Whether a delivery may go to `host`: loopback, or named in `allow` (`*.domain` for its subdomains). */
export function hostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLoopbackHost(h)) return true;
  return allow.some((entry) => {
    const e = entry.toLowerCase().replace(/^\[|\]$/g, '');
    return e.startsWith('*.') ? h.endsWith(e.slice(1)) : h === e;
  });
}

/** Why `url` may not be called, or undefined when it may. */
function refusal(url: string, allow: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `not sent: ${url} is not a URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `not sent: ${parsed.protocol} is not http or https`;
  if (!hostAllowed(parsed.hostname, allow)) return `not sent: host ${parsed.hostname} is not allowed (loopback only; name it with --webhooks-allow)`;
  return undefined;
}

/** `*.localhost` names reach loopback without a resolver that knows them. */
const lookup = ((hostname: string, options: unknown, callback: unknown) =>
  (dnsLookup as (h: string, o: unknown, c: unknown) => void)(hostname.toLowerCase().endsWith('.localhost') ? '127.0.0.1' : hostname, options, callback)) as unknown as typeof dnsLookup;

function describeError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return `no response within ${timeoutMs} ms`;
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? String(error);
  return code ? `${code}: ${message}` : message;
}

export function createWebhookSender(options: SenderOptions = {}): WebhookSenderHandle {
  const allow = options.allow ?? [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const dispatcher = new Agent({ connect: { lookup } });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let pending = 0;
  let waiters: Array<() => void> = [];

  const settle = (): void => {
    pending--;
    if (pending === 0) for (const resolve of waiters.splice(0)) resolve();
  };

  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function attempt(webhook: OutboundWebhook): Promise<Omit<AttemptOutcome, 'attempt'>> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    try {
      const res = await request(webhook.url, { method: 'POST', headers: webhook.headers, body: webhook.body, dispatcher, signal: AbortSignal.timeout(timeoutMs) });
      let body = '';
      for await (const chunk of res.body) {
        body += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
        if (body.length >= RESPONSE_BODY_LIMIT) {
          res.body.destroy();
          break;
        }
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      return { response: { status_code: res.statusCode, headers, body: body === '' ? null : body.slice(0, RESPONSE_BODY_LIMIT) }, duration_ms: elapsed(), error: null };
    } catch (error) {
      return { response: null, duration_ms: elapsed(), error: describeError(error, timeoutMs) };
    }
  }

  const send: WebhookSender = (webhook, report) => {
    pending++;
    const refused = refusal(webhook.url, allow);
    if (refused !== undefined) {
      report({ attempt: 1, response: null, duration_ms: null, error: refused });
      settle();
      return;
    }
    const run = (n: number): void => {
      void attempt(webhook).then((outcome) => {
        report({ attempt: n, ...outcome });
        const code = outcome.response?.status_code;
        const ok = code !== undefined && code >= 200 && code < 300;
        const wait = delays[n - 1];
        if (ok || wait === undefined) settle();
        else later(wait, () => run(n + 1));
      });
    };
    later(webhook.dueInMs, () => run(1));
  };

  return {
    send,
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      pending = 0;
      for (const resolve of waiters.splice(0)) resolve();
      waiters = [];
      await dispatcher.close();
    },
  };
}
