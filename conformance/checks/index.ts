// Every check run after every exchange, in report order (one check per file, each citing its
// seed rule). Rule-level checks (auth, time, TLS, rate limit, idempotency) live in rules/ and
// models/ and are recorded under their own names.
import { appliedZone } from './applied-zone.ts';
import type { ExchangeCheck } from './check.ts';
import { contentType } from './content-type.ts';
import { errorCode } from './error-code.ts';
import { errorShape } from './error-shape.ts';
import { expectedOutcome } from './expected-outcome.ts';
import { independentValidator } from './independent-validator.ts';
import { notServerError } from './not-server-error.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { responseSchema } from './response-schema.ts';
import { retryAfter } from './retry-after.ts';
import { statusDocumented } from './status-documented.ts';
import { timestampOffset } from './timestamp-offset.ts';
import { timezoneHeader } from './timezone-header.ts';

export const EXCHANGE_CHECKS: readonly ExchangeCheck[] = [
  notServerError,
  statusDocumented,
  contentType,
  responseSchema,
  timezoneHeader,
  rateLimitHeaders,
  retryAfter,
  errorShape,
  errorCode,
  expectedOutcome,
  timestampOffset,
  appliedZone,
  independentValidator,
];

/** Recorded when a request gets no response at all. */
export const TRANSPORT_CHECK = {
  name: 'transport',
  rule: 'seed "Endpoints": every endpoint answers over HTTPS',
} as const;
