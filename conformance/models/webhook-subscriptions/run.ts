// Runs the webhook subscription checks (full mode: they subscribe targets and reply to a
// conversation). The lifecycle: subscribe, the same again (same subscription), listed, unsubscribe,
// unsubscribe again (404). The delivery: a target subscribed to text_evaluation, a reply that keeps
// an Active SMS conversation's session open, then the agent's idle timeout and one more minute
// (passTime: the mock's clock moves on at once; a deployment is waited for only up to
// MAX_REAL_WAIT_MINUTES); the webhooks log feed must then hold a delivery to the target about that
// conversation. The targets are unsubscribed afterwards.
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import { runScenario } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { WEBHOOK_SUBSCRIPTION_DELIVERED, WEBHOOK_SUBSCRIPTION_LIFECYCLE } from './model.ts';

const MAX_REAL_WAIT_MINUTES = 10;

function target(what: string): string {
  return `https://conformance.example/hooks/${what}-${Date.now().toString(36)}`;
}

async function unsubscribe(url: string): Promise<void> {
  const { client } = suite();
  await client.send({ op: client.op('unsubscribeWebhook'), json: { targetUrl: url } });
}

async function checkLifecycle(url: string): Promise<void> {
  const CHECK = WEBHOOK_SUBSCRIPTION_LIFECYCLE;
  const { client } = suite();
  const sub = client.op('subscribeWebhook');
  const first = await client.send({ op: sub, json: { targetUrl: url, event: 'voice_evaluation' } });
  if (!isSuccess(first)) return void recordRule(CHECK, sub.operationId, { message: `subscribing ${url} answered ${describeAnswer(first)}`, part: 'published' }, first);
  const again = await client.send({ op: sub, json: { targetUrl: url, event: 'voice_evaluation' } });
  const firstUuid = fieldOf(sub, first, 'uuid');
  const againUuid = fieldOf(sub, again, 'uuid');
  if (!isSuccess(again) || !firstUuid.ok || !againUuid.ok || firstUuid.value !== againUuid.value) {
    return void recordRule(CHECK, sub.operationId, { message: `subscribing ${url} to the same event again answered ${describeAnswer(again)}, not the same subscription`, part: 'inferred' }, again);
  }
  const listOp = client.op('listWebhookSubscriptions');
  const listed = await client.send({ op: listOp, query: { per_page: '100' } });
  const page = listOf<{ target_url: string; event: string }>(listOp, listed, ['target_url', 'event']);
  if (!isSuccess(listed) || !page.ok) return inconclusive(CHECK, listOp.operationId, page.ok ? `listing answered ${describeAnswer(listed)}` : page.reason, listed);
  const count = page.value.items.filter((s) => s.target_url === url).length;
  if (count !== 1) return void recordRule(CHECK, listOp.operationId, { message: `${url} is listed ${count} times after two identical subscribes`, part: 'inferred' }, listed);
  const unsub = client.op('unsubscribeWebhook');
  const removed = await client.send({ op: unsub, json: { targetUrl: url } });
  if (!isSuccess(removed)) return void recordRule(CHECK, unsub.operationId, { message: `unsubscribing ${url} answered ${describeAnswer(removed)}`, part: 'published' }, removed);
  const unknown = await client.send({ op: unsub, json: { targetUrl: url } });
  recordRule(CHECK, unsub.operationId, unknown.response?.status === 404 ? true : { message: `unsubscribing ${url} a second time answered ${describeAnswer(unknown)}, not 404`, part: 'inferred' }, unknown);
}

async function checkDelivered(url: string): Promise<void> {
  const CHECK = WEBHOOK_SUBSCRIPTION_DELIVERED;
  const { client, target: t } = suite();
  const email = t.data.member_email;
  if (!email) return notApplicable(CHECK, 'replyToConversation', 'the target names no member (member_email) to reply as');
  const convOp = client.op('listConversations');
  const convs = await client.send({ op: convOp, query: { channel: 'sms', status: 'Active', page: '1', per_page: '15' } });
  const list = listOf<{ uuid: string; agent_uuid: string | null }>(convOp, convs, ['uuid', 'agent_uuid']);
  if (!isSuccess(convs) || !list.ok) return inconclusive(CHECK, convOp.operationId, list.ok ? `listing conversations answered ${describeAnswer(convs)}` : list.reason, convs);
  const conversation = list.value.items.find((c) => typeof c.agent_uuid === 'string');
  if (!conversation) return notApplicable(CHECK, convOp.operationId, 'the workspace has no Active SMS conversation with an agent to reply to');
  const evalOp = client.op('getAgentEvaluateSettings');
  const settings = await client.send({ op: evalOp, pathParams: { uuid: String(conversation.agent_uuid) } });
  const active = fieldOf(evalOp, settings, 'is_active');
  const sessionization = fieldOf(evalOp, settings, 'sessionization');
  const minutes = sessionization.ok ? (sessionization.value as { timeout_minutes?: unknown } | null)?.timeout_minutes : undefined;
  if (!isSuccess(settings) || !active.ok || typeof minutes !== 'number') return inconclusive(CHECK, evalOp.operationId, `the agent's evaluate settings answered ${describeAnswer(settings)}`, settings);
  if (active.value !== true) return notApplicable(CHECK, evalOp.operationId, 'evaluation is inactive for the agent, so its sessions are not evaluated');
  if (!t.mockControl && minutes > MAX_REAL_WAIT_MINUTES) return notApplicable(CHECK, evalOp.operationId, `the idle timeout is ${minutes} minutes; the suite waits at most ${MAX_REAL_WAIT_MINUTES}`);
  const sub = client.op('subscribeWebhook');
  const subscribed = await client.send({ op: sub, json: { targetUrl: url, event: 'text_evaluation' } });
  if (!isSuccess(subscribed)) return inconclusive(CHECK, sub.operationId, `subscribing answered ${describeAnswer(subscribed)}`, subscribed);
  const reply = client.op('replyToConversation');
  const replied = await client.send({ op: reply, pathParams: { uuid: conversation.uuid }, json: { text: 'Thanks, we will get back to you shortly.', user_email: email } });
  if (!isSuccess(replied)) return inconclusive(CHECK, reply.operationId, `the reply answered ${describeAnswer(replied)}`, replied);
  await passTime((minutes + 1) * 60_000);
  const logOp = client.op('listWebhookDeliveryLogs');
  const logs = await client.send({ op: logOp, query: { event: 'text_evaluation', per_page: '100' } });
  const rows = listOf<{ destination: string; payload: { event?: unknown; data?: { conversation_uuid?: unknown } } }>(logOp, logs, ['destination', 'payload']);
  if (!isSuccess(logs) || !rows.ok) return inconclusive(CHECK, logOp.operationId, rows.ok ? `the feed answered ${describeAnswer(logs)}` : rows.reason, logs);
  const delivered = rows.value.items.some((r) => r.destination === url && r.payload?.event === 'text_evaluation' && r.payload?.data?.conversation_uuid === conversation.uuid);
  recordRule(
    CHECK,
    logOp.operationId,
    delivered ? true : { message: `${minutes + 1} minutes after the last message of conversation ${conversation.uuid}, the feed holds no text_evaluation delivery about it to the subscribed ${url}`, part: 'published' },
    logs,
  );
}

export async function runWebhookSubscriptionsModel(): Promise<void> {
  const lifecycle = target('lifecycle');
  await runScenario(() => checkLifecycle(lifecycle), () => unsubscribe(lifecycle));
  const delivery = target('delivery');
  await runScenario(() => checkDelivered(delivery), () => unsubscribe(delivery));
}
