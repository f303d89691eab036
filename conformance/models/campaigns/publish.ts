// Publishing the text campaign (status Active, campaign_type text) with a template setting: with
// the active setting it is accepted (200); with an inactive one it is refused (seed "Campaign": "A
// text campaign cannot publish without one"; 422 in the contract) and the campaign keeps its
// setting. An accepted publish with an inactive setting breaks the seed's rule.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { CampaignCommand } from './campaign-command.ts';
import { CAMPAIGN_TEXT_NEEDS_SETTING, type CampaignFacts, type CampaignModel } from './model.ts';

export class PublishCommand extends CampaignCommand {
  readonly facts: CampaignFacts;
  readonly active: boolean;

  constructor(facts: CampaignFacts, active: boolean) {
    super();
    this.facts = facts;
    this.active = active;
  }

  override check(): boolean {
    return this.active || this.facts.inactiveSetting !== undefined;
  }

  protected async act(model: CampaignModel, real: Real): Promise<void> {
    const op = real.client.op('updateCampaign');
    const setting = this.active ? this.facts.activeSetting : (this.facts.inactiveSetting as string);
    const answer = await this.update(model, real, { status: 'Active', campaign_type: 'text', contact_template_setting_uuid: setting });
    const what = `publishing text campaign ${model.campaignUuid} with the ${this.active ? 'active' : 'inactive'} template setting ${setting}`;
    if (this.active) {
      requireRule(CAMPAIGN_TEXT_NEEDS_SETTING, op.operationId, expectStatus(answer, op, what, 200, undefined), answer);
      if (isSuccess(answer)) model.settingUuid = setting;
      return;
    }
    if (isSuccess(answer)) {
      return requireRule(CAMPAIGN_TEXT_NEEDS_SETTING, op.operationId, { message: `${what}: accepted (${describeAnswer(answer)}); a text campaign cannot publish without an active setting`, part: 'documented' }, answer);
    }
    requireRule(CAMPAIGN_TEXT_NEEDS_SETTING, op.operationId, expectStatus(answer, op, what, 422, undefined, 'inferred'), answer);
    const read = await this.readField(model, real, 'contact_template_setting_uuid');
    if ('reason' in read) return inconclusive(CAMPAIGN_TEXT_NEEDS_SETTING, 'getCampaign', read.reason, read.answer);
    requireRule(
      CAMPAIGN_TEXT_NEEDS_SETTING,
      'getCampaign',
      read.value === model.settingUuid ? true : { message: `after the refused publish, campaign ${model.campaignUuid} reads setting ${JSON.stringify(read.value)}, not ${model.settingUuid}`, part: 'inferred' },
      read.answer,
    );
  }

  toString(): string {
    return `publish(${this.active ? 'active' : 'inactive'} setting)`;
  }
}
