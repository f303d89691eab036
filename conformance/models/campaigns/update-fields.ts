// A campaign update of its free fields (name, description, rules): accepted (200). The invariant
// then checks that the campaign's scheduled tasks were not rebuilt (seed behaviour 2).
import { requireRule } from '../../record/rule.ts';
import { expectStatus } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { CampaignCommand } from './campaign-command.ts';
import { CAMPAIGN_UPDATE_KEEPS_TASKS, type CampaignModel } from './model.ts';

export interface FieldsChange {
  name?: string;
  description?: string;
  rules?: Record<string, unknown>;
}

export class UpdateFieldsCommand extends CampaignCommand {
  readonly change: FieldsChange;

  constructor(change: FieldsChange) {
    super();
    this.change = change;
  }

  protected async act(model: CampaignModel, real: Real): Promise<void> {
    const change: Record<string, unknown> = Object.keys(this.change).length > 0 ? { ...this.change } : { description: 'Updated by the conformance suite' };
    const answer = await this.update(model, real, change);
    const op = real.client.op('updateCampaign');
    requireRule(CAMPAIGN_UPDATE_KEEPS_TASKS, op.operationId, expectStatus(answer, op, `updating ${Object.keys(change).join(', ')} of campaign ${model.campaignUuid}`, 200, undefined), answer);
  }

  toString(): string {
    return `updateFields(${JSON.stringify(this.change)})`;
  }
}
