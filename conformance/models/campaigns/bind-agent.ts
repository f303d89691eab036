// Binding an agent to the text campaign (agent_uuid with campaign_type text; seed "Campaign": "The
// channel binding (agent_app) is resolved automatically from the agent's channel that matches
// campaign_type"). An agent with a WhatsApp binding is accepted and the campaign reads it; an agent
// without one cannot be resolved: refused (422 naming agent_uuid, inferred) and the campaign keeps
// its agent. The refusal is the contract's design, so a mismatch there is inferred.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { pickOne } from '../model-command.ts';
import { CampaignCommand } from './campaign-command.ts';
import { type AgentChoice, CAMPAIGN_AGENT_BINDING, type CampaignModel } from './model.ts';

export class BindAgentCommand extends CampaignCommand {
  readonly agents: readonly AgentChoice[];
  readonly pick: number;

  constructor(agents: readonly AgentChoice[], pick: number) {
    super();
    this.agents = agents;
    this.pick = pick;
  }

  override check(): boolean {
    return this.agents.length > 0;
  }

  protected async act(model: CampaignModel, real: Real): Promise<void> {
    const agent = pickOne(this.agents, this.pick);
    if (!agent) return;
    const op = real.client.op('updateCampaign');
    const answer = await this.update(model, real, { agent_uuid: agent.uuid, campaign_type: 'text' });
    const what = `binding agent ${agent.uuid} (${agent.whatsapp ? 'with' : 'without'} a WhatsApp channel) to text campaign ${model.campaignUuid}`;
    if (agent.whatsapp) {
      requireRule(CAMPAIGN_AGENT_BINDING, op.operationId, expectStatus(answer, op, what, 200, undefined), answer);
      if (isSuccess(answer)) model.agentUuid = agent.uuid;
    } else if (isSuccess(answer)) {
      return requireRule(CAMPAIGN_AGENT_BINDING, op.operationId, { message: `${what}: accepted (${describeAnswer(answer)}), though no channel of the agent matches campaign_type text`, part: 'inferred' }, answer);
    } else {
      requireRule(CAMPAIGN_AGENT_BINDING, op.operationId, expectStatus(answer, op, what, 422, undefined, 'inferred'), answer);
    }
    const read = await this.readField(model, real, 'agent_uuid');
    if ('reason' in read) return inconclusive(CAMPAIGN_AGENT_BINDING, 'getCampaign', read.reason, read.answer);
    requireRule(
      CAMPAIGN_AGENT_BINDING,
      'getCampaign',
      read.value === model.agentUuid ? true : { message: `after ${what}, campaign ${model.campaignUuid} reads agent ${JSON.stringify(read.value)}, not ${model.agentUuid}`, part: 'inferred' },
      read.answer,
    );
  }

  toString(): string {
    return `bindAgent(${this.pick})`;
  }
}
