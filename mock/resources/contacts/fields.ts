// Contact fields (seed "What the service does" > Contacts: "Contact fields are identified by a key
// that is unique and immutable once created"). Every workspace has the built-in fields; its custom
// fields are kept in state. A key is taken by any field, built-in or custom, and by the contact's
// own answer fields (a custom field is a top-level key of a contact); an update changes the name
// only, and a key in its body other than the field's own is refused.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { PROFILE_FIELDS } from './contact-view.ts';

export type ContactField = Schemas['ContactField'];

/** The built-in fields of every workspace, dated at the workspace's first instant the mock knows. */
const BUILT_IN: ReadonlyArray<Pick<ContactField, 'key' | 'name' | 'type'>> = [
  { key: 'name', name: 'Name', type: 'text' },
  { key: 'phone', name: 'Phone', type: 'phone' },
  { key: 'email', name: 'Email', type: 'email' },
];
const BUILT_IN_SINCE = new Date('2026-01-01T00:00:00Z');

export function builtInFields(): ContactField[] {
  return BUILT_IN.map((f) => ({ ...f, built_in: true, created_at: BUILT_IN_SINCE, updated_at: BUILT_IN_SINCE }));
}

/** Every field: built-in ones first, then the custom ones by creation. */
export function allFields(ws: WorkspaceState): ContactField[] {
  return [...builtInFields(), ...ws.contact_fields.map((f) => ({ ...f }))];
}

/**
 * Names a contact answer carries itself: a custom field's value is a top-level key of the contact
 * (published API, "Contacts"), so a custom field cannot take one of them.
 */
const CONTACT_PROPERTIES: ReadonlySet<string> = new Set([
  ...PROFILE_FIELDS,
  'uuid',
  'phone_number',
  'status',
  'stage_uuid',
  'tags',
  'created_at',
  'updated_at',
]);

export function createField(ws: WorkspaceState, input: Schemas['ContactFieldCreate'], now: Date): ContactField {
  if (CONTACT_PROPERTIES.has(input.key)) throw errors.conflict('Contact field key taken', `${input.key} is a field every contact has.`);
  if (allFields(ws).some((f) => f.key === input.key)) throw errors.conflict('Contact field key taken', `A contact field with the key ${input.key} already exists.`);
  const field: ContactField = { key: input.key, name: input.name, type: input.type, built_in: false, created_at: now, updated_at: now };
  ws.contact_fields.push(field);
  return field;
}

/**
 * Applies an update to the custom field `key`. `renameKeys` (the fault contact-field-key-mutable)
 * lets a different key in the body rename the field.
 */
export function updateField(ws: WorkspaceState, key: string, input: Schemas['ContactFieldUpdate'], now: Date, renameKeys: boolean): ContactField {
  if (builtInFields().some((f) => f.key === key)) throw errors.conflict('Built-in contact field', `The built-in contact field ${key} cannot be changed.`);
  const field = ws.contact_fields.find((f) => f.key === key);
  if (!field) throw errors.notFound('Contact field');
  if (input.key !== undefined && input.key !== key) {
    if (!renameKeys) throw errors.validation('VALIDATION_ERROR', 'A contact field key is immutable once created.', 'key');
    if (allFields(ws).some((f) => f.key === input.key)) throw errors.conflict('Contact field key taken', `A contact field with the key ${input.key} already exists.`);
    field.key = input.key;
  }
  if (input.name !== undefined) field.name = input.name;
  field.updated_at = now;
  return { ...field };
}
