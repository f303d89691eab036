// Contact analyzers (seed "What the service does" > Contacts: "Analyzer identifiers carry a prefix:
// b_ is a built-in contact field, f_ a custom contact field, p_ a pipeline stage rule"): one per
// contact field, built-in (`b_<key>`) and custom (`f_<key>`). Pipeline stage rules are not modelled
// by the mock, so it lists no `p_` analyzer. The fault analyzer-ids-unprefixed lists custom fields'
// analyzers by their bare key.
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { allFields } from './fields.ts';

export type ContactAnalyzer = Schemas['ContactAnalyzer'];

export function analyzersOf(ws: WorkspaceState, unprefixed: boolean): ContactAnalyzer[] {
  return allFields(ws).map((f) =>
    f.built_in ? { id: `b_${f.key}`, kind: 'built_in_field', name: f.name } : { id: unprefixed ? f.key : `f_${f.key}`, kind: 'custom_field', name: f.name },
  );
}
