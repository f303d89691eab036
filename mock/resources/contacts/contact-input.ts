// A contact create or update body applied to a contact (published API, "Contacts": the create and
// update bodies; custom contact fields as top-level keys with string values, null or '' clearing
// one; an unregistered key is a 422 naming it). Everything is checked before anything is written:
// a refused body leaves the contact as it was. A phone number is one contact's (409 when another
// holds it: contacts are matched by it, inferred); tags are named by existing uuids.
import { errors } from '../../pipeline/api-error.ts';
import type { Contact, WorkspaceState } from '../../state/workspace.ts';
import { PROFILE_FIELDS } from './contact-view.ts';

/** The body fields that are not custom contact fields. */
const KNOWN = new Set<string>(['name', 'email', 'phone_number', 'status', 'tags', ...PROFILE_FIELDS]);

export type ContactBody = Record<string, unknown>;

/** The custom contact field values a body sends, by key; a key no custom field has is refused. */
function customValues(ws: WorkspaceState, body: ContactBody, acceptUnknown: boolean): Map<string, string> {
  const registered = new Set(ws.contact_fields.map((f) => f.key));
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(body)) {
    if (KNOWN.has(key) || value === undefined) continue;
    if (!registered.has(key)) {
      if (acceptUnknown) continue;
      throw errors.validation('VALIDATION_ERROR', `${key} is not a contact field of this workspace (register it with POST /api/v1/contacts/fields).`, key);
    }
    values.set(key, value === null ? '' : String(value));
  }
  return values;
}

function checkPhoneFree(ws: WorkspaceState, phone: string, self: Contact | undefined): void {
  const holder = ws.contacts.find((c) => c !== self && c.uuid !== self?.uuid && c.phone === phone);
  if (holder) throw errors.conflict('Phone number taken', `The contact ${holder.uuid} already has the phone number ${phone}.`);
}

function checkTags(ws: WorkspaceState, tags: unknown): string[] | undefined {
  if (!Array.isArray(tags)) return undefined;
  const known = new Map(ws.contact_tags.map((t) => [t.uuid.toLowerCase(), t.uuid]));
  const out: string[] = [];
  for (const uuid of tags as string[]) {
    const found = known.get(uuid.toLowerCase());
    if (!found) throw errors.validation('VALIDATION_ERROR', `No tag ${uuid} exists in this workspace.`, 'tags');
    if (!out.includes(found)) out.push(found);
  }
  return out;
}

/**
 * Applies a body to `contact` (a new record for a create): the fields sent replace the stored ones.
 * `acceptUnknown` (the fault contact-unknown-field-accepted) lets an unregistered key through, dropped.
 */
export function applyContactBody(ws: WorkspaceState, contact: Contact, body: ContactBody, now: Date, existing: boolean, acceptUnknown: boolean): void {
  const custom = customValues(ws, body, acceptUnknown);
  const phone = typeof body.phone_number === 'string' ? body.phone_number : undefined;
  if (phone !== undefined) checkPhoneFree(ws, phone, existing ? contact : undefined);
  const tags = checkTags(ws, body.tags);
  // Every check is done: write.
  if (typeof body.name === 'string') contact.name = body.name;
  if (phone !== undefined) contact.phone = phone;
  if (body.email !== undefined) contact.email = (body.email as string | null) ?? null;
  if (body.status === 'Active' || body.status === 'Inactive') contact.status = body.status;
  for (const field of PROFILE_FIELDS) {
    if (body[field] !== undefined) (contact as unknown as Record<string, unknown>)[field] = body[field] ?? null;
  }
  if (tags) contact.tags = tags;
  if (custom.size > 0) {
    const values = { ...contact.custom_fields };
    for (const [key, value] of custom) {
      if (value === '') delete values[key];
      else values[key] = value;
    }
    contact.custom_fields = values;
  }
  contact.updated_at = now;
}
