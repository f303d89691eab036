// A contact as the contacts API answers it (published API, "Contacts": the list item's fields,
// `tags[] {uuid, name}` (an older page: `id`), every custom contact field of the workspace as a
// top-level key with '' when the contact has none). `status` reads `Blacklisted` while the contact
// is blacklisted, else its own (Active by default). A contact recorded without instants (one
// another group created on an inbound message or a send) reads as created at the start of 2026.
import type { Contact, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { isBlacklisted } from './contact-record.ts';

export type ContactView = Schemas['Contact'];

/** The instant a contact recorded without one reads as created (and updated) at. */
export const UNDATED = new Date('2026-01-01T00:00:00Z');

/** The profile fields an answer shows as they are stored, null when not set. */
export const PROFILE_FIELDS = [
  'surname',
  'number_type',
  'country_code',
  'timezone',
  'primary_language',
  'preferred_contact_channel',
  'preferred_contact_time',
  'company',
  'city',
  'lead_source',
  'notes',
] as const;

/** The status an answer shows at `now`. */
export function statusOf(contact: Contact, now: Date): 'Active' | 'Inactive' | 'Blacklisted' {
  return isBlacklisted(contact, now) ? 'Blacklisted' : (contact.status ?? 'Active');
}

export function contactView(ws: WorkspaceState, contact: Contact, now: Date): ContactView {
  const tags = new Map(ws.contact_tags.map((t) => [t.uuid, t]));
  const view: Record<string, unknown> = {
    uuid: contact.uuid,
    name: contact.name,
    surname: contact.surname ?? null,
    email: contact.email,
    phone_number: contact.phone,
  };
  for (const field of PROFILE_FIELDS) view[field] = contact[field] ?? null;
  view.status = statusOf(contact, now);
  view.stage_uuid = contact.stage_uuid ?? null;
  view.created_at = contact.created_at ?? UNDATED;
  view.updated_at = contact.updated_at ?? contact.created_at ?? UNDATED;
  view.tags = (contact.tags ?? []).flatMap((uuid) => {
    const tag = tags.get(uuid);
    return tag ? [{ id: tag.id, uuid: tag.uuid, name: tag.name }] : [];
  });
  for (const field of ws.contact_fields) view[field.key] = contact.custom_fields?.[field.key] ?? '';
  return view as unknown as ContactView;
}
