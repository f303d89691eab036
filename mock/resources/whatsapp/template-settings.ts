// A WhatsApp template setting (seed "WhatsApp template setting"): a template with the params that
// fill its header and body, and `content`, the rendered message text. The seed's template record
// carries no body text, so `content` is the template's own text when a fixture gives one (`text`,
// with `{{1}}`-style positions) with the body params put in, and otherwise the template name
// followed by the header and body params in position order. Placeholder expressions such as
// `{{contact.first_name}}` stay unresolved until a message goes to a contact.
import type { Schemas } from '../../state/workspace.ts';

export type TemplateSetting = Schemas['WhatsappTemplateSetting'];
export type Template = Schemas['WhatsappTemplate'];
type Params = TemplateSetting['params'];

function inPositionOrder(map: Record<string, string>): string[] {
  return Object.keys(map)
    .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
    .map((k) => map[k] as string);
}

export function renderContent(template: Template, params: Params): string {
  // A fixture's `text`, or the BODY text of a template created through the API (`content`).
  const own = template as Template & { text?: unknown; content?: unknown };
  const text = own.text ?? (own.content === '' ? undefined : own.content);
  if (typeof text === 'string') return text.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params.body[n] ?? whole);
  const parts = [...inPositionOrder(params.header), ...inPositionOrder(params.body)];
  return parts.length === 0 ? template.name : `${template.name}: ${parts.join(' | ')}`;
}

/** The template as a setting shows it: the contract's fields only. */
export function templateView(template: Template): Template {
  const { uuid, name, language, category, status, waba_id } = template;
  return { uuid, name, language, category, status, waba_id };
}

export function settingView(setting: TemplateSetting): TemplateSetting {
  return {
    ...setting,
    params: { body: { ...setting.params.body }, header: { ...setting.params.header } },
    template: { ...setting.template },
  };
}
