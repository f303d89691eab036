// A collection declared once: where its records live in the workspace, how an answer shows one,
// its list's filters and order, and the operations that list, create, read, update and delete it.
// `collectionHandlers` derives those handlers: the published paged list (`data {current_page,
// last_page, per_page, total, data}`, the page size from `per_page` or `limit`), a 201 create, a
// read and a partial update by the record's path id (404 naming the resource when it is not
// there), and a delete. What is particular to a resource (coercions, conflicts, cascades, limits)
// is written by hand in the collection's hooks, which throw an ApiError to refuse.
//
// The fault `collection-writes-lost` makes every derived update and create answer as if they were
// stored while the state keeps the record as it was (an update) or never gets it (a create), so the
// suite's collection models prove they read writes back.
import type { Handler, HandlerContext, OperationId } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { DEFAULT_PER_PAGE, pagedList } from './paging.ts';

/** A handler context whose operation the kit does not know statically. */
// biome-ignore lint/suspicious/noExplicitAny: the kit serves operations of any collection; each hook types what it reads.
export type CollectionContext = HandlerContext<any>;

export interface Collection<R extends { uuid: string }, V = R> {
  /** What a 404 names: `contact`, `pool`. */
  noun: string;
  /**
   * The records of a workspace, in stored order. A computed collection (derived from state and the
   * clock when read, never written) reads the request's instant and faults from `ctx`.
   */
  records(ws: WorkspaceState, ctx: CollectionContext): R[];
  /** The record as answers show it (default: the record itself). */
  view?(record: R, ctx: CollectionContext): V;
  /** The list's filters by query parameter: an absent or empty parameter does not filter. */
  filters?: Record<string, (record: R, value: never, ctx: CollectionContext) => boolean>;
  /** The list's order (default: newest first by `created_at` when records have one, else stored order). */
  order?(a: R, b: R): number;
  /** A new record from a create body; refuses with an ApiError (422, 409) before anything is stored. */
  create?(body: never, ctx: CollectionContext): R;
  /** Applies an update body to a record (default: every field sent replaces the stored one, `updated_at` moves). */
  update?(record: R, body: never, ctx: CollectionContext): void;
  /** Before a record is removed: its cascade, or an ApiError (409) that keeps it. */
  beforeRemove?(record: R, ctx: CollectionContext): void;
  /** The `data` of a delete's answer (default: the deleted record's view). */
  removed?(record: R, ctx: CollectionContext): unknown;
  /** The answers' messages. */
  messages: { list?: string; create?: string; read?: string; update?: string; remove?: string };
  /** The path parameter naming a record (default `uuid`). */
  idParam?: string;
  /** Brings the workspace's derived state up to the request's instant before any derived handler reads it. */
  prepare?(ctx: CollectionContext): void;
}

export interface CollectionOperations {
  list?: OperationId;
  create?: OperationId;
  read?: OperationId;
  update?: OperationId;
  remove?: OperationId;
}

function byCreatedAtDesc(a: unknown, b: unknown): number {
  const at = (r: unknown): number => {
    const value = (r as { created_at?: unknown }).created_at;
    return value instanceof Date ? value.getTime() : 0;
  };
  return at(b) - at(a);
}

/** The record a request's path names, or the contract's 404. UUIDs match whatever their letter case. */
export function findRecord<R extends { uuid: string }>(c: Collection<R, unknown>, ctx: CollectionContext): R {
  const id = String((ctx.path as Record<string, unknown>)[c.idParam ?? 'uuid'] ?? '').toLowerCase();
  const found = c.records(ctx.ws, ctx).find((r) => r.uuid.toLowerCase() === id);
  if (!found) throw errors.notFound(c.noun);
  return found;
}

/** Every field the body sends replaces the stored one; `updated_at` moves to the request's instant. */
export function assignSent<R extends object>(record: R, body: object, now: Date): void {
  for (const [key, value] of Object.entries(body)) if (value !== undefined) (record as Record<string, unknown>)[key] = structuredClone(value);
  if ('updated_at' in record) (record as Record<string, unknown>).updated_at = now;
}

/** The query's page size: `per_page`, else `limit` (the published alias of the contacts list), else the default. */
function pageSize(query: Record<string, unknown>): number {
  const size = query.per_page ?? query.limit;
  return typeof size === 'number' ? size : DEFAULT_PER_PAGE;
}

/** The handlers derived for the operations a collection names: exactly those operationIds, each required. */
export type DerivedHandlers<O extends CollectionOperations> = { [K in Extract<O[keyof O], OperationId>]: Handler<K> };

/** The handlers of a collection's operations. */
export function collectionHandlers<R extends { uuid: string }, V, const O extends CollectionOperations>(c: Collection<R, V>, ops: O): DerivedHandlers<O> {
  const view = (record: R, ctx: CollectionContext): V => (c.view ? c.view(record, ctx) : (record as unknown as V));
  const handlers: Record<string, (ctx: CollectionContext) => { status: number; body: unknown }> = {};
  if (ops.list) {
    handlers[ops.list] = (ctx) => {
      c.prepare?.(ctx);
      const query = ctx.query as Record<string, unknown>;
      let rows = [...c.records(ctx.ws, ctx)];
      for (const [name, keep] of Object.entries(c.filters ?? {})) {
        const value = query[name];
        if (value === undefined || value === '') continue;
        rows = rows.filter((r) => keep(r, value as never, ctx));
      }
      rows.sort(c.order ?? byCreatedAtDesc);
      const page = pagedList(rows, typeof query.page === 'number' ? query.page : 1, pageSize(query));
      return { status: 200, body: { success: true, message: c.messages.list ?? 'Retrieved', data: { ...page, data: page.data.map((r) => view(r, ctx)) } } };
    };
  }
  if (ops.create) {
    const create = c.create;
    if (!create) throw new Error(`the ${c.noun} collection names a create operation but has no create hook`);
    handlers[ops.create] = (ctx) => {
      const record = create(ctx.body as never, ctx);
      const shown = view(record, ctx);
      if (!ctx.faults.has('collection-writes-lost')) c.records(ctx.ws, ctx).push(record);
      return { status: 201, body: { success: true, message: c.messages.create ?? 'Created', data: shown } };
    };
  }
  if (ops.read) {
    handlers[ops.read] = (ctx) => {
      c.prepare?.(ctx);
      return { status: 200, body: { success: true, message: c.messages.read ?? 'Retrieved', data: view(findRecord(c, ctx), ctx) } };
    };
  }
  if (ops.update) {
    handlers[ops.update] = (ctx) => {
      c.prepare?.(ctx);
      const record = findRecord(c, ctx);
      const target = ctx.faults.has('collection-writes-lost') ? { ...record } : record;
      if (c.update) c.update(target, ctx.body as never, ctx);
      else assignSent(target, (ctx.body ?? {}) as object, ctx.now);
      return { status: 200, body: { success: true, message: c.messages.update ?? 'Updated', data: view(target, ctx) } };
    };
  }
  if (ops.remove) {
    handlers[ops.remove] = (ctx) => {
      c.prepare?.(ctx);
      const record = findRecord(c, ctx);
      c.beforeRemove?.(record, ctx);
      const list = c.records(ctx.ws, ctx);
      list.splice(list.indexOf(record), 1);
      return { status: 200, body: { success: true, message: c.messages.remove ?? 'Deleted', data: c.removed ? c.removed(record, ctx) : view(record, ctx) } };
    };
  }
  return handlers as unknown as DerivedHandlers<O>;
}
