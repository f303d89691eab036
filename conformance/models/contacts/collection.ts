// The contacts collection as the suite certifies it (published API, "Contacts": list, create,
// read, update, delete): a contact created with a fresh E.164 number reads back as sent, a partial
// update changes only what it sends, a deleted contact reads 404 and leaves the list.
import type { CollectionSpec } from '../collections/collection-spec.ts';

/** A fresh E.164 number from a run's tag (8 hex digits): +49 1590 then 8 decimal digits. */
export function phoneOf(tag: string): string {
  return `+491590${String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;
}

export const CONTACTS_COLLECTION: CollectionSpec = {
  group: 'contacts',
  noun: 'contact',
  check: {
    name: 'contacts-collection',
    rule: 'published API "Contacts": a created contact reads back as sent and is listed, an update changes only the fields it sends, a deleted contact reads 404 and leaves the list',
  },
  mode: 'full',
  ops: { list: 'listContacts', create: 'createContact', read: 'getContact', update: 'updateContact', remove: 'deleteContact' },
  createBody: async (tag) => ({ name: `Conformance ${tag}`, surname: 'Suite', phone_number: phoneOf(tag), email: `conformance.${tag}@example.com`, country_code: 'DE', status: 'Active' }),
  updateBody: (tag) => ({ surname: `Renamed ${tag}`, primary_language: 'en', status: 'Inactive' }),
};
