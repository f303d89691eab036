// Template setting deletion as a pure transition (seed "Other statuses": "Deleting a template
// setting is refused (409) while a campaign referencing it is `In Process`, `Importing`, `Active`
// or `Paused`"; campaigns in any other status do not block it; "Endpoints": the underlying template
// is unaffected). (settings, campaigns, delete event) → the next settings and campaigns, or a 409.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';

export const BLOCKING_CAMPAIGN_STATUSES: ReadonlySet<string> = new Set(['In Process', 'Importing', 'Active', 'Paused']);

type Campaign = WorkspaceState['campaigns'][number];
type Setting = WorkspaceState['template_settings'][number];

export interface SettingsState {
  settings: Setting[];
  campaigns: Campaign[];
}

/** Faults that bend the rule: `template-delete-no-409` ignores references, `template-delete-refused-when-finished` lets any status block. */
export interface DeleteFaults {
  ignoreReferences?: boolean;
  anyReferenceBlocks?: boolean;
}

/**
 * Deletes the setting; refused while a campaign in a blocking status references it (as `faults`
 * bend it). Campaigns that named it no longer reference a setting.
 */
export function deleteTemplateSetting(state: SettingsState, uuid: string, faults: DeleteFaults = {}): SettingsState | ApiError {
  const blocking = state.campaigns.filter((c) => c.contact_template_setting_uuid === uuid && (faults.anyReferenceBlocks || BLOCKING_CAMPAIGN_STATUSES.has(c.status)));
  if (blocking.length > 0 && !faults.ignoreReferences) {
    const named = blocking.map((c) => `${c.name} (${c.status})`).join(', ');
    return errors.conflict(
      'Template setting still referenced by a campaign',
      `The template setting is used by ${named}. Complete or archive the campaign, or switch it to another setting, first.`,
    );
  }
  return {
    settings: state.settings.filter((s) => s.uuid !== uuid),
    campaigns: state.campaigns.map((c) => (c.contact_template_setting_uuid === uuid ? { ...c, contact_template_setting_uuid: null } : c)),
  };
}
