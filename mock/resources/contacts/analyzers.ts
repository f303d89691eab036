// Contact analyzers (seed "What the service does" > Contacts: "Analyzer identifiers carry a prefix:
// b_ is a built-in contact field, f_ a custom contact field, p_ a pipeline stage rule"): one per
// contact field, built-in (`b_<key>`) and custom (`f_<key>`), each with its configuration (published
// API, PUT /api/v1/analyzers/{internal_id}: update_behavior, analysis_goals, example_values). An
// analyzer never configured reads `update_if_empty` and null texts. Pipeline stage rules are not
// modelled by the mock, so it has no `p_` analyzer. The fault analyzer-ids-unprefixed lists custom
// fields' analyzers by their bare key.
import { errors } from '../../pipeline/api-error.ts';
import type { Schemas, WorkspaceState } from '../../state/workspace.ts';
import { allFields } from './fields.ts';

export type ContactAnalyzer = Schemas['ContactAnalyzer'];
type Configuration = Pick<ContactAnalyzer, 'update_behavior' | 'analysis_goals' | 'example_values'>;

/** A configured analyzer, by its prefixed id. */
export interface ContactAnalyzerRecord extends Configuration {
  internal_id: string;
  updated_at: Date;
}

const UNCONFIGURED: Configuration = { update_behavior: 'update_if_empty', analysis_goals: null, example_values: null };

function configurationOf(ws: WorkspaceState, id: string): Configuration {
  const record = ws.contact_analyzers.find((r) => r.internal_id === id);
  return record ? { update_behavior: record.update_behavior, analysis_goals: record.analysis_goals, example_values: record.example_values } : { ...UNCONFIGURED };
}

export function analyzersOf(ws: WorkspaceState, unprefixed: boolean): ContactAnalyzer[] {
  return allFields(ws).map((f) => {
    const id = f.built_in ? `b_${f.key}` : `f_${f.key}`;
    const shown = f.built_in || !unprefixed ? id : f.key;
    return { internal_id: shown, kind: f.built_in ? 'built_in_field' : 'custom_field', name: f.name, ...configurationOf(ws, id) };
  });
}

/**
 * Applies a configuration change to the analyzer `id`: only the fields sent change. A built-in
 * field's analyzer takes only `update_behavior` (published rule), else 422 naming the field.
 */
export function configureAnalyzer(ws: WorkspaceState, id: string, change: Schemas['ContactAnalyzerUpdate'], now: Date): ContactAnalyzer {
  const analyzer = analyzersOf(ws, false).find((a) => a.internal_id === id);
  if (!analyzer) throw errors.notFound('Analyzer');
  if (analyzer.kind === 'built_in_field') {
    for (const field of ['analysis_goals', 'example_values'] as const) {
      if (change[field] !== undefined) throw errors.validation('VALIDATION_ERROR', `A built-in field's analyzer (b_) takes only update_behavior, not ${field}.`, field);
    }
  }
  const current = configurationOf(ws, id);
  const next: ContactAnalyzerRecord = {
    internal_id: id,
    update_behavior: change.update_behavior ?? current.update_behavior,
    analysis_goals: change.analysis_goals === undefined ? current.analysis_goals : change.analysis_goals,
    example_values: change.example_values === undefined ? current.example_values : change.example_values,
    updated_at: now,
  };
  ws.contact_analyzers = [...ws.contact_analyzers.filter((r) => r.internal_id !== id), next];
  return { ...analyzer, update_behavior: next.update_behavior, analysis_goals: next.analysis_goals, example_values: next.example_values };
}
