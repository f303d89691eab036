// After a setting is deleted, its WhatsApp template is still there (seed "Endpoints" DELETE
// /api/v1/whatsapp/template-settings/{uuid}: "Deletes the setting; the underlying template is
// unaffected"): a new setting on the same template is created (201). The create operation is named
// in prose only; its 201 is published, so a refusal is a finding on a published part. The new
// setting joins the model, so the run deletes it at its end.
import { requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { type SettingRecord, settingOf, TEMPLATE_SETTING_KEEPS_TEMPLATE, type TemplateSettingsModel } from './model.ts';
import { SettingPickCommand } from './setting-command.ts';

export class TemplateKeptCommand extends SettingPickCommand<SettingRecord> {
  /** The settings the suite deleted: their templates must remain. */
  protected records(model: Readonly<TemplateSettingsModel>): SettingRecord[] {
    return model.settings.filter((s) => s.deleted);
  }

  protected async actOn(deleted: SettingRecord, model: TemplateSettingsModel, real: Real): Promise<void> {
    const op = real.client.op('createWhatsappTemplateSetting');
    const answer = await real.client.send({ op, json: { template_uuid: deleted.template.uuid, status: 'active' } });
    const view = settingOf(op, answer);
    if (isSuccess(answer) && view.ok) model.settings.push({ uuid: view.value.uuid, template: deleted.template, status: 'active', deleted: false });
    requireRule(
      TEMPLATE_SETTING_KEEPS_TEMPLATE,
      op.operationId,
      expectStatus(answer, op, `creating a setting on template ${deleted.template.uuid} after its setting ${deleted.uuid} was deleted`, 201, undefined, 'published'),
      answer,
    );
  }

  toString(): string {
    return `templateKept(${this.pick})`;
  }
}
