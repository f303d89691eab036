// The campaign under test: the campaign of a text listing the suite creates (a slow pace, so its
// tasks stay scheduled while the model updates the campaign), with its tasks read from the action
// log before the first update (a few reads: the tasks are queued once the import is done). The
// listing is deleted again after the run.
import { recordRule } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { passTime } from '../pass-time.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { freshListingName, textListingBody } from '../listings/listing-request.ts';
import { listingOf } from '../listings/model.ts';
import { campaignTasks } from './campaign-tasks.ts';
import { CAMPAIGN_UPDATE_KEEPS_TASKS, CampaignModel } from './model.ts';

const TASK_READS = 6;
const TASK_WAIT_MS = 1_500;

export async function createCampaign(real: Real, settingUuid: string): Promise<CampaignModel | undefined> {
  const agent = suite().target.data.agent_uuid;
  const plan = textListingBody(freshListingName(), settingUuid, 1, 2);
  if (typeof plan === 'string' || !agent) return undefined;
  const op = real.client.op('createListing');
  const answer = await real.client.send({ op, json: plan.body });
  const view = expectResource(CAMPAIGN_UPDATE_KEEPS_TASKS, op, answer, listingOf(op, answer, ['created_at']), 'creating the text listing whose campaign is updated', 201);
  if (!view) return undefined;
  const model = new CampaignModel(view.uuid, view.campaign_uuid, view.created_at, agent, settingUuid);
  for (let read = 1; read <= TASK_READS; read++) {
    const tasks = await campaignTasks(model, real);
    if (typeof tasks === 'string') {
      recordRule(CAMPAIGN_UPDATE_KEEPS_TASKS, 'listActionLogs', { inconclusive: tasks });
      break;
    }
    if (tasks.size > 0) {
      for (const [uuid, task] of tasks) model.tasks.set(uuid, task);
      break;
    }
    await passTime(TASK_WAIT_MS);
  }
  return model;
}

export async function deleteCampaign(real: Real, model: CampaignModel): Promise<void> {
  await real.client.send({ op: real.client.op('deleteListing'), pathParams: { uuid: model.listingUuid } });
}
