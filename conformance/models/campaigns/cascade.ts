// The campaign rules the suite checks on the campaign of a text listing it creates (full mode): a
// campaign delete cancels the pending campaign tasks and the campaign reads 404 (seed "Other
// statuses", the listing delete's cascade, which the published campaign delete follows), and a
// rule update keeps the tasks already scheduled (seed behaviour 2; published rules API).
import { inconclusive, notApplicable, type RuleCheck, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { resourceOf } from '../answer-fields.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { createCampaign, deleteCampaign } from './campaign-listing.ts';
import { campaignTasks, checkTasksKept } from './campaign-tasks.ts';
import { CANCELLED } from './model.ts';

export const CAMPAIGN_DELETE_CASCADE: RuleCheck = {
  name: 'campaign-delete-cascade',
  rule: 'published API "Campaigns" delete, as the seed\'s listing delete: the pending campaign tasks are cancelled and the campaign reads 404',
};
export const RULE_UPDATE_KEEPS_TASKS: RuleCheck = {
  name: 'rule-update-keeps-tasks',
  rule: 'seed "Endpoints" behaviour 2 and published API "Rules" update: a rule update does not rebuild the tasks already scheduled under it',
};

/** Deletes the campaign of a fresh listing and checks its tasks and its read. */
async function deleteCascade(real: Real, setting: string): Promise<void> {
  const model = await createCampaign(real, setting);
  if (!model) return;
  try {
    if (model.tasks.size === 0) return inconclusive(CAMPAIGN_DELETE_CASCADE, 'deleteCampaign', 'no task of the listing campaign was found in the action log');
    const op = real.client.op('deleteCampaign');
    const answer = await real.client.send({ op, pathParams: { uuid: model.campaignUuid } });
    requireRule(CAMPAIGN_DELETE_CASCADE, op.operationId, expectStatus(answer, op, `deleting campaign ${model.campaignUuid}`, 200, undefined, 'published'), answer);
    if (!isSuccess(answer)) return;
    const read = real.client.op('getCampaign');
    const gone = await real.client.send({ op: read, pathParams: { uuid: model.campaignUuid } });
    requireRule(CAMPAIGN_DELETE_CASCADE, read.operationId, expectStatus(gone, read, `reading the deleted campaign ${model.campaignUuid}`, 404, undefined, 'published'), gone);
    const after = await campaignTasks(model, real);
    if (typeof after === 'string') return inconclusive(CAMPAIGN_DELETE_CASCADE, 'listActionLogs', after);
    const pending = [...after.values()].filter((t) => t.status === 'pending');
    const cancelled = [...after.values()].filter((t) => CANCELLED.has(t.status));
    const problems = [
      ...pending.map((t) => `task ${t.uuid} is still pending`),
      ...(cancelled.length === 0 && [...model.tasks.values()].some((t) => t.status === 'pending') ? ['no task was cancelled'] : []),
    ];
    requireRule(CAMPAIGN_DELETE_CASCADE, op.operationId, problems.length === 0 ? true : { message: `after deleting campaign ${model.campaignUuid}: ${problems.join('; ')}`, part: 'published' });
  } finally {
    await deleteCampaign(real, model);
  }
}

/** Updates the rule of a fresh listing's campaign and checks the campaign's tasks are kept. */
async function ruleUpdate(real: Real, setting: string): Promise<void> {
  const model = await createCampaign(real, setting);
  if (!model) return;
  try {
    if (model.tasks.size === 0) return inconclusive(RULE_UPDATE_KEEPS_TASKS, 'updateRule', 'no task of the listing campaign was found in the action log');
    const getListing = real.client.op('getListing');
    const listing = await real.client.send({ op: getListing, pathParams: { uuid: model.listingUuid } });
    const read = resourceOf<{ rule: { uuid?: unknown } }>(getListing, listing, ['rule']);
    const ruleUuid = read.ok ? read.value.rule?.uuid : undefined;
    if (typeof ruleUuid !== 'string') return inconclusive(RULE_UPDATE_KEEPS_TASKS, 'getListing', read.ok ? 'the listing shows no rule uuid' : read.reason);
    const op = real.client.op('updateRule');
    const answer = await real.client.send({ op, pathParams: { uuid: ruleUuid }, json: { name: 'Updated by the conformance suite', start_time: '00:00' } });
    requireRule(RULE_UPDATE_KEEPS_TASKS, op.operationId, expectStatus(answer, op, `updating rule ${ruleUuid}`, 200, undefined, 'published'), answer);
    if (isSuccess(answer)) await checkTasksKept(model, real, RULE_UPDATE_KEEPS_TASKS, op.operationId, 'updating the rule of campaign');
  } finally {
    await deleteCampaign(real, model);
  }
}

export async function runCampaignRules(real: Real): Promise<void> {
  const { target } = suite();
  const setting = target.data.whatsapp_template_setting_uuid;
  if (!setting || !target.data.agent_uuid) {
    const why = 'no agent_uuid or active WhatsApp template setting in the target data, so no text listing (and campaign) is created';
    notApplicable(CAMPAIGN_DELETE_CASCADE, 'deleteCampaign', why);
    notApplicable(RULE_UPDATE_KEEPS_TASKS, 'updateRule', why);
    return;
  }
  await runScenario(() => deleteCascade(real, setting));
  await runScenario(() => ruleUpdate(real, setting));
}
