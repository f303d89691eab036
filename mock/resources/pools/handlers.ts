// Pools (published pools API): list, create and update declared once as a collection
// (shared/collection.ts); the members list, adding members and duplicating written here. Adding
// contacts makes work in every running campaign the pool is attached to (campaigns/work.ts).
import type { HandlerGroup } from '../../core/handler.ts';
import type { Contact, Schemas } from '../../state/workspace.ts';
import { isRunning, queueCampaignWork } from '../campaigns/work.ts';
import { type Collection, collectionHandlers, findRecord } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { campaignsOfPool, memberViews } from './members.ts';
import { addMembers, newPool, type PoolRecord, poolView } from './records.ts';

/** The members list's published default page size. */
const MEMBERS_PER_PAGE = 25;

const contains = (value: string | null, part: string): boolean => (value ?? '').toLowerCase().includes(part.toLowerCase());

export const pools: Collection<PoolRecord, ReturnType<typeof poolView>> = {
  noun: 'Pool',
  records: (ws) => ws.pools,
  view: poolView,
  filters: {
    search: (p, value: string) => contains(p.name, value) || contains(p.description, value),
    type: (p, value: string) => p.type === value,
    is_active: (p, value: boolean) => p.is_active === value,
  },
  create: (body: Schemas['PoolCreate'], ctx) => {
    const pool = newPool(newUuid(), body.name, body.description, ctx.now);
    return {
      ...pool,
      type: body.type ?? pool.type,
      max_parallel_items: body.max_parallel_items ?? pool.max_parallel_items,
      max_retries: body.max_retries ?? pool.max_retries,
      is_active: body.is_active ?? pool.is_active,
    };
  },
  messages: { list: 'Pools retrieved successfully', create: 'Pool created successfully', update: 'Pool updated successfully' },
};

export const poolHandlers = {
  ...(collectionHandlers(pools, { list: 'listPools', create: 'createPool', update: 'updatePool' }) as Required<Pick<HandlerGroup, 'listPools' | 'createPool' | 'updatePool'>>),

  listPoolContacts: (ctx) => {
    const { ws, query, now } = ctx;
    const pool = findRecord(pools, ctx);
    let rows = memberViews(ws, pool, now);
    const search = query.search;
    if (search) rows = rows.filter((m) => contains(m.name, search) || contains(m.phone_number, search) || contains(m.email, search));
    if (query.status) rows = rows.filter((m) => m.status === query.status);
    const page = pagedList(rows, query.page ?? 1, query.per_page ?? MEMBERS_PER_PAGE);
    return { status: 200, body: { success: true, message: 'Pool contacts retrieved successfully', data: { pool_uuid: pool.uuid, ...page } } };
  },

  addPoolContacts: (ctx) => {
    const { ws, body, now } = ctx;
    const pool = findRecord(pools, ctx);
    const contacts = new Map(ws.contacts.map((c) => [c.uuid.toLowerCase(), c]));
    const wanted = [...new Set(body.contact_uuids.map((u) => u.toLowerCase()))];
    const found = wanted.map((u) => contacts.get(u)).filter((c): c is Contact => c !== undefined);
    const notFound = wanted.filter((u) => !contacts.has(u));
    const added = new Set(addMembers(pool, found.map((c) => c.uuid), body.priority ?? 0, now));
    const joined = found.filter((c) => added.has(c.uuid));
    const running = campaignsOfPool(ws, pool.uuid).filter((uuid) => isRunning(ws, uuid, now));
    let tasks = 0;
    for (const campaign of running) tasks += queueCampaignWork(ws, campaign, joined, now);
    return {
      status: 200,
      body: {
        success: true,
        message: `${added.size} contact(s) added to pool, ${tasks} task(s) created across ${running.length} running campaign(s).`,
        data: {
          pool_uuid: pool.uuid,
          contacts_added: added.size,
          contacts_skipped: found.length - added.size,
          contact_uuids_not_found: notFound,
          tasks_created: tasks,
          running_campaign_uuids: running,
        },
      },
    };
  },

  duplicatePool: (ctx) => {
    const { ws, body, now } = ctx;
    const source = findRecord(pools, ctx);
    const copyContacts = body?.copy_contacts ?? true;
    const copy: PoolRecord = {
      ...newPool(newUuid(), body?.name ?? `${source.name} (copy)`, source.description, now),
      type: source.type,
      max_parallel_items: source.max_parallel_items,
      max_retries: source.max_retries,
      is_active: source.is_active,
      // Copied members start over: they join now, in the source's order, with its priorities.
      items: copyContacts ? source.items.map((i) => ({ contact_uuid: i.contact_uuid, priority: i.priority, added_at: now, notes: i.notes })) : [],
    };
    ws.pools.push(copy);
    return { status: 200, body: { success: true, message: 'Pool duplicated successfully', data: { ...poolView(copy), contacts_copied: copy.items.length } } };
  },
} satisfies HandlerGroup;
