// Conversations: the list (published filters, order and paged list), a conversation's messages
// (published `sender` filter) and the replies of a team member on the conversation's channel,
// which become messages of the conversation and are delivered to the agent's webhooks.
import type { HandlerContext, HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { ConversationRecord, Member, Schemas } from '../../state/workspace.ts';
import { deliverOutbound } from '../agents/webhook-dispatch.ts';
import { findOr404 } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { type ConversationView, channelOfFilter, conversationView } from './conversation-view.ts';
import { conversationDetailHandlers } from './details.ts';
import { messagesOf } from './messages.ts';
import { reply } from './replies.ts';

type ReplyChannel = Schemas['ConversationReplyChannel'];
type ReplyBody = { text?: string; file?: Schemas['ConversationReplyFile'] };

/**
 * The member a reply is attributed to: the pipeline resolves it for operations that act for a
 * person. The fault `reply-ignores-user-email` attributes a workspace token's reply to the member
 * who created the token instead.
 */
function replying(ctx: HandlerContext): Member {
  const { actor, principal, ws } = ctx;
  if (!actor) throw errors.internal('A reply has no acting member.');
  if (ctx.faults.has('reply-ignores-user-email') && principal.kind === 'workspace-token') {
    return ws.members.find((m) => m.uuid === principal.token.created_by) ?? actor;
  }
  return actor;
}

/** A phone number without its optional leading `+` (the partial-match filter ignores it on both sides). */
const digits = (number: string) => number.replace(/^\+/, '');

function ordered(list: ConversationView[], by: 'created_at' | 'updated_at', dir: 'asc' | 'desc'): ConversationView[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => sign * (a[by].getTime() - b[by].getTime()) || a.uuid.localeCompare(b.uuid));
}

/** Messages of the published size default (25) when `per_page` is not sent. */
const MESSAGES_PER_PAGE = 25;

function conversationOn(list: ConversationRecord[], uuid: string, channel: 'instagram' | 'messenger', what: string): ConversationRecord {
  return findOr404(
    list.filter((c) => c.channel === channel),
    uuid,
    what,
  );
}

/**
 * A reply, then the agent's webhooks: conversation_update for the message, and conversation_status
 * when the reply reopened a Closed conversation.
 */
function replied(ctx: HandlerContext, conversation: ConversationRecord, channel: ReplyChannel, body: ReplyBody) {
  const { ws, now } = ctx;
  const wasClosed = conversation.status === 'Closed';
  const message = reply(ws, conversation, channel, body, replying(ctx), now, { listed: !ctx.faults.has('reply-not-in-messages'), smsFiles: ctx.faults.has('sms-reply-accepts-file'), base64Refused: ctx.faults.has('reply-base64-file-refused') });
  const response = ctx.faults.webhookResponses.get(ws.slug);
  deliverOutbound(ws, conversation, wasClosed, { uuid: message.uuid, channel, sender: 'Human' }, now, response);
  return { status: 201 as const, body: { success: true as const, message: 'Reply sent', data: message } };
}

export const conversationHandlers = {
  ...conversationDetailHandlers,

  listConversations: ({ ws, query, now }) => {
    const phone = query.phone === undefined ? undefined : digits(query.phone);
    const channel = query.channel === undefined ? undefined : channelOfFilter(query.channel);
    const matching = ws.conversations
      .filter(
        (c) =>
          (channel === undefined || c.channel === channel) &&
          (query.agent_uuid === undefined || c.agent_uuid === query.agent_uuid) &&
          (query.contact_uuid === undefined || c.contact_uuid === query.contact_uuid),
      )
      .map((c) => conversationView(ws, c, now))
      .filter((c) => query.status === undefined || c.status === query.status)
      .filter((c) => phone === undefined || (c.contact?.phone_number ? digits(c.contact.phone_number).includes(phone) : false));
    const list = pagedList(ordered(matching, query.sort_by ?? 'updated_at', query.sort_dir ?? 'desc'), query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Conversations retrieved successfully', data: list } };
  },

  listConversationMessages: ({ ws, path, query }) => {
    const conversation = findOr404(ws.conversations, path.uuid, 'Conversation');
    const oldestFirst = messagesOf(ws, conversation.uuid, conversation.channel).filter((m) => query.sender === undefined || m.sender === query.sender);
    const messages = query.sort_dir === 'desc' ? oldestFirst.reverse() : oldestFirst;
    return {
      status: 200,
      body: { success: true, message: 'Conversation messages retrieved successfully', data: pagedList(messages, query.page, query.per_page ?? MESSAGES_PER_PAGE) },
    };
  },

  replyToConversation: (ctx) => {
    const conversation = findOr404(ctx.ws.conversations, ctx.path.uuid, 'Conversation');
    const { channel } = conversation;
    if (channel === 'instagram' || channel === 'messenger') {
      const name = channel === 'instagram' ? 'Instagram' : 'Messenger';
      throw errors.conflict(
        `Use the ${name} reply endpoint`,
        `Conversation ${conversation.uuid} is a ${name} conversation; reply with POST /api/v1/${channel}/conversations/{uuid}/reply.`,
      );
    }
    if (channel === 'call') throw errors.conflict('A call cannot be answered with a message', `Conversation ${conversation.uuid} is a call conversation.`);
    return replied(ctx, conversation, channel, ctx.body);
  },

  replyToInstagramConversation: (ctx) => replied(ctx, conversationOn(ctx.ws.conversations, ctx.path.uuid, 'instagram', 'Instagram conversation'), 'instagram', ctx.body),

  replyToMessengerConversation: (ctx) => replied(ctx, conversationOn(ctx.ws.conversations, ctx.path.uuid, 'messenger', 'Messenger conversation'), 'messenger', ctx.body),
} satisfies HandlerGroup;

