// A conversation's messages are its rows of the message record (the rows the analytics export
// reads, seed "Analytics message row"), oldest first. The published `sender` values: the
// contact's messages are `Contact`, a team member's replies `Human`, and everything the agent
// sends, itself or in its name through the send operations, `AI`.
import type { MessageRow, Schemas, WorkspaceState } from '../../state/workspace.ts';

export type ConversationMessage = Schemas['ConversationMessage'];
export type Sender = Schemas['ConversationMessageSender'];

/** The `sender` a reply by a team member is recorded with. */
export const MEMBER_SENDER = 'member';

export function senderOf(row: MessageRow): Sender {
  if (row.sender === 'contact') return 'Contact';
  if (row.sender === MEMBER_SENDER) return 'Human';
  return 'AI';
}

function messageView(row: MessageRow, channel: Schemas['ConversationChannel']): ConversationMessage {
  return {
    uuid: row.message_uuid,
    conversation_uuid: row.conversation_uuid,
    channel,
    direction: row.direction === 'inbound' ? 'inbound' : 'outbound',
    sender: senderOf(row),
    message_type: row.message_type,
    content: row.content,
    created_at: row.created_at,
  };
}

/** The conversation's messages, oldest first (ties in the order they were recorded). */
export function messagesOf(ws: WorkspaceState, conversationUuid: string, channel: Schemas['ConversationChannel']): ConversationMessage[] {
  return ws.message_rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.conversation_uuid === conversationUuid)
    .sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime() || a.index - b.index)
    .map(({ row }) => messageView(row, channel));
}

/** When the contact last wrote in the conversation, if ever. */
export function lastInboundAt(ws: WorkspaceState, conversationUuid: string): Date | undefined {
  let latest: number | undefined;
  for (const row of ws.message_rows) {
    if (row.conversation_uuid === conversationUuid && row.direction === 'inbound') latest = Math.max(latest ?? 0, row.created_at.getTime());
  }
  return latest === undefined ? undefined : new Date(latest);
}
