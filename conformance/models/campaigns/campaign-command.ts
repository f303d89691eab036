// The base of the campaign commands: each sends one campaign update (PUT /api/v1/campaigns/{uuid})
// and its own prediction; the model's invariant (the campaign's tasks are not rebuilt) is read
// back after every step. The campaign read (GET) tells what an update left.
import type { Answer } from '../../http/client.ts';
import { fieldOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { checkTasksKept } from './campaign-tasks.ts';
import type { CampaignModel } from './model.ts';

export abstract class CampaignCommand extends ModelCommand<CampaignModel> {
  protected override invariant = checkTasksKept;

  check(): boolean {
    return true;
  }

  protected update(model: CampaignModel, real: Real, json: Record<string, unknown>): Promise<Answer> {
    return real.client.send({ op: real.client.op('updateCampaign'), pathParams: { uuid: model.campaignUuid }, json });
  }

  /** The campaign's field `name` as the campaign read shows it, or why it cannot be read. */
  protected async readField(model: CampaignModel, real: Real, name: string): Promise<{ value: unknown; answer: Answer } | { reason: string; answer: Answer }> {
    const op = real.client.op('getCampaign');
    const answer = await real.client.send({ op, pathParams: { uuid: model.campaignUuid } });
    const read = fieldOf(op, answer, name);
    return read.ok ? { value: read.value, answer } : { reason: read.reason, answer };
  }
}
