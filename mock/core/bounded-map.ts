// A Map with a capacity: reading or writing a key makes it the most recent, and inserting past the
// capacity evicts the least recently used entry (a Map keeps insertion order, so the first key is
// the oldest). Every per-request cache of the mock is one of these, so memory stays bounded
// whatever clients send.
export class BoundedMap<K, V> {
  readonly capacity: number;
  private readonly entries = new Map<K, V>();
  /** Entries evicted so far (for tests and the soak report). */
  evictions = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer (got ${capacity})`);
    this.capacity = capacity;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, made the most recent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value without touching its recency. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.capacity) this.evictOldest();
    this.entries.set(key, value);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Oldest first. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries[Symbol.iterator]();
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) {
      this.entries.delete(oldest.value);
      this.evictions++;
    }
  }
}
