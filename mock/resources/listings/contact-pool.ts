// The contacts a listing's `contacts[]` entries name (published API, "Listings": contact objects,
// matched to existing contacts by phone number, then email; a matched contact is updated with the
// entry's data, else one is created). Contacts are one workspace collection, shared with the
// contacts API: what an entry says about a contact (surname, timezone, company, ...) is written to
// the contact itself, so GET /api/v1/contacts/{uuid} shows what a listing sent. Entries that
// resolve to the same contact count once (seed "Limits" note 2: one request for any number of
// contacts). A matched contact takes the entry's name, its details, and a phone number or email
// it lacks; the phone number and email it has stay, since contacts are matched by them (inferred).
// The listing also keeps the details per contact (ContactDetails) for states saved before contacts
// held them. The contract's schema has already checked every entry.
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { Contact, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid, normalizeE164 } from '../shared/lookup.ts';
import type { ContactDetails } from './records.ts';

/** One `contacts[]` entry (contract ListingContactInput, whose generated type is open). */
export interface ContactEntry extends ContactDetails {
  name?: string;
  phone_number?: string;
  email?: string;
}

const DETAIL_FIELDS = [
  'surname',
  'timezone',
  'country_code',
  'primary_language',
  'preferred_contact_time',
  'preferred_contact_channel',
  'company',
  'city',
  'lead_source',
  'notes',
] as const satisfies ReadonlyArray<keyof ContactDetails>;

export interface ResolvedContacts {
  /** The distinct contacts, in the order of their first entry. */
  contacts: Contact[];
  /** How many of them were created. */
  created: number;
  /** Per contact uuid, the details its entries gave (later entries win field by field). */
  details: Map<string, ContactDetails>;
}

function detailsOf(entry: ContactEntry): ContactDetails {
  const out: ContactDetails = {};
  for (const field of DETAIL_FIELDS) {
    const value = entry[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/**
 * Matches the entries to contacts (phone number first, then email), updating or creating them.
 * `now` dates the writes; the fault contact-matching-off (in `faults`) creates a new contact for
 * every entry instead of updating the one it matches.
 */
export function resolveContacts(ws: WorkspaceState, entries: readonly ContactEntry[], now?: Date, faults?: FaultPlan): ResolvedContacts {
  const matching = !faults?.has('contact-matching-off');
  const byPhone = new Map<string, Contact>();
  const byEmail = new Map<string, Contact>();
  const index = (c: Contact) => {
    if (c.phone !== null && !byPhone.has(normalizeE164(c.phone))) byPhone.set(normalizeE164(c.phone), c);
    if (c.email !== null && !byEmail.has(c.email.toLowerCase())) byEmail.set(c.email.toLowerCase(), c);
  };
  if (matching) for (const c of ws.contacts) index(c);
  const seen = new Set<string>();
  const contacts: Contact[] = [];
  const details = new Map<string, ContactDetails>();
  let created = 0;
  for (const entry of entries) {
    const phone = entry.phone_number === undefined ? null : normalizeE164(entry.phone_number);
    const email = entry.email ?? null;
    const given = detailsOf(entry);
    let contact = (phone === null ? undefined : byPhone.get(phone)) ?? (email === null ? undefined : byEmail.get(email.toLowerCase()));
    if (contact) {
      const change: Partial<Contact> = { ...given };
      if (entry.name !== undefined) change.name = entry.name;
      if (contact.phone === null && phone !== null) change.phone = phone;
      if (contact.email === null && email !== null) change.email = email;
      // Only what differs is written: a contact an entry merely names stays as it was.
      const differs = Object.entries(change).filter(([key, value]) => (contact as unknown as Record<string, unknown>)[key] !== value);
      if (differs.length > 0) {
        Object.assign(contact, Object.fromEntries(differs));
        if (now) contact.updated_at = now;
      }
      index(contact);
    } else {
      contact = { uuid: newUuid(), name: entry.name ?? phone ?? email ?? '', phone, email, ...given, status: 'Active', tags: [] };
      if (now) Object.assign(contact, { created_at: now, updated_at: now });
      ws.contacts.push(contact);
      if (matching) index(contact);
      created++;
    }
    details.set(contact.uuid, { ...details.get(contact.uuid), ...given });
    if (seen.has(contact.uuid)) continue;
    seen.add(contact.uuid);
    contacts.push(contact);
  }
  return { contacts, created, details };
}

/** Keeps the details of a request with the listing, over what earlier requests gave. */
export function keepDetails(listing: { contact_details?: Record<string, ContactDetails> }, details: Map<string, ContactDetails>): void {
  for (const [uuid, d] of details) {
    if (Object.keys(d).length === 0) continue;
    listing.contact_details ??= {};
    listing.contact_details[uuid] = { ...listing.contact_details[uuid], ...d };
  }
}

/** A contact as a listing answer shows it: its own fields, else the details the listing kept for it. */
export function contactView(contact: Contact, details: ContactDetails = {}): Schemas['ListingContact'] {
  const view: Schemas['ListingContact'] = {
    uuid: contact.uuid,
    name: contact.name,
    surname: null,
    phone_number: contact.phone,
    email: contact.email,
    timezone: null,
    country_code: null,
    primary_language: null,
    preferred_contact_time: null,
    preferred_contact_channel: null,
    company: null,
    city: null,
    lead_source: null,
    notes: null,
  };
  for (const field of DETAIL_FIELDS) view[field] = contact[field] ?? details[field] ?? null;
  return view;
}
