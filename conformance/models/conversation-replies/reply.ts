// POST /api/v1/conversations/{uuid}/reply with a text, in the name of the target's member. An
// accepted reply (201, the message's uuid read through the contract) joins the model; then the
// conversation's messages are read back (the invariant).
import { stringOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { checkRepliesListed } from './messages.ts';
import { type ConversationRepliesModel, REPLY_IN_MESSAGES } from './model.ts';

export class ReplyCommand extends ModelCommand<ConversationRepliesModel> {
  readonly text: string;
  protected override invariant = checkRepliesListed;

  constructor(text: string) {
    super();
    this.text = text;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: ConversationRepliesModel, real: Real): Promise<void> {
    const op = real.client.op('replyToConversation');
    const answer = await real.client.send({ op, pathParams: { uuid: model.conversationUuid }, json: { text: this.text, user_email: model.email } });
    const uuid = expectResource(REPLY_IN_MESSAGES, op, answer, stringOf(op, answer, 'uuid'), 'a reply to an open SMS conversation', 201);
    if (uuid !== undefined) model.replies.push({ uuid, text: this.text });
  }

  toString(): string {
    return `reply(${JSON.stringify(this.text)})`;
  }
}
