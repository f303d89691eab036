// One page of GET /api/v1/whatsapp/template-settings (`data` = {current_page, data, last_page,
// total}, seed "WhatsApp template setting"), and the templates the workspace's settings use.
import type { Answer } from '../../http/client.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import type { SettingView, TemplateRef } from './model.ts';

export interface SettingsPage {
  items: SettingView[];
  lastPage: number;
  answer: Answer;
}

export async function settingsPage(real: Real, query: Record<string, string> = {}): Promise<SettingsPage | undefined> {
  const op = real.client.op('listWhatsappTemplateSettings');
  const answer = await real.client.send({ op, query: { per_page: '100', ...query } });
  const data = (answer.json as { data?: { data?: SettingView[]; last_page?: number } } | undefined)?.data;
  if (!isSuccess(answer) || !Array.isArray(data?.data)) return undefined;
  return { items: data.data, lastPage: data.last_page ?? 1, answer };
}

/** The templates (with their business account) that the workspace's settings use. */
export function templatesOf(items: SettingView[]): TemplateRef[] {
  const out = new Map<string, TemplateRef>();
  for (const s of items) {
    const uuid = s.template?.uuid;
    const wabaId = s.template?.waba_id;
    if (typeof uuid === 'string' && typeof wabaId === 'string' && !out.has(uuid)) out.set(uuid, { uuid, wabaId });
  }
  return [...out.values()];
}
