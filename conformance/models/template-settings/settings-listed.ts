// The invariant checked after every step of the template settings model: every setting the suite
// created and did not delete is still listed (in particular none was deleted while a blocking
// campaign referenced it), and every one it deleted is gone. The list is read whole when it fits
// on one page, otherwise one page per template the suite's settings use (filter template_uuid).
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import type { Real } from '../model-kit.ts';
import { TEMPLATE_SETTING_DELETE_BLOCKED, TEMPLATE_SETTING_LIST, type TemplateSettingsModel } from './model.ts';
import { settingsPage, type Unreadable } from './settings-page.ts';

interface Listed {
  uuids: Set<string>;
  /** The (last) page read, the evidence a finding shows. */
  answer: Answer;
}

/** The settings listed, or why the list cannot be read whole. */
async function listedSettings(model: TemplateSettingsModel, real: Real): Promise<Listed | Unreadable> {
  const all = await settingsPage(real);
  if ('reason' in all) return all;
  if (all.lastPage <= 1) return { uuids: new Set(all.items.map((s) => s.uuid)), answer: all.answer };
  const uuids = new Set<string>();
  let answer = all.answer;
  for (const template of new Set(model.settings.map((s) => s.template.uuid))) {
    const page = await settingsPage(real, { template_uuid: template });
    if ('reason' in page) return page;
    if (page.lastPage > 1) return { reason: `the settings of template ${template} fill ${page.lastPage} pages of 100, so they cannot be read whole`, answer: page.answer };
    for (const s of page.items) uuids.add(s.uuid);
    answer = page.answer;
  }
  return { uuids, answer };
}

export async function checkSettingsListed(model: TemplateSettingsModel, real: Real): Promise<void> {
  if (model.settings.length === 0) return;
  const found = await listedSettings(model, real);
  if ('reason' in found) return inconclusive(TEMPLATE_SETTING_LIST, 'listWhatsappTemplateSettings', found.reason, found.answer);
  const { uuids: listed, answer } = found;
  for (const setting of model.settings) {
    if (setting.deleted) {
      requireRule(
        TEMPLATE_SETTING_LIST,
        'listWhatsappTemplateSettings',
        listed.has(setting.uuid) ? { message: `deleted setting ${setting.uuid} is still listed`, part: 'documented' } : true,
        answer,
      );
      continue;
    }
    const blocked = model.liveListingsOf(setting.uuid).length > 0;
    requireRule(
      blocked ? TEMPLATE_SETTING_DELETE_BLOCKED : TEMPLATE_SETTING_LIST,
      'listWhatsappTemplateSettings',
      listed.has(setting.uuid)
        ? true
        : { message: `setting ${setting.uuid}${blocked ? ', referenced by a listing campaign,' : ''} is no longer listed although the suite never deleted it`, part: 'documented' },
      answer,
    );
  }
}
