// Conversations: the list (published filters, order and paged list), a conversation's messages
// (published `sender` filter) and the replies of a team member on the conversation's channel,
// which become messages of the conversation.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { ConversationRecord, Member } from '../../state/workspace.ts';
import { findOr404 } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { type ConversationView, conversationView } from './conversation-view.ts';
import { messagesOf } from './messages.ts';
import { reply } from './replies.ts';

/** The member a reply is attributed to: the pipeline resolves it for operations that act for a person. */
function replying(actor: Member | undefined): Member {
  if (!actor) throw errors.internal('A reply has no acting member.');
  return actor;
}

/** Phone numbers compared without their optional leading `+`. */
const digits = (number: string) => number.replace(/^\+/, '');

function ordered(list: ConversationView[], by: 'created_at' | 'updated_at', dir: 'asc' | 'desc'): ConversationView[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => sign * (a[by].getTime() - b[by].getTime()) || a.uuid.localeCompare(b.uuid));
}

function conversationOn(list: ConversationRecord[], uuid: string, channel: 'instagram' | 'messenger', what: string): ConversationRecord {
  return findOr404(
    list.filter((c) => c.channel === channel),
    uuid,
    what,
  );
}

function created(message: ReturnType<typeof reply>) {
  return { status: 201 as const, body: { success: true as const, message: 'Reply sent', data: message } };
}

export const conversationHandlers = {
  listConversations: ({ ws, query, now }) => {
    const phone = query.phone === undefined ? undefined : digits(query.phone);
    const matching = ws.conversations
      .filter((c) => (query.channel === undefined || c.channel === query.channel) && (query.agent_uuid === undefined || c.agent_uuid === query.agent_uuid))
      .map((c) => conversationView(ws, c, now))
      .filter((c) => query.status === undefined || c.status === query.status)
      .filter((c) => phone === undefined || (c.contact?.phone ? digits(c.contact.phone) === phone : false));
    const list = pagedList(ordered(matching, query.sort_by ?? 'updated_at', query.sort_dir ?? 'desc'), query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Conversations retrieved', data: list } };
  },

  listConversationMessages: ({ ws, path, query }) => {
    const conversation = findOr404(ws.conversations, path.uuid, 'Conversation');
    const messages = messagesOf(ws, conversation.uuid, conversation.channel).filter((m) => query.sender === undefined || m.sender === query.sender);
    return { status: 200, body: { success: true, message: 'Conversation messages retrieved', data: pagedList(messages, query.page, query.per_page) } };
  },

  replyToConversation: ({ ws, path, body, actor, now }) => {
    const conversation = findOr404(ws.conversations, path.uuid, 'Conversation');
    const { channel } = conversation;
    if (channel === 'instagram' || channel === 'messenger') {
      const name = channel === 'instagram' ? 'Instagram' : 'Messenger';
      throw errors.conflict(
        `Use the ${name} reply endpoint`,
        `Conversation ${conversation.uuid} is a ${name} conversation; reply with POST /api/v1/${channel}/conversations/{uuid}/reply.`,
      );
    }
    if (channel === 'call') throw errors.conflict('A call cannot be answered with a message', `Conversation ${conversation.uuid} is a call conversation.`);
    return created(reply(ws, conversation, channel, body, replying(actor), now));
  },

  replyToInstagramConversation: ({ ws, path, body, actor, now }) =>
    created(reply(ws, conversationOn(ws.conversations, path.uuid, 'instagram', 'Instagram conversation'), 'instagram', body, replying(actor), now)),

  replyToMessengerConversation: ({ ws, path, body, actor, now }) =>
    created(reply(ws, conversationOn(ws.conversations, path.uuid, 'messenger', 'Messenger conversation'), 'messenger', body, replying(actor), now)),
} satisfies HandlerGroup;

