// The model of the replies the suite sends to one conversation (seed "What the service does":
// conversations and conversation replies; published API "Conversations": a conversation's
// messages). A team member's reply is a message of the conversation: the conversation's messages
// list it, outbound, from a Human, with the text sent (inferred: the seed names replies and the
// messages list, not the link between them). The model keeps the replies the service accepted.
import type { RuleCheck } from '../../record/rule.ts';

export const REPLY_IN_MESSAGES: RuleCheck = {
  name: 'reply-in-messages',
  rule: 'seed "Conversations, sessions and conversation replies"; published API "Conversations": a reply accepted on a conversation is listed among its messages (outbound, sender Human, the text sent)',
};

export interface ReplyRecord {
  uuid: string;
  text: string;
}

export interface MessageView {
  uuid: string;
  direction: string;
  sender: string;
  content: string | null;
}

export class ConversationRepliesModel {
  readonly conversationUuid: string;
  readonly email: string;
  replies: ReplyRecord[] = [];

  constructor(conversationUuid: string, email: string) {
    this.conversationUuid = conversationUuid;
    this.email = email;
  }
}
