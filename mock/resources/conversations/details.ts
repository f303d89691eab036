// A conversation read by its uuid (the list's view, collection kit) and its sessions as a paged
// list, oldest first, filtered by status (sessions.ts). The fault `conversation-details-other-record`
// answers the workspace's first conversation whatever the path names; `sessions-split-ignored`
// answers a single session for the whole conversation.
import type { HandlerGroup } from '../../core/handler.ts';
import type { ConversationRecord } from '../../state/workspace.ts';
import { type Collection, collectionHandlers, findRecord } from '../shared/collection.ts';
import { pagedList } from '../shared/paging.ts';
import { type ConversationView, conversationView } from './conversation-view.ts';
import { sessionsOf } from './sessions.ts';

const conversations: Collection<ConversationRecord, ConversationView> = {
  noun: 'Conversation',
  records: (ws) => ws.conversations,
  view: (conversation, ctx) => {
    const shown = ctx.faults.has('conversation-details-other-record') ? (ctx.ws.conversations[0] ?? conversation) : conversation;
    return conversationView(ctx.ws, shown, ctx.now);
  },
  messages: { read: 'Conversation retrieved successfully' },
};

const derived = collectionHandlers(conversations, { read: 'getConversation' });

export const conversationDetailHandlers = {
  getConversation: derived.getConversation as NonNullable<HandlerGroup['getConversation']>,

  listConversationSessions: (ctx) => {
    const conversation = findRecord(conversations, ctx);
    const { query } = ctx;
    const sessions = sessionsOf(ctx.ws, conversation, ctx.now, !ctx.faults.has('sessions-split-ignored')).filter((s) => query.status === undefined || s.status === query.status);
    return { status: 200, body: { success: true, message: 'Sessions retrieved successfully', data: pagedList(sessions, query.page, query.per_page) } };
  },
} satisfies HandlerGroup;
