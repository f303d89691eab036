// Events rule 1: the suite registers a webhook (a unique destination, conversation_update) on the
// agent of an Active SMS conversation (published API, "Webhooks"), replies to the conversation so
// the agent's conversation_update is delivered, then reads the webhooks feed until a delivery to
// its destination is listed (a few reads: a real service may log it a moment later). The delivery
// must carry the seed's fields, and its payload the published `{event, data}` about that
// conversation and agent. The webhook is switched off afterwards (the contract gives no delete;
// the published change takes `url` and `events` with `is_active`).
import { randomUUID } from 'node:crypto';
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { deliveryProblems, payloadProblems, WEBHOOK_DELIVERY_LOGGED, WEBHOOK_PAYLOAD_PUBLISHED } from './model.ts';

const READS = 5;
const WAIT_MS = 1_000;

async function smsConversationWithAgent(real: Real): Promise<{ uuid: string; agent: string } | undefined> {
  const op = real.client.op('listConversations');
  const answer = await real.client.send({ op, query: { channel: 'sms', status: 'Active', page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(WEBHOOK_DELIVERY_LOGGED, op.operationId, `listing the conversations answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ uuid: string; agent_uuid: string | null }>(op, answer, ['uuid', 'agent_uuid']);
  if (!list.ok) return void inconclusive(WEBHOOK_DELIVERY_LOGGED, op.operationId, list.reason, answer);
  const found = list.value.items.find((c) => typeof c.agent_uuid === 'string');
  if (!found) notApplicable(WEBHOOK_DELIVERY_LOGGED, op.operationId, 'the workspace has no Active SMS conversation with an agent to reply to');
  return found ? { uuid: found.uuid, agent: String(found.agent_uuid) } : undefined;
}

/** Reads the feed until a delivery to `url` is listed; judges the first found. */
async function judgeFeed(real: Real, url: string, conversation: { uuid: string; agent: string }): Promise<void> {
  const op = real.client.op('listWebhookDeliveryLogs');
  for (let read = 1; read <= READS; read++) {
    const answer = await real.client.send({ op, query: { page: '1', per_page: '100' } });
    if (!isSuccess(answer)) return inconclusive(WEBHOOK_DELIVERY_LOGGED, op.operationId, `reading the webhooks feed answered ${describeAnswer(answer)}`, answer);
    const list = listOf<Record<string, unknown>>(op, answer, ['destination']);
    if (!list.ok) return inconclusive(WEBHOOK_DELIVERY_LOGGED, op.operationId, list.reason, answer);
    const ours = list.value.items.find((d) => d.destination === url);
    if (ours) {
      const problems = deliveryProblems(ours);
      recordRule(WEBHOOK_DELIVERY_LOGGED, op.operationId, problems.length === 0 ? true : { message: `the logged delivery to the suite's webhook has ${problems.join(', ')}`, part: 'documented' }, answer);
      const payload = payloadProblems(ours.payload, 'conversation_update', conversation.uuid, conversation.agent);
      return void recordRule(WEBHOOK_PAYLOAD_PUBLISHED, op.operationId, payload.length === 0 ? true : { message: `the payload of the delivery to the suite's webhook has ${payload.join(', ')}`, part: 'published' }, answer);
    }
    if (read === READS) {
      return void recordRule(
        WEBHOOK_DELIVERY_LOGGED,
        op.operationId,
        { message: `after a reply on a conversation of the agent, the webhooks feed lists no delivery to the suite's webhook ${url} (${READS} reads over ${(READS * WAIT_MS) / 1000} s)`, part: 'documented' },
        answer,
      );
    }
    await passTime(WAIT_MS);
  }
}

export async function checkWebhookDeliveriesLogged(real: Real): Promise<void> {
  const { client, target } = suite();
  const email = target.data.member_email;
  if (!email) return notApplicable(WEBHOOK_DELIVERY_LOGGED, 'replyToConversation', 'the target names no member (member_email) to reply as');
  const conversation = await smsConversationWithAgent(real);
  if (!conversation) return;
  const url = `https://example.com/conformance-suite/events/${randomUUID()}`;
  const create = client.op('createAgentWebhook');
  const created = await client.send({ op: create, pathParams: { uuid: conversation.agent }, json: { url, events: ['conversation_update'] } });
  if (!isSuccess(created)) return inconclusive(WEBHOOK_DELIVERY_LOGGED, create.operationId, `registering a webhook answered ${describeAnswer(created)}`, created);
  const hook = stringOf(create, created, 'webhook_uuid');
  try {
    const reply = client.op('replyToConversation');
    const replied = await client.send({ op: reply, pathParams: { uuid: conversation.uuid }, json: { text: 'Thanks for your message, we are on it.', user_email: email } });
    if (!isSuccess(replied)) return inconclusive(WEBHOOK_DELIVERY_LOGGED, reply.operationId, `the reply that should trigger a delivery answered ${describeAnswer(replied)}`, replied);
    await judgeFeed(real, url, conversation);
  } finally {
    if (hook.ok) await client.send({ op: client.op('updateAgentWebhook'), pathParams: { uuid: conversation.agent, webhookUuid: hook.value }, json: { url, events: ['conversation_update'], is_active: false } });
  }
}
