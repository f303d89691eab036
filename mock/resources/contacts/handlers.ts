// Contacts (seed "What the service does" > Contacts; published API "Contacts"): the contacts
// collection (contacts.ts), tags, the blacklist, contact settings and approvals (inferred), the
// contact fields (list, create, update: keys unique and immutable) and the contact analyzers with
// their prefixed identifiers and configuration.
import type { HandlerGroup } from '../../core/handler.ts';
import { findOr404 } from '../shared/lookup.ts';
import { analyzersOf, configureAnalyzer } from './analyzers.ts';
import { approvalHandlers } from './approvals.ts';
import { blacklistEntry, blacklistView } from './blacklist.ts';
import { contactView } from './contact-view.ts';
import { contactRecordHandlers } from './contacts.ts';
import { allFields, createField, updateField } from './fields.ts';
import { contactSettings, setContactSetting } from './settings.ts';
import { resolveTag } from './tags.ts';

const byUuid = <T extends { uuid: string }>(list: T[], uuid: string, what: string): T => {
  const wanted = uuid.toLowerCase();
  return findOr404(list, list.find((r) => r.uuid.toLowerCase() === wanted)?.uuid ?? uuid, what);
};

export const contactHandlers = {
  ...contactRecordHandlers,
  ...approvalHandlers,

  addContactTag: ({ ws, path, body, now }) => {
    const contact = byUuid(ws.contacts, path.uuid, 'Contact');
    const tag = resolveTag(ws, body, true);
    const tags = contact.tags ?? [];
    if (!tags.includes(tag.uuid)) contact.tags = [...tags, tag.uuid];
    contact.updated_at = now;
    return { status: 200, body: { success: true, message: 'Tag added to contact', data: contactView(ws, contact, now) } };
  },

  removeContactTag: ({ ws, path, body, now }) => {
    const contact = byUuid(ws.contacts, path.uuid, 'Contact');
    const tag = resolveTag(ws, body, false);
    if ((contact.tags ?? []).includes(tag.uuid)) {
      contact.tags = (contact.tags ?? []).filter((t) => t !== tag.uuid);
      contact.updated_at = now;
    }
    return { status: 200, body: { success: true, message: 'Tag removed from contact', data: contactView(ws, contact, now) } };
  },

  blacklistContact: ({ ws, path, body, now, zone }) => {
    const contact = byUuid(ws.contacts, path.uuid, 'Contact');
    const entry = blacklistEntry(body, now, zone);
    contact.blacklist = entry;
    contact.updated_at = now;
    return { status: 200, body: { success: true, message: 'Contact added to blacklist', data: blacklistView(contact, entry) } };
  },

  listContactSettings: ({ ws }) => ({ status: 200, body: { success: true, message: 'Contact settings retrieved', data: contactSettings(ws) } }),

  updateContactSetting: ({ ws, path, body, now }) => ({
    status: 200,
    body: { success: true, message: 'Contact setting updated', data: setContactSetting(ws, path.key, body.enabled, now) },
  }),

  listContactFields: ({ ws }) => ({ status: 200, body: { success: true, message: 'Contact fields retrieved', data: allFields(ws) } }),

  createContactField: ({ ws, body, now }) => ({ status: 201, body: { success: true, message: 'Contact field created', data: createField(ws, body, now) } }),

  updateContactField: ({ ws, path, body, now, faults }) => ({
    status: 200,
    body: { success: true, message: 'Contact field updated', data: updateField(ws, path.key, body, now, faults.has('contact-field-key-mutable')) },
  }),

  listContactAnalyzers: ({ ws, faults }) => ({
    status: 200,
    body: { success: true, message: 'Contact analyzers retrieved', data: analyzersOf(ws, faults.has('analyzer-ids-unprefixed')) },
  }),

  updateContactAnalyzer: ({ ws, path, body, now }) => ({
    status: 200,
    body: { success: true, message: 'Analyzer updated', data: configureAnalyzer(ws, path.internal_id, body, now) },
  }),
} satisfies HandlerGroup;
