// POST /api/v1/conversations/{uuid}/reply with a text, with the workspace token in the name of one
// of the members the model knows (user_email). An accepted reply (201, the message's uuid read
// through the contract) joins the model and must be attributed to that member; then the
// conversation's messages are read back (the invariant).
import { stringOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { requireAttributedTo } from './acting-member.ts';
import { checkRepliesListed } from './messages.ts';
import { type ConversationRepliesModel, REPLY_IN_MESSAGES } from './model.ts';

export class ReplyCommand extends ModelCommand<ConversationRepliesModel> {
  readonly text: string;
  readonly member: number;
  protected override invariant = checkRepliesListed;

  constructor(text: string, member = 0) {
    super();
    this.text = text;
    this.member = member;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: ConversationRepliesModel, real: Real): Promise<void> {
    const op = real.client.op('replyToConversation');
    const email = model.email(this.member);
    const answer = await real.client.send({ op, pathParams: { uuid: model.conversationUuid }, json: { text: this.text, user_email: email } });
    const uuid = expectResource(REPLY_IN_MESSAGES, op, answer, stringOf(op, answer, 'uuid'), 'a reply to an open SMS conversation', 201);
    if (uuid === undefined) return;
    model.replies.push({ uuid, text: this.text });
    requireAttributedTo(op, answer, email, `a reply sent with the workspace token and user_email ${email}`);
  }

  toString(): string {
    return `reply(${JSON.stringify(this.text)}, member ${this.member})`;
  }
}
