// Mock configuration: defaults suit a developer's day; tests and the CLI override them.
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../pipeline/rate-limits.ts';

export interface MockConfig {
  /** Hosts are `<tenant>.<baseDomain>`. */
  baseDomain: string;
  /** Tenant for a Host with no subdomain (e.g. 127.0.0.1); undefined: such a request gets 404. */
  defaultTenant: string | undefined;
  rateLimits: RateLimitConfig;
  /** Largest accepted request body in bytes (413 beyond). */
  maxBodyBytes: number;
  /** Validate every response against the contract and fail loudly on a mismatch. */
  validateResponses: boolean;
  /** Keep the last N requests for the control API's request log. */
  recordRequests: number;
  /** Faults that make the mock break a rule on purpose, for proving the conformance suite. */
  faults: string[];
  /** Prefix of the control API. */
  controlPrefix: string;
}

export const DEFAULT_CONFIG: MockConfig = {
  baseDomain: 'localhost',
  defaultTenant: undefined,
  rateLimits: DEFAULT_RATE_LIMITS,
  maxBodyBytes: 16 * 1024 * 1024,
  validateResponses: false,
  recordRequests: 200,
  faults: [],
  controlPrefix: '/__mock',
};
