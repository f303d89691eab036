// The contacts a listing's `contacts[]` entries name (published API, "Listings": contact objects,
// matched to existing contacts by phone number, then email; a matched contact is updated with the
// entry's data, else one is created). Entries that resolve to the same contact count once (seed
// "Limits" note 2: one request for any number of contacts). A matched contact takes the entry's
// name and a phone number or email it lacks; the phone number and email it has stay, since contacts
// are matched by them (inferred). The other fields of an entry are kept with the listing
// (ContactDetails). The contract's schema has already checked every entry.
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

export function resolveContacts(ws: WorkspaceState, entries: readonly ContactEntry[]): ResolvedContacts {
  const byPhone = new Map<string, Contact>();
  const byEmail = new Map<string, Contact>();
  const index = (c: Contact) => {
    if (c.phone !== null && !byPhone.has(normalizeE164(c.phone))) byPhone.set(normalizeE164(c.phone), c);
    if (c.email !== null && !byEmail.has(c.email.toLowerCase())) byEmail.set(c.email.toLowerCase(), c);
  };
  for (const c of ws.contacts) index(c);
  const seen = new Set<string>();
  const contacts: Contact[] = [];
  const details = new Map<string, ContactDetails>();
  let created = 0;
  for (const entry of entries) {
    const phone = entry.phone_number === undefined ? null : normalizeE164(entry.phone_number);
    const email = entry.email ?? null;
    let contact = (phone === null ? undefined : byPhone.get(phone)) ?? (email === null ? undefined : byEmail.get(email.toLowerCase()));
    if (contact) {
      if (entry.name !== undefined) contact.name = entry.name;
      if (contact.phone === null && phone !== null) contact.phone = phone;
      if (contact.email === null && email !== null) contact.email = email;
      index(contact);
    } else {
      contact = { uuid: newUuid(), name: entry.name ?? phone ?? email ?? '', phone, email };
      ws.contacts.push(contact);
      index(contact);
      created++;
    }
    details.set(contact.uuid, { ...details.get(contact.uuid), ...detailsOf(entry) });
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

/** A contact as a listing answer shows it, with the details the listing keeps for it. */
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
  for (const field of DETAIL_FIELDS) view[field] = details[field] ?? null;
  return view;
}
