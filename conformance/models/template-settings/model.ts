// The model of WhatsApp template settings (seed "WhatsApp template setting"; "Endpoints": the list
// with filters template_uuid, waba_id and status, newest first, and the delete; "Other statuses":
// "Deleting a template setting is refused (409) while a campaign referencing it is In Process,
// Importing, Active or Paused"). The model keeps the settings the suite created and the text
// listings it created on them: a listing's campaign references the setting (seed "Campaign":
// contact_template_setting_uuid; the listing create names it contact_template_setting_id) and
// starts Importing, then Active, so it blocks the delete until it is Completed or the listing is
// deleted.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';

export const TEMPLATE_SETTING_DELETE_BLOCKED: RuleCheck = {
  name: 'template-setting-delete-blocked',
  rule: 'seed "Other statuses": deleting a template setting is refused (409) while a campaign referencing it is In Process, Importing, Active or Paused',
};
export const TEMPLATE_SETTING_DELETE_ALLOWED: RuleCheck = {
  name: 'template-setting-delete-allowed',
  rule: 'seed "Endpoints" DELETE /api/v1/whatsapp/template-settings/{uuid}: deletes the setting when no campaign in a blocking status references it; an unknown setting is 404',
};
export const TEMPLATE_SETTING_LIST: RuleCheck = {
  name: 'template-setting-list',
  rule: 'seed "Endpoints" GET /api/v1/whatsapp/template-settings: the settings matching template_uuid, waba_id and status, newest first; a deleted setting is not listed',
};
export const TEMPLATE_SETTING_KEEPS_TEMPLATE: RuleCheck = {
  name: 'template-setting-delete-keeps-template',
  rule: 'seed "Endpoints" DELETE /api/v1/whatsapp/template-settings/{uuid}: deletes the setting; the underlying template is unaffected (a new setting can still be made on it)',
};
export const TEMPLATE_SETTING_CREATE: RuleCheck = {
  name: 'template-setting-create',
  rule: 'published API (create a template setting): a created setting has the template and status sent (active by default); a text listing needs an active setting',
};

export const BLOCKING_STATUSES: ReadonlySet<string> = new Set(['In Process', 'Importing', 'Active', 'Paused']);

export interface TemplateRef {
  uuid: string;
  wabaId: string;
}

export interface SettingRecord {
  uuid: string;
  template: TemplateRef;
  status: 'active' | 'inactive';
  deleted: boolean;
}

export interface ListingRef {
  uuid: string;
  campaignUuid: string;
  settingUuid: string;
  /** A fast listing (one contact, high pace) that completes within seconds. */
  quick: boolean;
  deleted: boolean;
  /** The campaign status last read. */
  campaignStatus: string;
}

export interface SettingView {
  uuid: string;
  status?: string;
  template?: { uuid?: string; waba_id?: string; status?: string };
  created_at?: string;
}

export class TemplateSettingsModel {
  readonly settings: SettingRecord[] = [];
  readonly listings: ListingRef[] = [];
  readonly templates: TemplateRef[];
  /** Listings (which message contacts) may be created: full mode. */
  readonly withListings: boolean;
  /** A run waits for a listing to complete at most once (it takes seconds). */
  waited = false;

  constructor(templates: TemplateRef[], withListings: boolean) {
    this.templates = templates;
    this.withListings = withListings;
  }

  liveListingsOf(settingUuid: string): ListingRef[] {
    return this.listings.filter((l) => !l.deleted && l.settingUuid === settingUuid);
  }
}

/**
 * The setting an answer of `op` carries, with the fields the model needs, where the contract puts
 * them. `status` is read when present: the published create answer need not carry it.
 */
export function settingOf(op: SuiteOperation, answer: Answer): Read<SettingView> {
  return resourceOf<SettingView>(op, answer, ['uuid', 'template']);
}
