// The contacts a listing's `contacts[]` entries name (published API, "Listings": contact objects,
// matched to existing contacts by phone number, then email). An entry that matches no contact
// creates one; entries that resolve to the same contact count once (seed "Limits" note 2: one
// request for any number of contacts). The contract's schema has already checked every entry.
import type { Contact, WorkspaceState } from '../../state/workspace.ts';
import { newUuid, normalizeE164 } from '../shared/lookup.ts';

export interface ContactEntry {
  name?: string;
  phone_number?: string;
  email?: string;
}

export interface ResolvedContacts {
  /** The distinct contacts, in the order of their first entry. */
  contacts: Contact[];
  /** How many of them were created. */
  created: number;
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
  let created = 0;
  for (const entry of entries) {
    const phone = entry.phone_number === undefined ? null : normalizeE164(entry.phone_number);
    const email = entry.email ?? null;
    let contact = (phone === null ? undefined : byPhone.get(phone)) ?? (email === null ? undefined : byEmail.get(email.toLowerCase()));
    if (!contact) {
      contact = { uuid: newUuid(), name: entry.name ?? phone ?? email ?? '', phone, email };
      ws.contacts.push(contact);
      index(contact);
      created++;
    }
    if (seen.has(contact.uuid)) continue;
    seen.add(contact.uuid);
    contacts.push(contact);
  }
  return { contacts, created };
}

/** A contact as a listing answer shows it. */
export function contactView(contact: Contact) {
  return { uuid: contact.uuid, name: contact.name, phone_number: contact.phone, email: contact.email };
}
