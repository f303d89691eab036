// The transport-independent request and response the mock core works on.
export interface MockRequest {
  method: string;
  /** Path without the query string, e.g. `/api/v1/campaigns/…`. */
  path: string;
  /** Raw query string without the leading `?` (may be empty). */
  query: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** Raw body bytes (empty when there is none). */
  body: Uint8Array;
  /** Set by adapters when the body was cut off at the size limit. */
  bodyTooLarge?: boolean;
  /** Set by adapters when the request came over TLS (HTTPS). */
  secure?: boolean;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** Serialized body (JSON text), or empty. */
  body: string;
  /** What the transport does besides writing the answer (a forced delay or connection fault). */
  transport?: { delayMs?: number; fault?: 'reset' | 'no-answer' };
}

/** How long a forced `no-answer` holds the connection before the adapter drops it. */
export const NO_ANSWER_MS = 120_000;
