// All-or-nothing writes. While a handler that may write runs, it sees the workspace state through
// a Proxy that records an undo entry for every property it sets, defines or deletes, at any depth
// (array methods such as push, splice and sort write through the same traps). When the response
// has been produced the journal is dropped (commit); when anything failed on the way (the handler
// threw, the body could not be serialised, the response broke the contract) the entries are undone
// newest first (rollback) and the state is exactly as before the request.
//
// Cost: reads through the proxy pay one Map lookup per object reached (a new proxy the first
// time); writes one journal entry each. Only requests that may write (not GET or HEAD) run in a transaction.
//
// Rules that keep it sound:
// - the state never holds a proxy: a value written through the proxy is unwrapped first (proxies
//   reached inside new objects or arrays are replaced by their targets);
// - Dates are handed out as they are (their methods need the real object), so a handler replaces
//   an instant (`record.updated_at = now`) and never changes a Date in place;
// - the same object always gets the same proxy, so identity comparisons hold within a handler.

type UndoEntry =
  | { target: object; key: string | symbol; had: boolean; before: PropertyDescriptor | undefined }
  /** A deleted key of an object: restored with every key in its old order (JSON keeps the order). */
  | { target: object; layout: PropertyDescriptorMap };

/**
 * A proxy answers this key with its target (the get trap); any other object has no such property.
 * Cheaper than a WeakMap from proxies to targets: weak maps filled with short-lived entries cost
 * the garbage collector more than the lookups did.
 */
const TARGET: unique symbol = Symbol('transaction target');

function targetOf(value: object): object | undefined {
  return (value as { [TARGET]?: object })[TARGET];
}

/**
 * The state object behind a value a handler sees (itself when it is no proxy), for indexes kept
 * beside the state (keyed by the real object) and for reads that need no undo entries. Writing to
 * what this returns bypasses the transaction: only read it.
 */
export function rawTarget<T>(value: T): T {
  return typeof value === 'object' && value !== null ? ((targetOf(value) as T | undefined) ?? value) : value;
}

export class Transaction {
  private journal: UndoEntry[] = [];
  /** Target → proxy, for this transaction only (a plain Map: the transaction lives one request). */
  private readonly proxies = new Map<object, object>();
  private open = true;

  /** The value as the handler should see it: objects and arrays wrapped, anything else as is. */
  wrap<T>(value: T): T {
    if (!isWrappable(value)) return value;
    const existing = this.proxies.get(value);
    if (existing) return existing as T;
    const proxy = new Proxy(value, this.traps);
    this.proxies.set(value, proxy);
    return proxy as T;
  }

  /** Number of undo entries recorded so far. */
  get changes(): number {
    return this.journal.length;
  }

  /** Keeps every change. The proxies stay usable but record nothing more. */
  commit(): void {
    this.open = false;
    this.journal = [];
  }

  /** Undoes every change, newest first. */
  rollback(): void {
    this.open = false;
    const journal = this.journal;
    this.journal = [];
    for (let i = journal.length - 1; i >= 0; i--) {
      const entry = journal[i] as UndoEntry;
      if ('layout' in entry) {
        for (const key of Reflect.ownKeys(entry.target)) Reflect.deleteProperty(entry.target, key);
        Object.defineProperties(entry.target, entry.layout);
      } else if (entry.had && entry.before) Reflect.defineProperty(entry.target, entry.key, entry.before);
      else Reflect.deleteProperty(entry.target, entry.key);
    }
  }

  /**
   * The value with every proxy inside it replaced by its target, without recursion. Objects the
   * handler built are fixed in place; state objects never hold proxies, so they are left alone.
   */
  unwrap<T>(value: T): T {
    if (!isWrappable(value)) return value;
    const direct = targetOf(value);
    if (direct) return direct as T;
    const seen = new Set<object>([value]);
    const stack: object[] = [value];
    while (stack.length > 0) {
      const node = stack.pop() as Record<string | symbol, unknown>;
      for (const key of Object.keys(node)) {
        const child = node[key];
        if (!isWrappable(child)) continue;
        const target = targetOf(child);
        if (target) node[key] = target;
        else if (!seen.has(child)) {
          seen.add(child);
          stack.push(child);
        }
      }
    }
    return value;
  }

  private record(target: object, key: string | symbol): void {
    if (!this.open) return;
    // Writing an index past the end lengthens an array without a write to `length`: keep it too.
    if (Array.isArray(target) && key !== 'length') this.journal.push({ target, key: 'length', had: true, before: Reflect.getOwnPropertyDescriptor(target, 'length') });
    const before = Reflect.getOwnPropertyDescriptor(target, key);
    this.journal.push({ target, key, had: before !== undefined, before });
  }

  private readonly traps: ProxyHandler<object> = {
    get: (target, key) => {
      if (key === TARGET) return target;
      const value = (target as Record<string | symbol, unknown>)[key];
      return typeof value === 'object' ? this.wrap(value) : value;
    },
    set: (target, key, value) => {
      this.record(target, key);
      (target as Record<string | symbol, unknown>)[key] = this.unwrap(value);
      return true;
    },
    defineProperty: (target, key, descriptor) => {
      this.record(target, key);
      const plain = 'value' in descriptor ? { ...descriptor, value: this.unwrap(descriptor.value) } : descriptor;
      return Reflect.defineProperty(target, key, plain);
    },
    deleteProperty: (target, key) => {
      if (Object.hasOwn(target, key) && this.open) {
        if (Array.isArray(target)) this.record(target, key);
        else this.journal.push({ target, layout: Object.getOwnPropertyDescriptors(target) });
      }
      return Reflect.deleteProperty(target, key);
    },
  };
}

function isWrappable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && !ArrayBuffer.isView(value);
}
