// A team member's reply to a conversation (seed "Conversations, sessions and conversation
// replies"): the channel's rules, then the reply becomes a message of the conversation (sender
// `Human`), reopens it when it was Closed, and is answered with status `sending` (it skips the
// sending queue, seed "Limits").
import { errors } from '../../pipeline/api-error.ts';
import type { ConversationRecord, Member, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import { lastInboundAt, MEMBER_SENDER } from './messages.ts';
import { acceptsFile, type FileInfo, fileInfo, messageTypeOf } from './reply-file.ts';

type ReplyChannel = Schemas['ConversationReplyChannel'];
type ReplyBody = { text?: string; file?: Schemas['ConversationReplyFile'] };
export type ReplyMessage = Schemas['ConversationReplyMessage'];

const HOUR_MS = 3_600_000;

/** How long after the contact's last message a team member may still answer, per channel. */
const REPLY_WINDOW_MS: Partial<Record<ReplyChannel, number>> = { whatsapp: 24 * HOUR_MS, instagram: 7 * 24 * HOUR_MS, messenger: 7 * 24 * HOUR_MS };

/** The longest text per channel (the contract bounds every reply at 10000, Instagram 1000, Messenger 2000). */
const TEXT_LIMIT: Partial<Record<ReplyChannel, number>> = { sms: 1600, whatsapp: 4096 };

const LABELS: Record<ReplyChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email', instagram: 'Instagram', messenger: 'Messenger' };

function checkContent(channel: ReplyChannel, body: ReplyBody, file: FileInfo | null, faults: ReplyFaults): void {
  if (channel === 'sms' && body.file !== undefined && !faults.smsFiles) throw errors.validation('VALIDATION_ERROR', 'SMS is text only; a file cannot be sent.', 'file');
  if (faults.base64Refused && body.file !== undefined && 'content' in body.file) throw errors.validation('VALIDATION_ERROR', 'A file must be given by URL.', 'file');
  const limit = TEXT_LIMIT[channel];
  if (limit !== undefined && body.text !== undefined && body.text.length > limit) {
    throw errors.validation('VALIDATION_ERROR', `A ${LABELS[channel]} reply is at most ${limit} characters.`, 'text');
  }
  if (file && (channel === 'instagram' || channel === 'messenger') && !acceptsFile(channel, file)) {
    throw errors.validation('VALIDATION_ERROR', `${LABELS[channel]} does not accept files of type ${file.mime_type}.`, 'file');
  }
}

function checkWindow(ws: WorkspaceState, conversation: ConversationRecord, channel: ReplyChannel, now: Date): void {
  const window = REPLY_WINDOW_MS[channel];
  if (window === undefined) return;
  const last = lastInboundAt(ws, conversation.uuid);
  if (last !== undefined && now.getTime() - last.getTime() <= window) return;
  const hours = window / HOUR_MS;
  const span = hours >= 48 ? `${hours / 24} days` : `${hours} hours`;
  const instead = channel === 'whatsapp' ? '; send a WhatsApp template message instead' : '';
  throw errors.conflict('Reply window closed', `The contact's last ${LABELS[channel]} message is older than ${span}${instead}.`);
}

/** The contact's address on the conversation's channel. */
function addressOf(ws: WorkspaceState, conversation: ConversationRecord, channel: ReplyChannel): string {
  const contact = ws.contacts.find((c) => c.uuid === conversation.contact_uuid);
  const address = channel === 'email' ? contact?.email : channel === 'instagram' || channel === 'messenger' ? conversation.contact_channel_id : contact?.phone;
  if (!address) throw errors.conflict('No address to reply to', `The conversation's contact has no ${LABELS[channel]} address.`);
  return address;
}

/** The subject of an email reply: the thread's last subject, as a reply. */
function subjectOf(ws: WorkspaceState, conversation: ConversationRecord): string | null {
  const thread = ws.messages.filter((m) => m.conversation_uuid === conversation.uuid && m.subject !== null);
  const last = thread.reduce<(typeof thread)[number] | undefined>((a, m) => (!a || m.created_at.getTime() >= a.created_at.getTime() ? m : a), undefined);
  if (!last?.subject) return null;
  return /^re:/i.test(last.subject) ? last.subject : `Re: ${last.subject}`;
}

/** What faults change in a reply: `listed` false (reply-not-in-messages), `smsFiles` (sms-reply-accepts-file), `base64Refused` (reply-base64-file-refused). */
export interface ReplyFaults {
  /** The reply becomes a message of the conversation (false: answered but never stored). */
  listed: boolean;
  /** An SMS reply may carry a file. */
  smsFiles: boolean;
  /** A file given as base64 content is refused. */
  base64Refused?: boolean;
}

export function reply(ws: WorkspaceState, conversation: ConversationRecord, channel: ReplyChannel, body: ReplyBody, member: Member, now: Date, faults: ReplyFaults = { listed: true, smsFiles: false }): ReplyMessage {
  const recorded = faults.listed;
  const file = body.file === undefined ? null : fileInfo(body.file);
  checkContent(channel, body, file, faults);
  if (conversation.agent_uuid === null || conversation.contact_uuid === null) {
    throw errors.conflict('Conversation cannot be answered', 'The conversation has no agent or no contact to answer for.');
  }
  const to = addressOf(ws, conversation, channel);
  checkWindow(ws, conversation, channel, now);
  const message: ReplyMessage = {
    uuid: newUuid(),
    conversation_uuid: conversation.uuid,
    channel,
    direction: 'outbound',
    status: 'sending',
    to,
    subject: channel === 'email' ? subjectOf(ws, conversation) : null,
    text: body.text ?? null,
    file,
    sent_by: { user_email: member.email, name: member.name },
    failure_reason: null,
    sent_at: null,
    created_at: now,
    updated_at: now,
  };
  if (recorded) {
    ws.message_rows.push({
      message_uuid: message.uuid,
      conversation_uuid: conversation.uuid,
      session_uuid: conversation.session_uuid,
      contact_uuid: conversation.contact_uuid,
      agent_uuid: conversation.agent_uuid,
      channel,
      channel_label: LABELS[channel],
      direction: 'outbound',
      sender: MEMBER_SENDER,
      message_type: file ? messageTypeOf(file) : 'text',
      content: body.text ?? file?.filename ?? '',
      content_disclosure: 'raw',
      created_at: now,
    });
  }
  if (conversation.status === 'Closed') conversation.status = 'Active';
  return message;
}
