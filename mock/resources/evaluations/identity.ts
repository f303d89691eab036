// Stable identifiers of derived records: a v5-style uuid from a name, so the same state always
// gives the same uuid (derived webhook deliveries, session evaluations), and the subjects that
// name evaluated sessions.
import { sha1, toHex } from '../../platform/crypto.ts';
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';

/** A v5-style uuid (SHA-1 of the name, version and variant bits set). */
export function derivedUuid(...parts: string[]): string {
  const b = sha1(parts.join('|')).subarray(0, 16);
  b[6] = ((b[6] as number) & 0x0f) | 0x50;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The uuid of the evaluation of the session `subject`. */
export function evaluationUuid(subject: string): string {
  return derivedUuid('session-evaluation', subject);
}

/** The subject of a text session that ends with the message at `lastAt` (ms). */
export function textSessionSubject(conversationUuid: string, lastAt: number): string {
  return `${conversationUuid}|${lastAt}`;
}

/** The subject of a conversation's latest text session: the one its closing ends. */
export function closingSessionSubject(ws: WorkspaceState, conversation: Pick<ConversationRecord, 'uuid' | 'created_at'>): string {
  let last = -Infinity;
  for (const row of ws.message_rows) if (row.conversation_uuid === conversation.uuid) last = Math.max(last, row.created_at.getTime());
  return textSessionSubject(conversation.uuid, Number.isFinite(last) ? last : conversation.created_at.getTime());
}
