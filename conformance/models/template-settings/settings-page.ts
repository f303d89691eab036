// One page of GET /api/v1/whatsapp/template-settings (the paged list of seed "WhatsApp template
// setting"), read where the contract puts the list and its last page, each item with the fields
// the model needs; and the templates the workspace's settings use.
import type { Answer } from '../../http/client.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import type { SettingView, TemplateRef } from './model.ts';

export interface SettingsPage {
  items: SettingView[];
  lastPage: number;
  answer: Answer;
}

/** Why a page could not be read, with the answer that shows it. */
export interface Unreadable {
  reason: string;
  answer: Answer;
}

/** The fields of a listed setting the model reads: its uuid, status, template and the template's business account. */
const ITEM_FIELDS = ['uuid', 'status', 'template.uuid', 'template.waba_id'];

/** One page of settings, each with the fields the model reads and `more`, or why it cannot be read. */
export async function settingsPage(real: Real, query: Record<string, string> = {}, more: readonly string[] = []): Promise<SettingsPage | Unreadable> {
  const op = real.client.op('listWhatsappTemplateSettings');
  const answer = await real.client.send({ op, query: { per_page: '100', ...query } });
  if (!isSuccess(answer)) return { reason: `listing the template settings answered ${describeAnswer(answer)}`, answer };
  const list = listOf<SettingView>(op, answer, [...ITEM_FIELDS, ...more]);
  if (!list.ok) return { reason: list.reason, answer };
  return { items: list.value.items, lastPage: list.value.lastPage ?? 1, answer };
}

/** The APPROVED templates (with their business account) the workspace's settings fill (published: a setting is made on an APPROVED template). */
export function templatesOf(items: SettingView[]): TemplateRef[] {
  const out = new Map<string, TemplateRef>();
  for (const s of items) {
    if (s.template?.status !== undefined && s.template.status !== 'APPROVED') continue;
    const uuid = s.template?.uuid;
    const wabaId = s.template?.waba_id;
    if (typeof uuid === 'string' && typeof wabaId === 'string' && !out.has(uuid)) out.set(uuid, { uuid, wabaId });
  }
  return [...out.values()];
}
