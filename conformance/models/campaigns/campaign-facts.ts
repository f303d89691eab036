// What the campaign model needs from the workspace: the agents (with and without a WhatsApp
// binding, from the agents list, keyed by `agent_uuid` as published or `uuid`), the active template setting the target names, and an inactive
// one (listed with status inactive, else created from the target's approved template and deleted
// again at the end).
import { inconclusive } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { type AgentChoice, CAMPAIGN_AGENT_BINDING, type CampaignFacts } from './model.ts';

const MAX_AGENTS = 4;

async function agentChoices(real: Real): Promise<AgentChoice[]> {
  const op = real.client.op('listAgents');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '50' } });
  if (!isSuccess(answer)) {
    inconclusive(CAMPAIGN_AGENT_BINDING, op.operationId, `listing the agents answered ${describeAnswer(answer)}`, answer);
    return [];
  }
  // The published list keys an agent by `agent_uuid`; an older contract by `uuid`.
  type Item = { agent_uuid?: string; uuid?: string; channels: { whatsapp?: unknown } | null };
  const published = listOf<Item>(op, answer, ['agent_uuid', 'channels']);
  const list = published.ok ? published : listOf<Item>(op, answer, ['uuid', 'channels']);
  if (!list.ok) {
    inconclusive(CAMPAIGN_AGENT_BINDING, op.operationId, list.reason, answer);
    return [];
  }
  const all = list.value.items.flatMap((a) => {
    const uuid = a.agent_uuid ?? a.uuid;
    return uuid === undefined ? [] : [{ uuid, whatsapp: a.channels?.whatsapp !== null && a.channels?.whatsapp !== undefined }];
  });
  // Both kinds when the workspace has them, a few of each.
  return [...all.filter((a) => a.whatsapp).slice(0, MAX_AGENTS / 2), ...all.filter((a) => !a.whatsapp).slice(0, MAX_AGENTS / 2)];
}

export interface Facts {
  facts: CampaignFacts;
  /** An inactive setting the suite created, to delete at the end. */
  created: string | undefined;
}

async function inactiveSetting(real: Real): Promise<{ uuid: string | undefined; created: boolean }> {
  const list = real.client.op('listWhatsappTemplateSettings');
  const answer = await real.client.send({ op: list, query: { status: 'inactive' } });
  const read = isSuccess(answer) ? listOf<{ uuid: string; status: string }>(list, answer, ['uuid', 'status']) : undefined;
  const found = read?.ok ? read.value.items.find((s) => s.status === 'inactive') : undefined;
  if (found) return { uuid: found.uuid, created: false };
  const template = suite().target.data.whatsapp_template_uuid;
  if (!template) return { uuid: undefined, created: false };
  const create = real.client.op('createWhatsappTemplateSetting');
  const created = await real.client.send({ op: create, json: { template_uuid: template, status: 'inactive' } });
  const uuid = isSuccess(created) ? stringOf(create, created, 'uuid') : undefined;
  return uuid?.ok ? { uuid: uuid.value, created: true } : { uuid: undefined, created: false };
}

export async function campaignFacts(real: Real, activeSetting: string): Promise<Facts> {
  const agents = await agentChoices(real);
  const inactive = await inactiveSetting(real);
  return { facts: { agents, activeSetting, inactiveSetting: inactive.uuid }, created: inactive.created ? inactive.uuid : undefined };
}
