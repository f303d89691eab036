// Contacts: the contact fields (list, create, update: keys unique and immutable) and the contact
// analyzers with their prefixed identifiers and configuration (seed "What the service does" >
// Contacts; published API: the analyzer update; the other paths and shapes are the contract's design).
import type { HandlerGroup } from '../../core/handler.ts';
import { analyzersOf, configureAnalyzer } from './analyzers.ts';
import { allFields, createField, updateField } from './fields.ts';

export const contactHandlers = {
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
