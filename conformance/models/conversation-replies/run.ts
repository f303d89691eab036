// Runs the conversation replies model (full mode: replies are messages the suite cannot take
// back). It takes the first Active SMS conversation listed (SMS: no reply window) and the member
// the target names (`member_email`, and the per-user token's member when known; the model does not
// apply without one or without such a conversation). A fixed sequence first reaches every rule:
// replies as each member with the workspace token, one with the per-user token, and a refused file
// on SMS; then fast-check's sequences of those with drawn texts. Files by URL and as base64 content
// are replied on an email conversation first (file-replies.ts).
import fc from 'fast-check';
import { inconclusive, notApplicable } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { checkFileReplies, REPLY_FILES } from './file-replies.ts';
import { ConversationRepliesModel, REPLY_ACTING_MEMBER, REPLY_IN_MESSAGES, REPLY_SMS_TEXT_ONLY } from './model.ts';
import { ReplyCommand } from './reply.ts';
import { ReplyAsUserCommand } from './reply-as-user.ts';
import { SmsFileReplyCommand } from './sms-file-reply.ts';

async function openSmsConversation(real: Real): Promise<string | undefined> {
  const op = real.client.op('listConversations');
  const answer = await real.client.send({ op, query: { channel: 'sms', status: 'Active', page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(REPLY_IN_MESSAGES, op.operationId, `listing the conversations answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ uuid: string }>(op, answer, ['uuid']);
  if (!list.ok) return void inconclusive(REPLY_IN_MESSAGES, op.operationId, list.reason, answer);
  const first = list.value.items[0];
  if (!first) for (const check of [REPLY_IN_MESSAGES, REPLY_SMS_TEXT_ONLY, REPLY_ACTING_MEMBER]) notApplicable(check, op.operationId, 'the workspace has no Active SMS conversation to reply to');
  return first?.uuid;
}

export async function runConversationRepliesModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const email = target.data.member_email;
  if (!email) {
    for (const check of [REPLY_IN_MESSAGES, REPLY_SMS_TEXT_ONLY, REPLY_ACTING_MEMBER, REPLY_FILES]) notApplicable(check, 'replyToConversation', 'the target names no member (member_email) to reply as');
    return;
  }
  await runScenario(() => checkFileReplies(real, email));
  const conversation = await openSmsConversation(real);
  if (!conversation) return;
  const emails = [...new Set([email, target.data.user_token_email].filter((e): e is string => e !== undefined).map((e) => e.toLowerCase()))];
  await runScenario(async () => {
    await runSteps(new ConversationRepliesModel(conversation, emails), real, [
      new ReplyCommand('Thanks, we will call you back today.', 0),
      new ReplyCommand('A colleague will follow up shortly.', 1),
      new ReplyAsUserCommand('Following up on your question.'),
      new SmsFileReplyCommand(true),
    ]);
  });
  const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
  await runModel(name, real, {
    commands: [
      fc.tuple(text, fc.nat({ max: 3 })).map(([t, m]) => new ReplyCommand(t, m)),
      text.map((t) => new ReplyAsUserCommand(t)),
      fc.boolean().map((b) => new SmsFileReplyCommand(b)),
    ],
    model: () => new ConversationRepliesModel(conversation, emails),
  });
}
