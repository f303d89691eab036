// Runs the conversation replies model (full mode: replies are messages the suite cannot take
// back). It takes the first Active SMS conversation listed (SMS: no reply window) and the member
// the target names (`member_email`; the model does not apply without one or without such a
// conversation); a fixed reply first, then fast-check's sequences of replies with drawn texts.
import fc from 'fast-check';
import { inconclusive, notApplicable } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { ConversationRepliesModel, REPLY_IN_MESSAGES } from './model.ts';
import { ReplyCommand } from './reply.ts';

async function openSmsConversation(real: Real): Promise<string | undefined> {
  const op = real.client.op('listConversations');
  const answer = await real.client.send({ op, query: { channel: 'sms', status: 'Active', page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(REPLY_IN_MESSAGES, op.operationId, `listing the conversations answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ uuid: string }>(op, answer, ['uuid']);
  if (!list.ok) return void inconclusive(REPLY_IN_MESSAGES, op.operationId, list.reason, answer);
  const first = list.value.items[0];
  if (!first) notApplicable(REPLY_IN_MESSAGES, op.operationId, 'the workspace has no Active SMS conversation to reply to');
  return first?.uuid;
}

export async function runConversationRepliesModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const email = target.data.member_email;
  if (!email) return notApplicable(REPLY_IN_MESSAGES, 'replyToConversation', 'the target names no member (member_email) to reply as');
  const conversation = await openSmsConversation(real);
  if (!conversation) return;
  await runScenario(async () => {
    await runSteps(new ConversationRepliesModel(conversation, email), real, [new ReplyCommand('Thanks, we will call you back today.')]);
  });
  const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
  await runModel(name, real, {
    commands: [text.map((t) => new ReplyCommand(t))],
    model: () => new ConversationRepliesModel(conversation, email),
  });
}
