// The invariant checked after every step of the template settings model: every setting the suite
// created and did not delete is still listed (in particular none was deleted while a blocking
// campaign referenced it), and every one it deleted is gone.
import { requireRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { TEMPLATE_SETTING_DELETE_BLOCKED, TEMPLATE_SETTING_LIST, type TemplateSettingsModel } from './model.ts';
import { settingsPage } from './settings-page.ts';

export async function checkSettingsListed(model: TemplateSettingsModel, real: Real): Promise<void> {
  if (model.settings.length === 0) return;
  const page = await settingsPage(real);
  if (!page || page.lastPage > 1) return;
  const listed = new Set(page.items.map((s) => s.uuid));
  for (const setting of model.settings) {
    if (setting.deleted) {
      requireRule(TEMPLATE_SETTING_LIST, 'listWhatsappTemplateSettings', listed.has(setting.uuid) ? { message: `deleted setting ${setting.uuid} is still listed`, part: 'documented' } : true, page.answer);
      continue;
    }
    const blocked = model.liveListingsOf(setting.uuid).length > 0;
    requireRule(
      blocked ? TEMPLATE_SETTING_DELETE_BLOCKED : TEMPLATE_SETTING_LIST,
      'listWhatsappTemplateSettings',
      listed.has(setting.uuid)
        ? true
        : { message: `setting ${setting.uuid}${blocked ? ', referenced by a listing campaign,' : ''} is no longer listed although the suite never deleted it`, part: 'documented' },
      page.answer,
    );
  }
}
