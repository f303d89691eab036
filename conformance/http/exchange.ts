// One request the suite made and the response it got, with what the request was meant to show.
import type { Part } from '../contract/operation.ts';
import type { IdTag } from '../discovery/tag-ids.ts';

export interface ExchangeRequest {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON text sent, if any. */
  body?: string;
}

export interface ExchangeResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
}

/**
 * What the request was built to provoke. `accepted`: a valid request, so 2xx or a documented
 * business error (404, 409, a 422 naming a field of the request); with `ids`, the tags of its path
 * ids: all real, 2xx or a business error its state explains (never 404); one made up, 404.
 * `references`: places in its body or query that name something the suite made up (a uuid it does
 * not know, a free-string locator such as a file `path`; a 404 may be about them). `rejected`: one of `statuses` with, for Shape B, one of `codes` and the `field` named.
 */
export type Expectation =
  | { kind: 'accepted'; part: Part; rule: string; what: string; ids?: IdTag[]; references?: string[] }
  | { kind: 'rejected'; part: Part; rule: string; what: string; statuses: number[]; codes?: string[]; field?: string; codePart?: Part };

export interface Exchange {
  request: ExchangeRequest;
  response: ExchangeResponse | undefined;
  /** Set when no response arrived (connection refused, reset, timeout). */
  transportError?: string;
  sentAt: number;
  receivedAt: number;
  expectation?: Expectation;
  /** A 429 the client waited out and retried; the outcome is judged on the retry. */
  retried?: boolean;
  /** The parsed request body, for judging business errors that name a field. */
  requestJson?: unknown;
  /** Query parameters sent (name → values). */
  query?: Record<string, string[]>;
  /** Path parameters sent. */
  pathParams?: Record<string, string>;
}
