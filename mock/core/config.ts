// Mock configuration: defaults suit a developer's day; tests and the CLI override them.
import { DEFAULT_IDEMPOTENCY_KEYS } from '../pipeline/idempotency.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../pipeline/rate-limits.ts';
import type { WebhookSender } from '../delivery/outbox.ts';
import { DEMO_FIXTURES_AS_OF } from '../state/shift-fixtures.ts';

/** Bounds of the per-workspace caches (least recently used entries are evicted past them). */
export interface CacheLimits {
  /** Verified per-user tokens (JWTs) remembered per workspace. */
  jwtsPerWorkspace: number;
  /** `request_key`s remembered per workspace for idempotent replays. */
  idempotencyKeysPerWorkspace: number;
}

/** Who may use the control API (see ARCHITECTURE.md, "Security"). */
export interface ControlAccess {
  /** false: the control API is off and its paths answer 404. */
  enabled: boolean;
  /** When set, every control request needs `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Browser origins allowed to call it (CORS); none by default. */
  origins: string[];
  /** Host names (without port) it answers besides the loopback names and the base domain. */
  hosts: string[];
}

/** Workspaces made by POST /__mock/workspaces (control/workspaces.ts): how long and how many. */
export interface WorkspaceLifetimes {
  /** Real milliseconds without a request after which a created workspace is removed; 0: kept until deleted. */
  idleTtlMs: number;
  /** Created workspaces that may exist at once (409 past it). */
  max: number;
  /** The real clock idle time is measured on (never the mock clock); tests pass their own. */
  now: () => number;
}

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
  /** Keep the last N API requests in the request journal (`--journal-size`). */
  recordRequests: number;
  /** Faults that make the mock break a rule on purpose, for proving the conformance suite. */
  faults: string[];
  /** Prefix of the control API. */
  controlPrefix: string;
  control: ControlAccess;
  caches: CacheLimits;
  /** Deepest accepted nesting of arrays and objects in a JSON request body (400 beyond). */
  maxBodyDepth: number;
  /**
   * `--webhooks deliver`: sends each recorded webhook delivery and records the real outcome
   * (delivery/outbox.ts); the CLI sets the Node sender (delivery/webhook-sender.ts). Undefined
   * (`record`): deliveries are only recorded. When set, webhook registrations also accept `http://`
   * URLs to loopback.
   */
  webhookSender: WebhookSender | undefined;
  workspaces: WorkspaceLifetimes;
  /**
   * Where the fixtures' instants sit (state/shift-fixtures.ts): 'as-written', as in the files;
   * 'clock-start', every instant moved by (the clock when the mock is made − `fixturesAnchor`), so
   * the demo data is as fresh on any day as when it was written; a reset returns to the same moved
   * fixtures. The CLI uses 'clock-start'.
   */
  fixturesAsOf: 'as-written' | 'clock-start';
  /** The instant the fixtures are written as of (ISO 8601 with an offset); default: the demo set's. */
  fixturesAnchor: string;
}

export const DEFAULT_CONFIG: MockConfig = {
  baseDomain: 'localhost',
  defaultTenant: undefined,
  rateLimits: DEFAULT_RATE_LIMITS,
  maxBodyBytes: 16 * 1024 * 1024,
  validateResponses: false,
  recordRequests: 1_000,
  faults: [],
  controlPrefix: '/__mock',
  control: { enabled: true, token: undefined, origins: [], hosts: [] },
  caches: { jwtsPerWorkspace: 1_000, idempotencyKeysPerWorkspace: DEFAULT_IDEMPOTENCY_KEYS },
  maxBodyDepth: 64,
  webhookSender: undefined,
  workspaces: { idleTtlMs: 30 * 60_000, max: 100, now: () => Date.now() },
  fixturesAsOf: 'as-written',
  fixturesAnchor: DEMO_FIXTURES_AS_OF,
};
