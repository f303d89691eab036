// The model of contact fields and contact analyzers (seed "What the service does" > Contacts:
// "Contact fields are identified by a key that is unique and immutable once created"; "Analyzer
// identifiers carry a prefix: b_ is a built-in contact field, f_ a custom contact field, p_ a
// pipeline stage rule"). The model keeps the custom fields the suite created (key → name); the
// contract gives no delete, so they stay (full mode).
import type { RuleCheck } from '../../record/rule.ts';

export const CONTACT_FIELD_KEY: RuleCheck = {
  name: 'contact-field-key-immutable',
  rule: 'seed "What the service does" > Contacts: a contact field key is unique (a second field with it is refused) and immutable once created (an update never changes it)',
};
export const ANALYZER_PREFIXES: RuleCheck = {
  name: 'analyzer-prefixes',
  rule: 'seed "What the service does" > Contacts: analyzer identifiers carry a prefix: b_ a built-in contact field, f_ a custom contact field, p_ a pipeline stage rule',
};

export interface FieldView {
  key: string;
  name: string;
  built_in: boolean;
}

export interface AnalyzerView {
  internal_id: string;
  kind: string;
}

/** The prefix each analyzer kind carries (the kind names are the contract's). */
export const PREFIX_OF_KIND: Readonly<Record<string, string>> = { built_in_field: 'b_', custom_field: 'f_', pipeline_stage_rule: 'p_' };

export class ContactFieldsModel {
  /** Custom fields the suite created: key → the name it last set. */
  readonly fields = new Map<string, string>();
}

let keys = 0;
const runTag = Math.random().toString(36).slice(2, 7);

/** A key no field has yet (lower case letters, digits and underscores fit the contract's pattern). */
export function freshKey(): string {
  keys++;
  return `conformance_${runTag}_${keys}`;
}
