// A contact pool (published pools API): a set of contacts campaigns work through, with its dispatch
// settings. Members keep when they joined and their priority; their progress is not stored, it
// follows from the campaign tasks made for them (members.ts). A listing's contacts are a pool.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';

export interface PoolItemRecord {
  contact_uuid: string;
  priority: number;
  added_at: Date;
  notes: string | null;
}

export interface PoolRecord {
  uuid: string;
  name: string;
  description: string | null;
  type: Schemas['PoolType'];
  max_parallel_items: number;
  max_retries: number;
  is_active: boolean;
  /** The members in the order they joined. */
  items: PoolItemRecord[];
  created_at: Date;
  updated_at: Date;
}

/** The pool as answers show it. */
export function poolView(pool: PoolRecord): Schemas['Pool'] & { created_at: Date; updated_at: Date } {
  const { items, ...fields } = pool;
  return { ...fields, contacts_count: items.length } as Schemas['Pool'] & { created_at: Date; updated_at: Date };
}

/** The contact uuids of a pool's members, in the order they joined; empty for an unknown pool. */
export function memberUuids(ws: WorkspaceState, poolUuid: string): string[] {
  return ws.pools.find((p) => p.uuid === poolUuid)?.items.map((i) => i.contact_uuid) ?? [];
}

/** Adds contacts not yet members (in the order given, each once); returns the uuids added. */
export function addMembers(pool: PoolRecord, contactUuids: readonly string[], priority: number, now: Date): string[] {
  const present = new Set(pool.items.map((i) => i.contact_uuid));
  const added: string[] = [];
  for (const uuid of contactUuids) {
    if (present.has(uuid)) continue;
    present.add(uuid);
    added.push(uuid);
    pool.items.push({ contact_uuid: uuid, priority, added_at: now, notes: null });
  }
  if (added.length > 0) pool.updated_at = now;
  return added;
}

/** A new pool with the published defaults. */
export function newPool(uuid: string, name: string, description: string | null, now: Date): PoolRecord {
  return { uuid, name, description, type: 'FIFO', max_parallel_items: 10, max_retries: 3, is_active: true, items: [], created_at: now, updated_at: now };
}
