// Seed "Limits", idempotency: when `request_key` is sent, retrying the same request returns the
// same response and never a second call or message. The check and the store happen in the same
// synchronous step as the handler, so two requests arriving at once cannot both create.
// The keys of a workspace are bounded: past the capacity the least recently used key is forgotten
// (a retry of a forgotten key is a new request), so memory stays bounded under any load.
import { BoundedMap } from '../core/bounded-map.ts';

export const DEFAULT_IDEMPOTENCY_KEYS = 10_000;

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

export class IdempotencyStore {
  private readonly entries: BoundedMap<string, StoredResponse>;

  constructor(capacity = DEFAULT_IDEMPOTENCY_KEYS) {
    this.entries = new BoundedMap(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  get capacity(): number {
    return this.entries.capacity;
  }

  key(operationId: string, requestKey: string): string {
    return `${operationId}\u0000${requestKey}`;
  }

  get(key: string): StoredResponse | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: StoredResponse): void {
    this.entries.set(key, value);
  }

  toJSON(): Array<[string, StoredResponse]> {
    return [...this.entries];
  }

  static from(entries: Array<[string, StoredResponse]> | undefined, capacity = DEFAULT_IDEMPOTENCY_KEYS): IdempotencyStore {
    const store = new IdempotencyStore(capacity);
    for (const [k, v] of entries ?? []) store.set(k, v);
    return store;
  }
}

/** A stable fingerprint of a request body: keys sorted, so key order does not matter. */
export function fingerprint(body: unknown): string {
  return JSON.stringify(sortKeys(body));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}
