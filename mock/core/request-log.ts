// The request journal: the last N API requests the mock answered, whole (headers and JSON bodies
// of the request and the response), newest last, for the control API (GET /__mock/requests, POST
// /__mock/requests/find and /count). Control API requests are not journaled. It is bounded twice:
// N entries (--journal-size; the oldest goes first), and bodies over MAX_JOURNAL_BODY_BYTES are
// kept as null with `truncated`. Secrets are masked as the API's log feeds mask them
// (resources/logs/mask.ts): Authorization reads as its scheme and the last four characters of the
// credential, every header and JSON key naming a secret reads `***`, and a body that is not JSON
// reads null. Masking is done when the journal is read, not when a request is added: an entry
// keeps references to the request's and the response's headers and bodies (a request body is
// copied, the others are never changed after the answer), and every read (find, list) returns
// masked copies only, so no read ever shows a secret. Adding costs a few field copies; masking
// every answer as it was journaled took about a tenth of the mock's time on a list read.
import { utf8Length } from '../platform/bytes.ts';
import { isSecretKey, isSecretQueryName, MASK, maskSecrets } from '../resources/logs/mask.ts';
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

/** What the journal holds: the raw parts of an exchange, masked only when read. */
interface RawEntry extends Omit<RecordedRequest, 'request' | 'response' | 'fault'> {
  fault: RecordedRequest['fault'] | undefined;
  requestHeaders: Record<string, string | undefined>;
  /** A copy of the request body; empty when it was over the bound (`requestTruncated`). */
  requestBody: Uint8Array;
  requestTruncated: boolean;
  responseHeaders: Record<string, string>;
  /** The response body; empty when it was over the bound (`responseTruncated`). */
  responseBody: string;
  responseTruncated: boolean;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export class RequestLog {
  /** A ring: once full, `head` is the oldest entry and the next to be replaced. */
  private entries: RawEntry[] = [];
  private head = 0;
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
    const tooLarge = req.body.byteLength > MAX_JOURNAL_BODY_BYTES;
    // More UTF-16 units than the bound is more bytes too; near it, the bytes are counted when read.
    const responseTooLarge = res.body.length > MAX_JOURNAL_BODY_BYTES;
    const entry: RawEntry = {
      id: this.nextId++,
      at: nowMs,
      method: req.method,
      host: req.headers.host,
      tenant: tenant ?? null,
      path: req.path,
      query: req.query,
      status: fault === undefined ? res.status : null,
      source: res.headers['x-mock-source'],
      fault,
      requestHeaders: req.headers,
      // A body over the bound is not kept; a kept one is copied (the caller's buffer may be reused).
      requestBody: tooLarge || req.body.byteLength === 0 ? EMPTY : Uint8Array.prototype.slice.call(req.body),
      requestTruncated: tooLarge,
      responseHeaders: res.headers,
      responseBody: responseTooLarge ? '' : res.body,
      responseTruncated: responseTooLarge,
    };
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else {
      this.entries[this.head] = entry;
      this.head = (this.head + 1) % this.capacity;
    }
  }

  /** The entries, oldest first. */
  private ordered(): RawEntry[] {
    return this.head === 0 ? this.entries : [...this.entries.slice(this.head), ...this.entries.slice(0, this.head)];
  }

  /** The entries matching every given criterion, oldest first, with `at` as an ISO instant, masked. */
  find(criteria: JournalCriteria = {}): JournalEntry[] {
    const test = matcher(criteria);
    return this.ordered().filter(test).map(masked);
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
    this.head = 0;
  }
}

/** A status criterion: `404` or `4xx`; undefined when it is neither. */
export function parseStatusCriterion(value: string): number | string | undefined {
  if (/^[1-5]\d\d$/.test(value)) return Number(value);
  if (/^[1-5]xx$/i.test(value)) return value.toLowerCase();
  return undefined;
}

/** The test of an entry against criteria (a path pattern compiled once per search). */
function matcher(c: JournalCriteria): (entry: Pick<RecordedRequest, 'method' | 'tenant' | 'path' | 'status'>) => boolean {
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

const EMPTY = new Uint8Array(0);

/** An entry as every read shows it: headers, query and bodies masked. */
function masked(e: RawEntry): JournalEntry {
  return {
    id: e.id,
    at: new Date(e.at).toISOString(),
    method: e.method,
    host: e.host,
    tenant: e.tenant,
    path: e.path,
    query: maskQuery(e.query),
    status: e.status,
    source: e.source,
    ...(e.fault === undefined ? {} : { fault: e.fault }),
    request: e.requestTruncated ? { headers: maskHeaders(e.requestHeaders), body: null, truncated: true } : message(e.requestHeaders, e.requestBody),
    response: e.responseTruncated ? { headers: maskHeaders(e.responseHeaders), body: null, truncated: true } : message(e.responseHeaders, e.responseBody),
  };
}

function message(headers: Record<string, string | undefined>, body: Uint8Array | string): JournalMessage {
  const size = typeof body === 'string' ? utf8Length(body) : body.byteLength;
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
    if (!isSecretQueryName(key)) continue;
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
