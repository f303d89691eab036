// All workspaces of a running mock with their per-workspace runtime (rate windows, idempotency
// keys, verified JWTs). Reset, load and snapshot replace the whole store at once. A workspace made by
// POST /__mock/workspaces (control/workspaces.ts) is added and removed alone; it carries its real-clock
// last use, and once idle for the configured time it is gone: at its next lookup, or at a sweep.
import type { CacheLimits, WorkspaceLifetimes } from '../core/config.ts';
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
  /** Set on a workspace made by POST /__mock/workspaces (never on a fixture's). */
  created?: CreatedWorkspace;
}

/** What a created workspace was cloned from, and its lifetime on the real clock (milliseconds). */
export interface CreatedWorkspace {
  from: string;
  createdAt: number;
  lastUsedAt: number;
}

export interface Snapshot {
  version: 1;
  clock: string;
  workspaces: Array<{ state: unknown; idempotency: Array<[string, StoredResponse]>; created?: { from: string; created_at: string } }>;
}

export class MockStore {
  private workspaces = new Map<string, WorkspaceRuntime>();
  private readonly limits: RateLimitConfig;
  private readonly caches: CacheLimits;
  private readonly lifetimes: WorkspaceLifetimes;

  constructor(limits: RateLimitConfig, caches: CacheLimits, lifetimes: WorkspaceLifetimes) {
    this.limits = limits;
    this.caches = caches;
    this.lifetimes = lifetimes;
  }

  /** The workspace of a slug; a created one counts this as a use (or is gone when idle too long). */
  get(slug: string): WorkspaceRuntime | undefined {
    const runtime = this.workspaces.get(slug);
    if (runtime?.created === undefined) return runtime;
    const now = this.lifetimes.now();
    if (this.idle(runtime.created, now)) {
      this.workspaces.delete(slug);
      return undefined;
    }
    runtime.created.lastUsedAt = now;
    return runtime;
  }

  all(): WorkspaceRuntime[] {
    this.sweep();
    return [...this.workspaces.values()];
  }

  /** Whether a workspace of this slug exists (not counted as a use). */
  has(slug: string): boolean {
    this.sweep();
    return this.workspaces.has(slug);
  }

  /** The workspaces made by POST /__mock/workspaces, oldest first. */
  created(): WorkspaceRuntime[] {
    return this.all().filter((w) => w.created !== undefined);
  }

  /** Adds a created workspace (a state with instants as Dates, owned by the store from now on). */
  add(state: WorkspaceState, from: string): WorkspaceRuntime {
    const now = this.lifetimes.now();
    const runtime = this.runtimeOf(withDefaults(state));
    runtime.created = { from, createdAt: now, lastUsedAt: now };
    this.workspaces.set(state.slug, runtime);
    return runtime;
  }

  /** Removes a created workspace; a fixture's is never removed. */
  remove(slug: string): 'removed' | 'not-created' | 'missing' {
    const runtime = this.has(slug) ? this.workspaces.get(slug) : undefined;
    if (!runtime) return 'missing';
    if (runtime.created === undefined) return 'not-created';
    this.workspaces.delete(slug);
    return 'removed';
  }

  /** Removes every created workspace idle for the configured time; answers their slugs. */
  sweep(): string[] {
    if (this.lifetimes.idleTtlMs <= 0) return [];
    const now = this.lifetimes.now();
    const removed: string[] = [];
    for (const [slug, runtime] of this.workspaces) {
      if (runtime.created !== undefined && this.idle(runtime.created, now)) {
        this.workspaces.delete(slug);
        removed.push(slug);
      }
    }
    return removed;
  }

  private idle(created: CreatedWorkspace, now: number): boolean {
    return this.lifetimes.idleTtlMs > 0 && now - created.lastUsedAt >= this.lifetimes.idleTtlMs;
  }

  private runtimeOf(state: WorkspaceState, idempotency?: Array<[string, StoredResponse]>): WorkspaceRuntime {
    return {
      state,
      limiter: new WorkspaceRateLimiter(this.limits),
      idempotency: IdempotencyStore.from(idempotency, this.caches.idempotencyKeysPerWorkspace),
      jwtCache: new JwtCache(this.caches.jwtsPerWorkspace),
    };
  }

  /**
   * Replaces every workspace with copies of the given states (fixtures are never mutated).
   * Fixture states have instants as ISO strings; decoded snapshot states already hold Dates.
   */
  load(states: WorkspaceState[], idempotency: Map<string, Array<[string, StoredResponse]>> = new Map(), fromFixtures = true): void {
    const next = new Map<string, WorkspaceRuntime>();
    for (const state of states) {
      const copy = withDefaults(fromFixtures ? reviveInstants(structuredClone(state)) : state);
      next.set(copy.slug, this.runtimeOf(copy, idempotency.get(copy.slug)));
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
      workspaces: this.all().map((w) => ({
        state: encodeInstants(w.state),
        idempotency: encodeInstants(w.idempotency.toJSON()) as Array<[string, StoredResponse]>,
        ...(w.created === undefined ? {} : { created: { from: w.created.from, created_at: new Date(w.created.createdAt).toISOString() } }),
      })),
    };
  }

  restore(snapshot: Snapshot): void {
    const states = snapshot.workspaces.map((w) => decodeInstants<WorkspaceState>(w.state));
    const keys = new Map(snapshot.workspaces.map((w) => [(w.state as WorkspaceState).slug, decodeInstants<Array<[string, StoredResponse]>>(w.idempotency)]));
    this.load(states, keys, false);
    // A created workspace comes back as one, its idle time counted from now.
    const now = this.lifetimes.now();
    for (const w of snapshot.workspaces) {
      const runtime = w.created === undefined ? undefined : this.workspaces.get((w.state as WorkspaceState).slug);
      if (runtime && w.created) runtime.created = { from: w.created.from, createdAt: Date.parse(w.created.created_at) || now, lastUsedAt: now };
    }
  }
}
