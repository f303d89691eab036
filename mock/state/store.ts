// All workspaces of a running mock with their per-workspace runtime (rate windows, idempotency
// keys, verified JWTs). Reset, load and snapshot replace the whole store at once.
import type { CacheLimits } from '../core/config.ts';
import { JwtCache } from '../pipeline/auth.ts';
import { IdempotencyStore, type StoredResponse } from '../pipeline/idempotency.ts';
import { type RateLimitConfig, WorkspaceRateLimiter } from '../pipeline/rate-limits.ts';
import { decodeInstants, encodeInstants, reviveInstants } from './instant-json.ts';
import { type WorkspaceState, withDefaults } from './workspace.ts';

export interface WorkspaceRuntime {
  state: WorkspaceState;
  limiter: WorkspaceRateLimiter;
  idempotency: IdempotencyStore;
  jwtCache: JwtCache;
}

export interface Snapshot {
  version: 1;
  clock: string;
  workspaces: Array<{ state: unknown; idempotency: Array<[string, StoredResponse]> }>;
}

export class MockStore {
  private workspaces = new Map<string, WorkspaceRuntime>();
  private readonly limits: RateLimitConfig;
  private readonly caches: CacheLimits;

  constructor(limits: RateLimitConfig, caches: CacheLimits) {
    this.limits = limits;
    this.caches = caches;
  }

  get(slug: string): WorkspaceRuntime | undefined {
    return this.workspaces.get(slug);
  }

  all(): WorkspaceRuntime[] {
    return [...this.workspaces.values()];
  }

  /**
   * Replaces every workspace with copies of the given states (fixtures are never mutated).
   * Fixture states have instants as ISO strings; decoded snapshot states already hold Dates.
   */
  load(states: WorkspaceState[], idempotency: Map<string, Array<[string, StoredResponse]>> = new Map(), fromFixtures = true): void {
    const next = new Map<string, WorkspaceRuntime>();
    for (const state of states) {
      const copy = withDefaults(fromFixtures ? reviveInstants(structuredClone(state)) : state);
      next.set(copy.slug, {
        state: copy,
        limiter: new WorkspaceRateLimiter(this.limits),
        idempotency: IdempotencyStore.from(idempotency.get(copy.slug), this.caches.idempotencyKeysPerWorkspace),
        jwtCache: new JwtCache(this.caches.jwtsPerWorkspace),
      });
    }
    this.workspaces = next;
  }

  /** Every workspace's general rate window starts afresh (after the limit changed). */
  restartGeneralWindows(): void {
    for (const runtime of this.workspaces.values()) runtime.limiter.restartGeneral();
  }

  snapshot(clockIso: string): Snapshot {
    return {
      version: 1,
      clock: clockIso,
      workspaces: this.all().map((w) => ({ state: encodeInstants(w.state), idempotency: encodeInstants(w.idempotency.toJSON()) as Array<[string, StoredResponse]> })),
    };
  }

  restore(snapshot: Snapshot): void {
    const states = snapshot.workspaces.map((w) => decodeInstants<WorkspaceState>(w.state));
    const keys = new Map(snapshot.workspaces.map((w) => [(w.state as WorkspaceState).slug, decodeInstants<Array<[string, StoredResponse]>>(w.idempotency)]));
    this.load(states, keys, false);
  }
}
