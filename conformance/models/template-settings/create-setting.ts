// POST /api/v1/whatsapp/template-settings (seed "Operations named in prose only"; body and answer
// published). Predicts 201 with the template sent and the status sent, active when none is sent
// (the published default). The published answer need not carry `status`: when it does not, the
// list commands judge the status the model predicts.
import { recordRule } from '../../record/rule.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { TEMPLATE_SETTING_CREATE, type TemplateSettingsModel, settingOf } from './model.ts';
import { SettingCommand } from './setting-command.ts';

export class CreateSettingCommand extends SettingCommand {
  readonly template: number;
  readonly status: 'active' | 'inactive' | undefined;
  readonly withParams: boolean;

  constructor(template: number, status: 'active' | 'inactive' | undefined, withParams: boolean) {
    super();
    this.template = template;
    this.status = status;
    this.withParams = withParams;
  }

  check(model: Readonly<TemplateSettingsModel>): boolean {
    return model.templates.length > 0;
  }

  protected async act(model: TemplateSettingsModel, real: Real): Promise<void> {
    const template = model.templates[this.template % model.templates.length];
    if (!template) return;
    const op = real.client.op('createWhatsappTemplateSetting');
    const body = {
      template_uuid: template.uuid,
      ...(this.withParams ? { params: { body: { '1': '{{contact.first_name}}' } } } : {}),
      ...(this.status ? { status: this.status } : {}),
    };
    const answer = await real.client.send({
      op,
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: TEMPLATE_SETTING_CREATE.rule, what: 'a template setting create' },
    });
    const view = expectResource(TEMPLATE_SETTING_CREATE, op, answer, settingOf(op, answer), 'creating a template setting', 201);
    if (!view) return;
    const status = this.status ?? 'active';
    model.settings.push({ uuid: view.uuid, template, status, deleted: false });
    const problems: string[] = [];
    if (view.status !== undefined && view.status !== status) problems.push(`status ${view.status}, expected ${status}${this.status ? '' : ' (the published default)'}`);
    if (view.template?.uuid !== template.uuid) problems.push(`template ${view.template?.uuid}, expected ${template.uuid}`);
    recordRule(TEMPLATE_SETTING_CREATE, op.operationId, problems.length === 0 ? true : { message: problems.join('; '), part: 'published' }, answer);
  }

  toString(): string {
    return `createSetting(template ${this.template}, ${this.status ?? 'default status'}${this.withParams ? ', params' : ''})`;
  }
}
