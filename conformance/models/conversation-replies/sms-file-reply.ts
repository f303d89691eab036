// POST /api/v1/conversations/{uuid}/reply with a file (by public URL) on the SMS conversation (seed
// "Conversations": "Files are given as a public URL or as base64 content. SMS is text only."). The
// reply must be refused: accepting it breaks the seed's rule; a refusal other than the contract's
// 422 is an inferred mismatch. A refused reply never joins the model.
import { requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { stringOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { checkRepliesListed } from './messages.ts';
import { type ConversationRepliesModel, REPLY_SMS_TEXT_ONLY } from './model.ts';

const FILE_URL = 'https://example.com/conformance-suite/brochure.pdf';

export class SmsFileReplyCommand extends ModelCommand<ConversationRepliesModel> {
  readonly withText: boolean;
  protected override invariant = checkRepliesListed;

  constructor(withText: boolean) {
    super();
    this.withText = withText;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: ConversationRepliesModel, real: Real): Promise<void> {
    const op = real.client.op('replyToConversation');
    const json = { ...(this.withText ? { text: 'Here is the brochure.' } : {}), file: { url: FILE_URL }, user_email: model.email(0) };
    const answer = await real.client.send({ op, pathParams: { uuid: model.conversationUuid }, json });
    const what = `a reply with a file${this.withText ? ' and a text' : ''} on SMS conversation ${model.conversationUuid}`;
    if (isSuccess(answer)) {
      const uuid = stringOf(op, answer, 'uuid');
      if (uuid.ok && this.withText) model.replies.push({ uuid: uuid.value, text: 'Here is the brochure.' });
      return requireRule(REPLY_SMS_TEXT_ONLY, op.operationId, { message: `${what} was accepted (${describeAnswer(answer)}); SMS is text only`, part: 'documented' }, answer);
    }
    requireRule(REPLY_SMS_TEXT_ONLY, op.operationId, expectStatus(answer, op, what, 422, ['VALIDATION_ERROR'], 'inferred'), answer);
  }

  toString(): string {
    return `smsFileReply(${this.withText ? 'with text' : 'file only'})`;
  }
}
