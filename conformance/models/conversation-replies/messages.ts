// Reads every message of a conversation (GET /api/v1/conversations/{uuid}/messages, page by page)
// where the contract puts the list and its paging fields, and checks the model's invariant: every
// reply the service accepted is listed, outbound, from a Human, with its text.
import { hasNextPage } from '../../contract/fields.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { type ConversationRepliesModel, type MessageView, REPLY_IN_MESSAGES } from './model.ts';

const PER_PAGE = 100;
const MAX_PAGES = 20;
const NEEDED = ['uuid', 'direction', 'sender', 'content'];

export async function listMessages(real: Real, uuid: string): Promise<{ items: MessageView[]; answer: Answer } | { reason: string; answer: Answer | undefined }> {
  const op = real.client.op('listConversationMessages');
  const items: MessageView[] = [];
  let answer: Answer | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    answer = await real.client.send({ op, pathParams: { uuid }, query: { page: String(page), per_page: String(PER_PAGE) } });
    if (!isSuccess(answer)) return { reason: `listing the messages of conversation ${uuid} answered ${describeAnswer(answer)}`, answer };
    const read = listOf<MessageView>(op, answer, NEEDED);
    if (!read.ok) return { reason: read.reason, answer };
    items.push(...read.value.items);
    if (!hasNextPage(read.value, page, PER_PAGE)) break;
  }
  return answer ? { items, answer } : { reason: 'the messages were not listed', answer };
}

export async function checkRepliesListed(model: ConversationRepliesModel, real: Real): Promise<void> {
  const list = await listMessages(real, model.conversationUuid);
  if ('reason' in list) return inconclusive(REPLY_IN_MESSAGES, 'listConversationMessages', list.reason, list.answer);
  const byUuid = new Map(list.items.map((m) => [m.uuid, m]));
  const wrong: string[] = [];
  for (const reply of model.replies) {
    const listed = byUuid.get(reply.uuid);
    if (!listed) wrong.push(`reply ${reply.uuid} is not listed`);
    else if (listed.direction !== 'outbound' || listed.sender !== 'Human' || listed.content !== reply.text) {
      wrong.push(`reply ${reply.uuid} is listed as ${listed.direction} from ${listed.sender} with ${JSON.stringify(listed.content)}, not outbound from Human with ${JSON.stringify(reply.text)}`);
    }
  }
  requireRule(
    REPLY_IN_MESSAGES,
    'listConversationMessages',
    wrong.length === 0 ? true : { message: `${model.replies.length} accepted repl(ies) on conversation ${model.conversationUuid}: ${wrong.join('; ')}`, part: 'inferred' },
    list.answer,
  );
}
