// The real ids the suite knows per collection: read from the target's lists (`discovered`), made
// by the suite itself (`created`) or named by the QA team's data file (`given`), each with the
// parent ids it was found under (a webhook under its agent). A request's id is real only when it
// comes from here; anything else is made up.

export type IdOrigin = 'discovered' | 'created' | 'given' | 'made-up';

export interface KnownId {
  value: string;
  origin: 'discovered' | 'created' | 'given';
  /** The operation that listed or created it, or the data-file key that named it. */
  from: string;
  /** The path parameters of its collection (`{uuid: <agent>}` for a webhook). */
  parents: Record<string, string>;
}

export class IdPool {
  private readonly byCollection = new Map<string, KnownId[]>();
  /** Why a collection has no ids (nothing listed, the mode creates nothing, a failed read). */
  private readonly reasons = new Map<string, string>();

  add(collection: string, id: KnownId): void {
    const list = this.byCollection.get(collection) ?? [];
    if (!list.some((k) => k.value === id.value && sameParents(k.parents, id.parents))) list.push(id);
    this.byCollection.set(collection, list);
  }

  /** The known ids of a collection, those under the given parents only when some are given. */
  ids(collection: string, parents: Record<string, string> = {}): KnownId[] {
    return (this.byCollection.get(collection) ?? []).filter((k) => Object.entries(parents).every(([name, value]) => k.parents[name] === value));
  }

  created(): Array<{ collection: string; id: KnownId }> {
    return [...this.byCollection].flatMap(([collection, ids]) => ids.filter((id) => id.origin === 'created').map((id) => ({ collection, id })));
  }

  remove(collection: string, value: string): void {
    const list = this.byCollection.get(collection);
    if (list) this.byCollection.set(collection, list.filter((k) => k.value !== value));
  }

  /** Every id the pool holds (to tell a real reference in a body from a made-up one). */
  values(): Set<string> {
    return new Set([...this.byCollection.values()].flatMap((ids) => ids.map((k) => k.value)));
  }

  explain(collection: string, reason: string): void {
    if (!this.reasons.has(collection)) this.reasons.set(collection, reason);
  }

  reason(collection: string): string | undefined {
    return this.reasons.get(collection);
  }
}

function sameParents(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}
