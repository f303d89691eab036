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

export const REPLY_SMS_TEXT_ONLY: RuleCheck = {
  name: 'sms-reply-text-only',
  rule: 'seed "Conversations, sessions and conversation replies": files are given as a public URL or base64 content; SMS is text only, so a reply with a file on an SMS conversation is refused',
};
export const REPLY_ACTING_MEMBER: RuleCheck = {
  name: 'reply-acting-member',
  rule: 'seed "Authentication" rule 7 and "Conversations": with a workspace token a reply is attributed to the member named in user_email; with a per-user token, to the token\'s user (the reply\'s sent_by)',
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
  /** Members the suite may reply as with the workspace token (member_email, and the per-user token's member when known). */
  readonly emails: readonly string[];
  replies: ReplyRecord[] = [];

  constructor(conversationUuid: string, emails: readonly string[]) {
    this.conversationUuid = conversationUuid;
    this.emails = emails;
  }

  /** The member at `index`, wrapping around. */
  email(index: number): string {
    return this.emails[index % this.emails.length] as string;
  }
}
