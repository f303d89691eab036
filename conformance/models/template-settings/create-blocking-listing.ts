// POST /api/v1/listings with campaign_type `text` on one of the model's settings: the listing's
// campaign references the setting and starts Importing (a blocking status). Only an active setting
// may be used (seed "Campaign": a text campaign needs an active setting); an inactive or deleted one
// gives 422 naming contact_template_setting_id (inferred). A slow listing (two contacts, one per
// minute) stays blocking for a minute; a quick one (one contact, 600 per minute) completes in seconds.
import { inconclusive, recordRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { freshListingName, textListingBody } from '../listings/listing-request.ts';
import { listingOf } from '../listings/model.ts';
import type { Real } from '../model-kit.ts';
import { type SettingRecord, TEMPLATE_SETTING_CREATE, TEMPLATE_SETTING_DELETE_BLOCKED, type TemplateSettingsModel } from './model.ts';
import { SettingPickCommand } from './setting-command.ts';

export class CreateBlockingListingCommand extends SettingPickCommand<SettingRecord> {
  readonly quick: boolean;

  constructor(pick: number, quick: boolean) {
    super(pick);
    this.quick = quick;
  }

  protected records(model: Readonly<TemplateSettingsModel>): SettingRecord[] {
    return model.settings;
  }

  override check(model: Readonly<TemplateSettingsModel>): boolean {
    return model.withListings && super.check(model);
  }

  protected async actOn(setting: SettingRecord, model: TemplateSettingsModel, real: Real): Promise<void> {
    const plan = textListingBody(freshListingName(), setting.uuid, this.quick ? 600 : 1, this.quick ? 1 : 2);
    if (typeof plan === 'string') return;
    const op = real.client.op('createListing');
    const usable = !setting.deleted && setting.status === 'active';
    const answer = await real.client.send({
      op,
      json: plan.body,
      expectation: { kind: 'accepted', part: op.contract, rule: TEMPLATE_SETTING_CREATE.rule, what: 'a text listing on a template setting' },
    });
    if (!usable) {
      recordRule(
        TEMPLATE_SETTING_CREATE,
        op.operationId,
        answer.response?.status === 422
          ? true
          : { message: `a text listing on a ${setting.deleted ? 'deleted' : setting.status} setting answered ${describeAnswer(answer)}; expected 422`, part: 'inferred' },
        answer,
      );
    } else if (!isSuccess(answer)) {
      recordRule(TEMPLATE_SETTING_CREATE, op.operationId, expectStatus(answer, op, 'a text listing on an active setting', 201, undefined, 'inferred'), answer);
    }
    if (!isSuccess(answer)) return;
    const listing = listingOf(op, answer);
    if (!listing.ok) return inconclusive(TEMPLATE_SETTING_DELETE_BLOCKED, op.operationId, `a text listing on setting ${setting.uuid}: ${listing.reason}`, answer);
    const { uuid, campaign_uuid, status } = listing.value;
    model.listings.push({ uuid, campaignUuid: campaign_uuid, settingUuid: setting.uuid, quick: this.quick, deleted: false, campaignStatus: status });
  }

  toString(): string {
    return `createListing(setting ${this.pick}, ${this.quick ? 'quick' : 'slow'})`;
  }
}
