// Runs the campaign model (full mode: the campaign is a listing's, which sends). Each run updates
// the campaign of a fresh text listing. A fixed sequence first reaches every rule whatever
// fast-check draws: a field update, a publish with the active and with an inactive setting, and
// binding agents with and without a WhatsApp channel; then fast-check's sequences of those. After
// every step the campaign's tasks must be those it had before the first update.
import fc from 'fast-check';
import { notApplicable } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { BindAgentCommand } from './bind-agent.ts';
import { campaignFacts } from './campaign-facts.ts';
import { createCampaign, deleteCampaign } from './campaign-listing.ts';
import { CAMPAIGN_AGENT_BINDING, CAMPAIGN_TEXT_NEEDS_SETTING, CAMPAIGN_UPDATE_KEEPS_TASKS, type CampaignFacts, type CampaignModel } from './model.ts';
import { PublishCommand } from './publish.ts';
import { UpdateFieldsCommand } from './update-fields.ts';

const CHECKS = [CAMPAIGN_UPDATE_KEEPS_TASKS, CAMPAIGN_TEXT_NEEDS_SETTING, CAMPAIGN_AGENT_BINDING];

function commands(facts: CampaignFacts) {
  const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
  const change = fc.record(
    { name: text.map((t) => `Conformance ${t}`), description: text, rules: fc.dictionary(fc.constantFrom('segment', 'region', 'last_order_before'), text, { maxKeys: 2 }) },
    { requiredKeys: [] },
  );
  return [
    change.map((c) => new UpdateFieldsCommand(c)),
    fc.boolean().map((active) => new PublishCommand(facts, active)),
    fc.nat({ max: 10 }).map((p) => new BindAgentCommand(facts.agents, p)),
  ];
}

function fixedSteps(facts: CampaignFacts) {
  const withWhatsapp = facts.agents.findIndex((a) => a.whatsapp);
  const without = facts.agents.findIndex((a) => !a.whatsapp);
  return [
    new UpdateFieldsCommand({ description: 'Updated by the conformance suite', rules: { segment: 'returning' } }),
    new PublishCommand(facts, true),
    new PublishCommand(facts, false),
    ...(withWhatsapp >= 0 ? [new BindAgentCommand(facts.agents, withWhatsapp)] : []),
    ...(without >= 0 ? [new BindAgentCommand(facts.agents, without)] : []),
  ];
}

export async function runCampaignModel(name: string): Promise<void> {
  const { client, target } = suite();
  const setting = target.data.whatsapp_template_setting_uuid;
  if (!setting || !target.data.agent_uuid) {
    for (const check of CHECKS) notApplicable(check, 'updateCampaign', 'no agent_uuid or active WhatsApp template setting in the target data, so no text listing (and campaign) is created');
    return;
  }
  const real: Real = { client, tokens: [target.workspaceToken] };
  const { facts, created } = await campaignFacts(real, setting);
  if (!facts.inactiveSetting) notApplicable(CAMPAIGN_TEXT_NEEDS_SETTING, 'updateCampaign', 'no inactive template setting is listed or could be created, so a publish without an active setting is not tried');
  if (!facts.agents.some((a) => !a.whatsapp)) notApplicable(CAMPAIGN_AGENT_BINDING, 'updateCampaign', 'every agent listed has a WhatsApp channel, so a binding without one is not tried');
  let fixed: CampaignModel | undefined;
  try {
    await runScenario(
      async () => {
        fixed = await createCampaign(real, setting);
        if (!fixed) return;
        if (fixed.tasks.size === 0) notApplicable(CAMPAIGN_UPDATE_KEEPS_TASKS, 'updateCampaign', 'no task of the listing campaign was found in the action log, so rebuilt tasks could not be observed');
        await runSteps(fixed, real, fixedSteps(facts));
      },
      async () => {
        if (fixed) await deleteCampaign(real, fixed);
      },
    );
    await runModel(name, real, {
      commands: commands(facts),
      model: () => createCampaign(real, setting),
      cleanUp: (model) => deleteCampaign(real, model),
    });
  } finally {
    if (created) await client.send({ op: client.op('deleteWhatsappTemplateSetting'), pathParams: { uuid: created } });
  }
}
