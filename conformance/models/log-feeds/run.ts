// Runs the feed secrets check (full mode: the reply is a message the suite cannot take back). It
// takes the first Active SMS conversation with an agent and the member the target names
// (`member_email`); without them the rule does not apply. The webhook it registers is switched off
// afterwards (the contract gives no delete).
import { randomUUID } from 'node:crypto';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { FEED_SECRETS, type FeedSecretsPlan, holdsDigest, newSecret } from './model.ts';

interface Delivery {
  destination: string;
  headers: Record<string, unknown>;
}

async function conversationWithAgent(real: Real): Promise<{ uuid: string; agent_uuid: string } | undefined> {
  const op = real.client.op('listConversations');
  const answer = await real.client.send({ op, query: { channel: 'sms', status: 'Active', page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(FEED_SECRETS, op.operationId, `listing the conversations answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ uuid: string; agent_uuid: string | null }>(op, answer, ['uuid', 'agent_uuid']);
  if (!list.ok) return void inconclusive(FEED_SECRETS, op.operationId, list.reason, answer);
  const found = list.value.items.find((c) => typeof c.agent_uuid === 'string');
  if (!found) notApplicable(FEED_SECRETS, op.operationId, 'the workspace has no Active SMS conversation with an agent to reply to');
  return found ? { uuid: found.uuid, agent_uuid: String(found.agent_uuid) } : undefined;
}

/** The answer with the secret replaced by what it is, so the report never holds it. */
function redacted(answer: Answer, secret: string): Answer {
  return answer.response ? { ...answer, response: { ...answer.response, text: answer.response.text.replaceAll(secret, '<the webhook secret>') } } : answer;
}

async function judgeWebhookFeed(real: Real, plan: FeedSecretsPlan): Promise<void> {
  const op = real.client.op('listWebhookDeliveryLogs');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '100' } });
  if (!isSuccess(answer)) return inconclusive(FEED_SECRETS, op.operationId, `reading the webhooks feed answered ${describeAnswer(answer)}`, answer);
  const text = answer.response?.text ?? '';
  if (text.includes(plan.secret)) {
    return void recordRule(FEED_SECRETS, op.operationId, { message: 'the webhooks feed shows the webhook secret unmasked', part: 'documented' }, redacted(answer, plan.secret));
  }
  if (text.includes(plan.urlToken)) {
    return void recordRule(FEED_SECRETS, op.operationId, { message: "the webhooks feed shows the token in the query of the suite's webhook URL unmasked", part: 'documented' }, answer);
  }
  const list = listOf<Delivery>(op, answer, ['destination', 'headers']);
  if (!list.ok) return inconclusive(FEED_SECRETS, op.operationId, list.reason, answer);
  const ours = list.value.items.filter((d) => typeof d.destination === 'string' && withoutQuery(d.destination) === withoutQuery(plan.url));
  if (ours.length === 0) return inconclusive(FEED_SECRETS, op.operationId, `the webhooks feed lists no delivery to the suite's webhook after a reply on its agent's conversation`, answer);
  const digests = ours.flatMap((d) => Object.entries(d.headers ?? {}).filter(([, v]) => typeof v === 'string' && holdsDigest(v)).map(([k]) => k));
  recordRule(
    FEED_SECRETS,
    op.operationId,
    digests.length === 0 ? true : { message: `deliveries to the suite's webhook (signed with its secret) show an unmasked digest in the header(s) ${[...new Set(digests)].join(', ')}; signatures appear only masked`, part: 'documented' },
    answer,
  );
}

async function judgeApiFeed(real: Real, plan: FeedSecretsPlan): Promise<void> {
  const op = real.client.op('listApiRequestLogs');
  const answer = await real.client.send({ op, query: { page: '1', per_page: '100' } });
  if (!isSuccess(answer)) return inconclusive(FEED_SECRETS, op.operationId, `reading the API request feed answered ${describeAnswer(answer)}`, answer);
  const text = answer.response?.text ?? '';
  const shown = text.includes(plan.secret);
  if (shown) return void recordRule(FEED_SECRETS, op.operationId, { message: 'the API request feed shows the secret_key the suite sent unmasked', part: 'documented' }, redacted(answer, plan.secret));
  const urlToken = text.includes(plan.urlToken);
  recordRule(FEED_SECRETS, op.operationId, urlToken ? { message: "the API request feed shows the token in the query of the suite's webhook URL unmasked", part: 'documented' } : true, answer);
}

const SUITE_HOOKS = 'https://example.com/conformance-suite/';

function withoutQuery(url: string): string {
  return url.split(/[?#]/)[0] ?? url;
}

/**
 * The suite's webhook on the agent: one an earlier run left (switched off; the contract gives no
 * delete) is switched on again with this run's address and secret, so repeated runs stay within the
 * published five webhooks per agent; else a new one is registered.
 */
async function registerWebhook(real: Real, plan: FeedSecretsPlan): Promise<{ op: SuiteOperation; answer: Answer }> {
  const { client } = real;
  const body = { url: plan.url, events: ['conversation_update'], secret_key: plan.secret };
  const list = client.op('listAgentWebhooks');
  const listed = await client.send({ op: list, pathParams: { uuid: plan.agentUuid } });
  const hooks = isSuccess(listed) ? listOf<{ webhook_uuid: string; url: string }>(list, listed, ['webhook_uuid', 'url']) : undefined;
  const earlier = hooks?.ok ? hooks.value.items.find((h) => typeof h.url === 'string' && h.url.startsWith(SUITE_HOOKS)) : undefined;
  if (earlier) {
    const update = client.op('updateAgentWebhook');
    return { op: update, answer: await client.send({ op: update, pathParams: { uuid: plan.agentUuid, webhookUuid: earlier.webhook_uuid }, json: { ...body, is_active: true } }) };
  }
  const create = client.op('createAgentWebhook');
  return { op: create, answer: await client.send({ op: create, pathParams: { uuid: plan.agentUuid }, json: body }) };
}

export async function runFeedSecretsCheck(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const email = target.data.member_email;
  if (!email) return notApplicable(FEED_SECRETS, 'replyToConversation', 'the target names no member (member_email) to reply as');
  const conversation = await conversationWithAgent(real);
  if (!conversation) return;
  const urlToken = newSecret().replace('whsec_', 'tok_');
  const plan: FeedSecretsPlan = { conversationUuid: conversation.uuid, agentUuid: conversation.agent_uuid, email, secret: newSecret(), url: `${SUITE_HOOKS}${randomUUID()}?token=${urlToken}`, urlToken };
  const { op: create, answer: created } = await registerWebhook(real, plan);
  if (!isSuccess(created)) return inconclusive(FEED_SECRETS, create.operationId, `registering a webhook answered ${describeAnswer(created)}`, redacted(created, plan.secret));
  const hook = stringOf(create, created, 'webhook_uuid');
  try {
    if (created.response?.text.includes(plan.secret)) {
      recordRule(FEED_SECRETS, create.operationId, { message: 'the webhook answer shows its secret_key', part: 'inferred' }, redacted(created, plan.secret));
    }
    const reply = client.op('replyToConversation');
    const replied = await client.send({ op: reply, pathParams: { uuid: plan.conversationUuid }, json: { text: 'Thanks, we will get back to you shortly.', user_email: plan.email } });
    if (!isSuccess(replied)) return inconclusive(FEED_SECRETS, reply.operationId, `the reply that should trigger a delivery answered ${describeAnswer(replied)}`, replied);
    await judgeWebhookFeed(real, plan);
    await judgeApiFeed(real, plan);
  } finally {
    if (hook.ok) await client.send({ op: client.op('updateAgentWebhook'), pathParams: { uuid: plan.agentUuid, webhookUuid: hook.value }, json: { url: plan.url, events: ['conversation_update'], is_active: false } });
  }
}
