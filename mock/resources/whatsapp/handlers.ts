// WhatsApp template settings: create, list (filters template_uuid, waba_id, status; newest first;
// `data` = the seed's {current_page, data, last_page, total} with the published `per_page`) and
// delete (the underlying template is unaffected; 409 while a campaign in a blocking status
// references it). Seed "WhatsApp template setting", "Endpoints" and "Other statuses".
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { settleListings } from '../listings/progress.ts';
import { findOr404, findOr422, newUuid } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { deleteTemplateSetting } from './machine.ts';
import { renderContent, settingView, type TemplateSetting, templateView } from './template-settings.ts';
import { settleTemplateReviews, templateHandlers } from './templates.ts';

export const whatsappHandlers = {
  ...templateHandlers,

  createWhatsappTemplateSetting: ({ ws, body, now, faults }) => {
    settleTemplateReviews(ws, now);
    const template = findOr422(ws.whatsapp_templates, body.template_uuid, 'template_uuid', 'WhatsApp template');
    if (template.status !== 'APPROVED') {
      throw errors.validation('VALIDATION_ERROR', `The template ${template.name} (${template.language}) is ${template.status}; only APPROVED templates can be made campaign-ready.`, 'template_uuid');
    }
    const params = { body: { ...(body.params?.body ?? {}) }, header: { ...(body.params?.header ?? {}) } };
    const setting: TemplateSetting = {
      uuid: newUuid(),
      // The `template-setting-default-inactive` fault makes `inactive` the default.
      status: body.status ?? (faults.has('template-setting-default-inactive') ? 'inactive' : 'active'),
      params,
      content: renderContent(template, params),
      template: templateView(template),
      created_at: now,
      updated_at: now,
    };
    ws.template_settings.push(setting);
    return { status: 201, body: { success: true, message: 'Template setting created successfully', data: settingView(setting) } };
  },

  listWhatsappTemplateSettings: ({ ws, query, faults }) => {
    // The `template-settings-ignore-status` fault drops the status filter.
    const status = faults.has('template-settings-ignore-status') ? undefined : query.status;
    // Newest first; among settings created at the same instant, the later created first.
    const matching = ws.template_settings
      .map((setting, index) => ({ setting, index }))
      .filter(
        ({ setting }) =>
          (query.template_uuid === undefined || setting.template.uuid === query.template_uuid) &&
          (query.waba_id === undefined || setting.template.waba_id === query.waba_id) &&
          (status === undefined || setting.status === status),
      )
      .sort((a, b) => b.setting.created_at.getTime() - a.setting.created_at.getTime() || b.index - a.index)
      .map(({ setting }) => settingView(setting));
    return { status: 200, body: { success: true, message: 'Template settings retrieved', data: pagedList(matching, query.page, query.per_page) } };
  },

  deleteWhatsappTemplateSetting: ({ ws, path, now, faults }) => {
    const setting = findOr404(ws.template_settings, path.uuid, 'Template setting');
    settleListings(ws, now);
    const next = deleteTemplateSetting({ settings: ws.template_settings, campaigns: ws.campaigns }, setting.uuid, {
      ignoreReferences: faults.has('template-delete-no-409'),
      anyReferenceBlocks: faults.has('template-delete-refused-when-finished'),
    });
    if (next instanceof Error) throw next;
    ws.template_settings = next.settings;
    ws.campaigns = next.campaigns;
    // The `template-delete-removes-template` fault deletes the underlying template with the setting.
    if (faults.has('template-delete-removes-template')) ws.whatsapp_templates = ws.whatsapp_templates.filter((t) => t.uuid !== setting.template.uuid);
    return {
      status: 200,
      body: { success: true, message: 'Template setting deleted', data: { uuid: setting.uuid, template_uuid: setting.template.uuid, deleted: true } },
    };
  },
} satisfies HandlerGroup;
