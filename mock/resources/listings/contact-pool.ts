// A listing's pool from its `contacts` entries: contact uuids and/or E.164 phone numbers (seed
// "Limits" note 2: one request for any number of contacts). A phone number that matches no contact
// creates one; an entry naming a contact already in the pool counts once; an unknown uuid is a 422
// naming the entry. Every entry is checked before anything is created.
import { errors } from '../../pipeline/api-error.ts';
import type { Contact, WorkspaceState } from '../../state/workspace.ts';
import { newUuid, normalizeE164 } from '../shared/lookup.ts';

const PHONE = /^\+?\d+$/;

export interface ContactPool {
  contacts: Contact[];
  created: number;
}

export function resolvePool(ws: WorkspaceState, entries: string[]): ContactPool {
  const byUuid = new Map(ws.contacts.map((c) => [c.uuid.toLowerCase(), c]));
  entries.forEach((entry, i) => {
    if (!PHONE.test(entry) && !byUuid.has(entry.toLowerCase())) {
      throw errors.validation('VALIDATION_ERROR', `No contact ${entry} exists in this workspace.`, `contacts[${i}]`);
    }
  });
  const byPhone = new Map<string, Contact>();
  for (const c of ws.contacts) if (c.phone !== null) byPhone.set(normalizeE164(c.phone), c);
  const seen = new Set<string>();
  const contacts: Contact[] = [];
  let created = 0;
  for (const entry of entries) {
    let contact: Contact | undefined;
    if (PHONE.test(entry)) {
      const phone = normalizeE164(entry);
      contact = byPhone.get(phone);
      if (!contact) {
        contact = { uuid: newUuid(), name: phone, phone, email: null };
        ws.contacts.push(contact);
        byPhone.set(phone, contact);
        byUuid.set(contact.uuid, contact);
        created++;
      }
    } else {
      contact = byUuid.get(entry.toLowerCase()) as Contact;
    }
    if (seen.has(contact.uuid)) continue;
    seen.add(contact.uuid);
    contacts.push(contact);
  }
  return { contacts, created };
}
