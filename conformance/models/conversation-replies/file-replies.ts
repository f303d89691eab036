// Files in replies (seed "Conversations, sessions and conversation replies": "Files are given as a
// public URL or as base64 content"). On an Active email conversation (no reply window; email takes
// files) the suite replies once with a file by public URL and once with a file as base64 content:
// both are accepted (201) and the reply names its file (the contract's `file`, inferred), and each
// is then listed among the conversation's messages.
import type { RuleCheck } from '../../record/rule.ts';
import { inconclusive, notApplicable, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { fieldOf, listOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { listMessages } from './messages.ts';

export const REPLY_FILES: RuleCheck = {
  name: 'reply-file-url-or-base64',
  rule: 'seed "Conversations, sessions and conversation replies": a reply\'s file is given as a public URL or as base64 content; both are accepted on a channel that takes files and become messages of the conversation',
};

const FILES = [
  { how: 'a public URL', file: { url: 'https://example.com/conformance-suite/price-list.pdf' } },
  { how: 'base64 content', file: { filename: 'opening-hours.txt', mime_type: 'text/plain', content: Buffer.from('Mon-Fri 9:00-18:00\n').toString('base64') } },
] as const;

async function activeEmailConversation(real: Real): Promise<string | undefined> {
  const op = real.client.op('listConversations');
  const answer = await real.client.send({ op, query: { channel: 'email', status: 'Active', page: '1', per_page: '15' } });
  if (!isSuccess(answer)) return void inconclusive(REPLY_FILES, op.operationId, `listing the email conversations answered ${describeAnswer(answer)}`, answer);
  const list = listOf<{ uuid: string }>(op, answer, ['uuid']);
  if (!list.ok) return void inconclusive(REPLY_FILES, op.operationId, list.reason, answer);
  const first = list.value.items[0];
  if (!first) notApplicable(REPLY_FILES, op.operationId, 'the workspace has no Active email conversation to reply to with a file');
  return first?.uuid;
}

export async function checkFileReplies(real: Real, email: string): Promise<void> {
  const conversation = await activeEmailConversation(real);
  if (!conversation) return;
  const op = real.client.op('replyToConversation');
  const accepted: string[] = [];
  for (const { how, file } of FILES) {
    const answer = await real.client.send({ op, pathParams: { uuid: conversation }, json: { text: `Please find the file attached (${how}).`, file, user_email: email } });
    const what = `a reply with a file given as ${how} on email conversation ${conversation}`;
    requireRule(REPLY_FILES, op.operationId, isSuccess(answer) ? true : expectStatus(answer, op, what, 201, undefined), answer);
    const named = fieldOf(op, answer, 'file');
    const uuid = stringOf(op, answer, 'uuid');
    if (!named.ok || !uuid.ok) return inconclusive(REPLY_FILES, op.operationId, named.ok ? (uuid.ok ? '' : uuid.reason) : named.reason, answer);
    requireRule(REPLY_FILES, op.operationId, named.value !== null ? true : { message: `${what}: the reply names no file`, part: 'inferred' }, answer);
    accepted.push(uuid.value);
  }
  const list = await listMessages(real, conversation);
  if ('reason' in list) return inconclusive(REPLY_FILES, 'listConversationMessages', list.reason, list.answer);
  const missing = accepted.filter((u) => !list.items.some((m) => m.uuid === u));
  requireRule(REPLY_FILES, 'listConversationMessages', missing.length === 0 ? true : { message: `replies with files ${missing.join(', ')} are not listed among the messages of conversation ${conversation}`, part: 'inferred' }, list.answer);
}
