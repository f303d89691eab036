// The contacts collection (published API, "Contacts": the paged list with its filters and `limit`,
// create, read, update, delete), declared once for the collection kit; the rules are its hooks:
// the body's custom fields and phone number (contact-input.ts), the delete's cascade (the contact's
// approvals go). Faults: contact-unknown-field-accepted lets an unregistered key through;
// contact-list-total-unfiltered counts every contact in `total` and `last_page` whatever the filters.
import type { HandlerGroup } from '../../core/handler.ts';
import type { Contact } from '../../state/workspace.ts';
import { type Collection, type CollectionContext, collectionHandlers } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';
import { DEFAULT_PER_PAGE } from '../shared/paging.ts';
import { applyContactBody, type ContactBody } from './contact-input.ts';
import { campaignContacts, poolContacts } from './contact-scopes.ts';
import { type ContactView, contactView, statusOf } from './contact-view.ts';

const includes = (value: string | null | undefined, part: string): boolean => (value ?? '').toLowerCase().includes(part);

function matchesSearch(contact: Contact, term: string): boolean {
  const part = term.trim().toLowerCase();
  // A term written as a phone number ("+49 151 …", "(030) 12-34") also matches by its digits; a
  // term with letters is text, whose digits say nothing about a phone number.
  const digits = /^[\d\s+().-]+$/.test(part) ? part.replace(/[^0-9]/g, '') : '';
  return (
    includes(contact.name, part) ||
    includes(contact.surname, part) ||
    includes(contact.email, part) ||
    includes(contact.phone, part) ||
    (digits.length > 0 && (contact.phone ?? '').includes(digits))
  );
}

/** A scope's contacts, computed once per request (a filter runs once per contact). */
const scopes = new WeakMap<object, Map<string, Set<string>>>();
function scoped(ctx: CollectionContext, key: string, compute: () => Set<string>): Set<string> {
  let byKey = scopes.get(ctx);
  if (!byKey) {
    byKey = new Map();
    scopes.set(ctx, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    found = compute();
    byKey.set(key, found);
  }
  return found;
}

const sameUuid = (a: string | null | undefined, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export const contactCollection: Collection<Contact, ContactView> = {
  noun: 'Contact',
  records: (ws) => ws.contacts,
  view: (contact, ctx) => contactView(ctx.ws, contact, ctx.now),
  filters: {
    search: (c, term: string) => matchesSearch(c, term),
    status: (c, status: string, ctx) => statusOf(c, ctx.now) === status,
    contact_channel: (c, channel: string) => (c.preferred_contact_channel ?? '').toLowerCase() === channel.toLowerCase(),
    stage_uuid: (c, uuid: string) => sameUuid(c.stage_uuid, uuid),
    tag_uuid: (c, uuid: string) => (c.tags ?? []).some((t) => sameUuid(t, uuid)),
    pool_uuid: (c, uuid: string, ctx) => scoped(ctx, `pool ${uuid}`, () => poolContacts(ctx.ws, uuid)).has(c.uuid),
    campaign_uuid: (c, uuid: string, ctx) => scoped(ctx, `campaign ${uuid}`, () => campaignContacts(ctx.ws, uuid)).has(c.uuid),
  },
  create: (body: ContactBody, ctx) => {
    const contact: Contact = { uuid: newUuid(), name: '', phone: null, email: null, status: 'Active', tags: [], created_at: ctx.now, updated_at: ctx.now };
    applyContactBody(ctx.ws, contact, body, ctx.now, false, ctx.faults.has('contact-unknown-field-accepted'));
    if (contact.name === '') contact.name = contact.phone ?? contact.email ?? '';
    return contact;
  },
  update: (contact, body: ContactBody, ctx) => applyContactBody(ctx.ws, contact, body, ctx.now, true, ctx.faults.has('contact-unknown-field-accepted')),
  beforeRemove: (contact, ctx) => {
    ctx.ws.contact_approvals = ctx.ws.contact_approvals.filter((a) => a.contact_uuid !== contact.uuid);
  },
  messages: {
    list: 'Contacts retrieved successfully',
    create: 'Contact created successfully',
    read: 'Contact retrieved successfully',
    update: 'Contact updated successfully',
    remove: 'Contact deleted successfully',
  },
};

const derived = collectionHandlers(contactCollection, { list: 'listContacts', create: 'createContact', read: 'getContact', update: 'updateContact', remove: 'deleteContact' });

/** The path of the list's first page with the same filters and page size. */
function firstPageUrl(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'timezone' || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  params.set('page', '1');
  return `/api/v1/contacts?${params.toString()}`;
}

type ListBody = { data: { total: number; per_page: number; last_page: number } & Record<string, unknown> };

/** The derived list with the published `first_page_url`. */
function listContacts(ctx: CollectionContext) {
  const result = (derived.listContacts as unknown as (c: CollectionContext) => { status: 200; body: ListBody })(ctx);
  const data = result.body.data;
  data.first_page_url = firstPageUrl(ctx.query as Record<string, unknown>);
  if (ctx.faults.has('contact-list-total-unfiltered')) {
    data.total = ctx.ws.contacts.length;
    data.last_page = Math.max(1, Math.ceil(data.total / (data.per_page || DEFAULT_PER_PAGE)));
  }
  return result;
}

type ContactOperations = 'listContacts' | 'createContact' | 'getContact' | 'updateContact' | 'deleteContact';

export const contactRecordHandlers = { ...derived, listContacts } as Required<Pick<HandlerGroup, ContactOperations>>;
