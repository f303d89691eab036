// GET /api/v1/whatsapp/template-settings with the seed's filters (template_uuid, waba_id, status;
// "Filters combine with AND" in the contract): every item matches the filters, the page is newest
// first, every setting of the suite that matches is listed and none it deleted.
import { inconclusive, requireRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { TEMPLATE_SETTING_LIST, type TemplateSettingsModel } from './model.ts';
import { SettingCommand } from './setting-command.ts';
import { settingsPage } from './settings-page.ts';

export interface SettingsFilter {
  /** Index of a known template to filter by, or undefined. */
  template: number | undefined;
  /** Filter by that template's business account. */
  waba: boolean;
  status: 'active' | 'inactive' | undefined;
}

export class ListSettingsCommand extends SettingCommand {
  readonly filter: SettingsFilter;

  constructor(filter: SettingsFilter) {
    super();
    this.filter = filter;
  }

  check(model: Readonly<TemplateSettingsModel>): boolean {
    return model.templates.length > 0;
  }

  protected async act(model: TemplateSettingsModel, real: Real): Promise<void> {
    const template = this.filter.template === undefined ? undefined : model.templates[this.filter.template % model.templates.length];
    const query: Record<string, string> = {};
    if (template && this.filter.waba) query.waba_id = template.wabaId;
    else if (template) query.template_uuid = template.uuid;
    if (this.filter.status) query.status = this.filter.status;
    const page = await settingsPage(real, query, ['created_at']);
    if ('reason' in page) return inconclusive(TEMPLATE_SETTING_LIST, 'listWhatsappTemplateSettings', page.reason, page.answer);
    const problems: string[] = [];
    for (const item of page.items) {
      if (query.template_uuid && item.template?.uuid !== query.template_uuid) problems.push(`${item.uuid} has template ${item.template?.uuid}`);
      if (query.waba_id && item.template?.waba_id !== query.waba_id) problems.push(`${item.uuid} has waba_id ${item.template?.waba_id}`);
      if (query.status && item.status !== query.status) problems.push(`${item.uuid} is ${item.status}`);
    }
    const times = page.items.map((s) => Date.parse(s.created_at ?? ''));
    if (times.some((t, i) => i > 0 && t > (times[i - 1] as number))) problems.push('the page is not newest first');
    const listed = new Set(page.items.map((s) => s.uuid));
    if (page.lastPage <= 1) {
      for (const s of model.settings) {
        const matches =
          (!query.template_uuid || s.template.uuid === query.template_uuid) && (!query.waba_id || s.template.wabaId === query.waba_id) && (!query.status || s.status === query.status);
        if (!s.deleted && matches && !listed.has(s.uuid)) problems.push(`setting ${s.uuid} matches but is not listed`);
        if (s.deleted && listed.has(s.uuid)) problems.push(`deleted setting ${s.uuid} is listed`);
      }
    }
    requireRule(
      TEMPLATE_SETTING_LIST,
      'listWhatsappTemplateSettings',
      problems.length === 0 ? true : { message: `filters ${JSON.stringify(query)}: ${problems.slice(0, 5).join('; ')}`, part: 'documented' },
      page.answer,
    );
  }

  toString(): string {
    return `listSettings(${JSON.stringify(this.filter)})`;
  }
}
