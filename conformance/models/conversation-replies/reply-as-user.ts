// POST /api/v1/conversations/{uuid}/reply with the per-user token and no user_email (seed
// "Authentication" rule 7: "with a per-user token the action is attributed to the token's user").
// An accepted reply joins the model and must be attributed to the token's member (when the target
// names it, user_token_email; otherwise to some member). A token without the permission is not judged.
import { notApplicable } from '../../record/rule.ts';
import { suite } from '../../suite/context.ts';
import { stringOf } from '../answer-fields.ts';
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { requireAttributedTo } from './acting-member.ts';
import { checkRepliesListed } from './messages.ts';
import { type ConversationRepliesModel, REPLY_ACTING_MEMBER, REPLY_IN_MESSAGES } from './model.ts';

export class ReplyAsUserCommand extends ModelCommand<ConversationRepliesModel> {
  readonly text: string;
  protected override invariant = checkRepliesListed;

  constructor(text: string) {
    super();
    this.text = text;
  }

  check(): boolean {
    return suite().target.userToken !== undefined;
  }

  protected async act(model: ConversationRepliesModel, real: Real): Promise<void> {
    const { target } = suite();
    const op = real.client.op('replyToConversation');
    const answer = await real.client.send({ op, token: target.userToken ?? null, pathParams: { uuid: model.conversationUuid }, json: { text: this.text } });
    if (answer.response?.status === 403) return notApplicable(REPLY_ACTING_MEMBER, op.operationId, 'the per-user token may not reply (403), so attribution to its user is not observed');
    const uuid = expectResource(REPLY_IN_MESSAGES, op, answer, stringOf(op, answer, 'uuid'), 'a reply with the per-user token', 201);
    if (uuid === undefined) return;
    model.replies.push({ uuid, text: this.text });
    requireAttributedTo(op, answer, target.data.user_token_email, 'a reply sent with the per-user token');
  }

  toString(): string {
    return `replyAsUser(${JSON.stringify(this.text)})`;
  }
}
