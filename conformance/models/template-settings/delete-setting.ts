// DELETE /api/v1/whatsapp/template-settings/{uuid} (seed "Endpoints"; "Other statuses"). The model
// reads the campaigns of its listings on the setting first. While one is In Process, Importing,
// Active or Paused the delete must be 409; an accepted delete is a violation when a read after it
// still finds that campaign blocking (statuses of a listing campaign only move forward, so it was
// blocking in between). With no blocking campaign the delete must succeed; a deleted setting is 404.
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { readCampaignStatus } from './campaign-status.ts';
import {
  BLOCKING_STATUSES,
  type ListingRef,
  type SettingRecord,
  TEMPLATE_SETTING_DELETE_ALLOWED,
  TEMPLATE_SETTING_DELETE_BLOCKED,
  type TemplateSettingsModel,
} from './model.ts';
import { SettingPickCommand } from './setting-command.ts';

/** The listings whose campaign is in a blocking status; undefined (the rule inconclusive) when a status cannot be read. */
async function blockingListings(real: Real, listings: ListingRef[]): Promise<ListingRef[] | undefined> {
  const out: ListingRef[] = [];
  for (const listing of listings) {
    const read = await readCampaignStatus(real, listing);
    if ('reason' in read) {
      inconclusive(TEMPLATE_SETTING_DELETE_BLOCKED, 'getCampaign', read.reason, read.answer);
      return undefined;
    }
    if (BLOCKING_STATUSES.has(read.status)) out.push(listing);
  }
  return out;
}

export class DeleteSettingCommand extends SettingPickCommand<SettingRecord> {
  protected records(model: Readonly<TemplateSettingsModel>): SettingRecord[] {
    return model.settings;
  }

  protected async actOn(setting: SettingRecord, model: TemplateSettingsModel, real: Real): Promise<void> {
    const op = real.client.op('deleteWhatsappTemplateSetting');
    if (setting.deleted) {
      const again = await real.client.send({ op, pathParams: { uuid: setting.uuid } });
      requireRule(TEMPLATE_SETTING_DELETE_ALLOWED, op.operationId, expectStatus(again, op, `deleting setting ${setting.uuid} a second time`, 404, ['RESOURCE_NOT_FOUND']), again);
      return;
    }
    const before = await blockingListings(real, model.liveListingsOf(setting.uuid));
    if (!before) return;
    const answer = await real.client.send({ op, pathParams: { uuid: setting.uuid } });
    if (isSuccess(answer)) setting.deleted = true;
    if (before.length === 0) {
      requireRule(
        TEMPLATE_SETTING_DELETE_ALLOWED,
        op.operationId,
        expectStatus(answer, op, `deleting setting ${setting.uuid}, which no campaign in a blocking status references`, 200, undefined),
        answer,
      );
      return;
    }
    if (!isSuccess(answer)) {
      requireRule(
        TEMPLATE_SETTING_DELETE_BLOCKED,
        op.operationId,
        answer.response?.status === 409 ? true : { message: `deleting a setting referenced by a blocking campaign answered ${describeAnswer(answer)}; expected 409`, part: 'documented' },
        answer,
      );
      return;
    }
    const after = await blockingListings(real, before);
    if (!after) return;
    if (after.length === 0) {
      notApplicable(TEMPLATE_SETTING_DELETE_BLOCKED, op.operationId, 'a listing campaign finished while its setting was being deleted, so that delete proves nothing');
      return;
    }
    requireRule(
      TEMPLATE_SETTING_DELETE_BLOCKED,
      op.operationId,
      {
        message: `setting ${setting.uuid} was deleted (${describeAnswer(answer)}) while campaign(s) ${after.map((l) => `${l.campaignUuid} (${l.campaignStatus})`).join(', ')} referencing it were in a blocking status before and after`,
        part: 'documented',
      },
      answer,
    );
  }

  toString(): string {
    return `deleteSetting(${this.pick})`;
  }
}
