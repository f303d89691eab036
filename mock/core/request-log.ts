// The request journal: the last N API requests the mock answered, whole (headers and JSON bodies
// of the request and the response), newest last, for the control API (GET /__mock/requests, POST
// /__mock/requests/find and /count). Control API requests are not journaled. It is bounded twice:
// N entries (--journal-size; the oldest goes first), and bodies over MAX_JOURNAL_BODY_BYTES are
// kept as null with `truncated`. Secrets are masked as the API's log feeds mask them
// (resources/logs/mask.ts): Authorization reads as its scheme and the last four characters of the
// credential, every header and JSON key naming a secret reads `***`, and a body that is not JSON is
// kept as null, so no unmasked text is stored.
import { isSecretKey, MASK, maskSecrets } from '../resources/logs/mask.ts';
import { pathMatcher } from './path-pattern.ts';
import type { MockRequest, MockResponse } from './types.ts';

/** Largest request or response body the journal keeps (larger: null, `truncated: true`). */
export const MAX_JOURNAL_BODY_BYTES = 16 * 1024;
/** Largest journal the CLI accepts: with two bodies of at most 16 KiB per entry, a few hundred MB at worst. */
export const MAX_JOURNAL_SIZE = 10_000;

export interface JournalMessage {
  headers: Record<string, string>;
  /** The JSON body with secrets masked; null when empty, not JSON or too large. */
  body: unknown;
  truncated?: true;
}

export interface RecordedRequest {
  id: number;
  at: number;
  method: string;
  host: string | undefined;
  /** The workspace the Host addresses (whether or not it exists). */
  tenant: string | null;
  path: string;
  query: string;
  /** null when a forced connection fault answered nothing. */
  status: number | null;
  source: string | undefined;
  fault?: 'reset' | 'no-answer';
  request: JournalMessage;
  response: JournalMessage;
}

/** What a search matches: every given criterion. */
export interface JournalCriteria {
  method?: string;
  /** A path prefix (segment-aligned), or a pattern with `*` (one segment) and `**`. */
  path?: string;
  tenant?: string;
  /** A status (404) or a class (`4xx`). */
  status?: number | string;
}

export type JournalEntry = Omit<RecordedRequest, 'at'> & { at: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

export class RequestLog {
  private entries: RecordedRequest[] = [];
  private readonly capacity: number;
  private nextId = 1;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.entries.length;
  }

  get limit(): number {
    return this.capacity;
  }

  add(req: MockRequest, res: MockResponse, nowMs: number, tenant?: string): void {
    if (this.capacity <= 0) return;
    const fault = res.transport?.fault;
    this.entries.push({
      id: this.nextId++,
      at: nowMs,
      method: req.method,
      host: req.headers.host,
      tenant: tenant ?? null,
      path: req.path,
      query: maskQuery(req.query),
      status: fault === undefined ? res.status : null,
      source: res.headers['x-mock-source'],
      ...(fault === undefined ? {} : { fault }),
      request: message(req.headers, req.body),
      response: message(res.headers, res.body),
    });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** The entries matching every given criterion, oldest first, with `at` as an ISO instant. */
  find(criteria: JournalCriteria = {}): JournalEntry[] {
    const test = matcher(criteria);
    return this.entries.filter(test).map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
  }

  count(criteria: JournalCriteria = {}): number {
    const test = matcher(criteria);
    return this.entries.reduce((n, e) => n + (test(e) ? 1 : 0), 0);
  }

  /** Every entry, oldest first. */
  list(): JournalEntry[] {
    return this.find();
  }

  clear(): void {
    this.entries = [];
  }
}

/** A status criterion: `404` or `4xx`; undefined when it is neither. */
export function parseStatusCriterion(value: string): number | string | undefined {
  if (/^[1-5]\d\d$/.test(value)) return Number(value);
  if (/^[1-5]xx$/i.test(value)) return value.toLowerCase();
  return undefined;
}

/** The test of an entry against criteria (a path pattern compiled once per search). */
function matcher(c: JournalCriteria): (entry: RecordedRequest) => boolean {
  const path = c.path === undefined ? undefined : pathMatcher(c.path);
  return (entry) => {
    if (c.method !== undefined && entry.method.toUpperCase() !== c.method.toUpperCase()) return false;
    if (c.tenant !== undefined && entry.tenant !== c.tenant) return false;
    if (path !== undefined && !path(entry.path)) return false;
    if (c.status !== undefined) {
      if (entry.status === null) return false;
      if (typeof c.status === 'number' ? entry.status !== c.status : String(entry.status)[0] !== c.status[0]) return false;
    }
    return true;
  };
}

function message(headers: Record<string, string | undefined>, body: Uint8Array | string): JournalMessage {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const out: JournalMessage = { headers: maskHeaders(headers), body: null };
  if (size === 0) return out;
  if (size > MAX_JOURNAL_BODY_BYTES) return { ...out, truncated: true };
  try {
    out.body = maskSecrets(JSON.parse(typeof body === 'string' ? body : decoder.decode(body)));
  } catch {
    // Not JSON: kept as null.
  }
  return out;
}

function maskQuery(query: string): string {
  if (query === '') return query;
  const params = new URLSearchParams(query);
  let masked = false;
  for (const key of new Set(params.keys())) {
    if (!isSecretKey(key)) continue;
    masked = true;
    const count = params.getAll(key).length;
    params.delete(key);
    for (let i = 0; i < count; i++) params.append(key, MASK);
  }
  return masked ? params.toString() : query;
}

function maskHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization') out[lower] = maskCredentials(value);
    else out[lower] = isSecretKey(lower.replaceAll('-', '_')) ? MASK : value;
  }
  return out;
}

/** `Bearer eyJ…abcd` reads `Bearer ****abcd`: the scheme and the credential's last four characters. */
export function maskCredentials(value: string): string {
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(value);
  if (!match) return MASK;
  const credential = match[2] as string;
  return `${match[1]} ****${credential.length > 8 ? credential.slice(-4) : ''}`;
}
