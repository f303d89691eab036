// Evaluations on the clock (full mode: a reply is a message the suite cannot take back). The suite
// replies to an Active SMS conversation of an agent whose evaluation is active, as a member of the
// workspace, which keeps the conversation's latest session open: right after the reply no new
// evaluation of the conversation may be listed (its customer has not been idle yet). After the
// agent's `sessionization.timeout_minutes` and one more minute (passTime: the mock's clock moves
// on at once; a deployment is waited for, only when the timeout is at most MAX_REAL_WAIT_MINUTES),
// a new evaluation of the conversation must be listed, with the ten metrics as published.
import { inconclusive, notApplicable, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';
import { EVALUATION_AFTER_SESSION_END, metricProblems } from './model.ts';

const CHECK = EVALUATION_AFTER_SESSION_END;
/** The longest idle timeout a deployment (no mock clock) is waited for. */
const MAX_REAL_WAIT_MINUTES = 10;
const PAGES = 5;
const PER_PAGE = 100;

type Evaluation = Record<string, unknown> & { uuid: string; conversation_uuid: string };

async function smsConversationWithAgent(real: Real): Promise<{ uuid: string; agent: string } | undefined> {
  const op = real.client.op('listConversations');
  const answer = await real.client.send({ op, query: { channel: 'sms', status: 'Active', page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(CHECK, op.operationId, `listing the conversations answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ uuid: string; agent_uuid: string | null }>(op, answer, ['uuid', 'agent_uuid']);
  if (!list.ok) return void inconclusive(CHECK, op.operationId, list.reason, answer);
  const found = list.value.items.find((c) => typeof c.agent_uuid === 'string');
  if (!found) notApplicable(CHECK, op.operationId, 'the workspace has no Active SMS conversation with an agent to reply to');
  return found ? { uuid: found.uuid, agent: String(found.agent_uuid) } : undefined;
}

/** The agent's idle timeout in minutes, or undefined (recorded) when evaluation is off or unreadable. */
async function timeoutMinutes(real: Real, agent: string): Promise<number | undefined> {
  const op = real.client.op('getAgentEvaluateSettings');
  const answer = await real.client.send({ op, pathParams: { uuid: agent } });
  if (!isSuccess(answer)) return void inconclusive(CHECK, op.operationId, `reading the agent's evaluate settings answered ${describeAnswer(answer)}`, answer);
  const active = fieldOf(op, answer, 'is_active');
  const sessionization = fieldOf(op, answer, 'sessionization');
  if (!active.ok || !sessionization.ok) return void inconclusive(CHECK, op.operationId, active.ok ? (sessionization as { reason: string }).reason : active.reason, answer);
  const minutes = (sessionization.value as { timeout_minutes?: unknown } | null)?.timeout_minutes;
  if (typeof minutes !== 'number') return void inconclusive(CHECK, op.operationId, `the agent's sessionization.timeout_minutes is ${JSON.stringify(minutes)}`, answer);
  if (active.value !== true) return void notApplicable(CHECK, op.operationId, `evaluation is inactive for agent ${agent}, so its sessions are not evaluated`);
  return minutes;
}

/** The evaluations of the conversation (newest pages first), or why they cannot be read. */
async function evaluationsOf(real: Real, conversation: string): Promise<Evaluation[] | string> {
  const op = real.client.op('listEvaluations');
  const found: Evaluation[] = [];
  for (let page = 1; page <= PAGES; page++) {
    const answer = await real.client.send({ op, query: { conversation_uuid: conversation, page: String(page), per_page: String(PER_PAGE) } });
    if (!isSuccess(answer)) return `listing the evaluations answered ${describeAnswer(answer)}`;
    const list = listOf<Evaluation>(op, answer, ['uuid', 'conversation_uuid']);
    if (!list.ok) return list.reason;
    // The filter is this contract's (inferred): the conversation is matched here too.
    found.push(...list.value.items.filter((e) => e.conversation_uuid === conversation));
    if ((list.value.currentPage ?? page) >= (list.value.lastPage ?? page)) break;
  }
  return found;
}

export async function checkEvaluationAfterIdle(real: Real): Promise<void> {
  const { client, target } = suite();
  const email = target.data.member_email;
  if (!email) return notApplicable(CHECK, 'replyToConversation', 'the target names no member (member_email) to reply as');
  const conversation = await smsConversationWithAgent(real);
  if (!conversation) return;
  const minutes = await timeoutMinutes(real, conversation.agent);
  if (minutes === undefined) return;
  if (!target.mockControl && minutes > MAX_REAL_WAIT_MINUTES) {
    return notApplicable(CHECK, 'listEvaluations', `the agent's idle timeout is ${minutes} minutes; the suite waits at most ${MAX_REAL_WAIT_MINUTES} on a target whose clock it cannot move`);
  }
  const before = await evaluationsOf(real, conversation.uuid);
  if (typeof before === 'string') return inconclusive(CHECK, 'listEvaluations', before);
  const known = new Set(before.map((e) => e.uuid));
  const reply = client.op('replyToConversation');
  const replied = await client.send({ op: reply, pathParams: { uuid: conversation.uuid }, json: { text: 'Thanks, we will get back to you shortly.', user_email: email } });
  if (!isSuccess(replied)) return inconclusive(CHECK, reply.operationId, `the reply that keeps the session open answered ${describeAnswer(replied)}`, replied);

  const early = await evaluationsOf(real, conversation.uuid);
  if (typeof early === 'string') return inconclusive(CHECK, 'listEvaluations', early);
  const premature = early.filter((e) => !known.has(e.uuid));
  if (premature.length > 0) {
    return void recordRule(CHECK, 'listEvaluations', {
      message: `right after a reply on conversation ${conversation.uuid}, evaluation ${premature[0]?.uuid} of its session is listed, before the customer was idle for the agent's ${minutes} minutes`,
      part: 'documented',
    });
  }

  await passTime((minutes + 1) * 60_000);
  const late = await evaluationsOf(real, conversation.uuid);
  if (typeof late === 'string') return inconclusive(CHECK, 'listEvaluations', late);
  const fresh = late.filter((e) => !known.has(e.uuid));
  if (fresh.length === 0) {
    return void recordRule(CHECK, 'listEvaluations', {
      message: `${minutes + 1} minutes after the last message of conversation ${conversation.uuid} (the agent's idle timeout is ${minutes}), no new evaluation of it is listed`,
      part: 'documented',
    });
  }
  const problems = fresh.flatMap((e) => metricProblems(e).map((p) => `evaluation ${e.uuid}: ${p}`));
  recordRule(CHECK, 'listEvaluations', problems.length === 0 ? true : { message: `the evaluation made after the idle timeout has ${problems.join('; ')}`, part: 'published' });
}
