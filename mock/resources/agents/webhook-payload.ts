// The body of a webhook delivery, as the n8n trigger reads it (published: mihu-ai/n8n-nodes-mihu,
// MihuTrigger.node.ts): `{event, data}`. `data` carries the fields that apply to the event:
// - every event: conversation_uuid, agent_id, the contact's number (`number`,
//   `contact_info.phone_number`), its field values (`fields`) and the event's instant (`timestamp`);
// - evaluations and end reports: the session's evaluation (`session_evaluation_uuid`,
//   `session_type`, the transcript in `conversation`, `sentiment_analysis` as {value, confidence}
//   per metric, and `pipeline`, `pipeline_change`, `appointment`, null as the mock models none);
// - voice evaluations: the call (`call_id`, `duration`, `call_end_analysis`).
// Event-specific facts the trigger does not read (a status, a message uuid) follow in `data` too.
// Scores are derived from the subject, so the same state gives the same payload.
import { sha1, toHex } from '../../platform/crypto.ts';
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';

type Event = Schemas['AgentWebhookEvent'];
type Score = Schemas['AgentWebhookScore'];

/** A v5-style uuid (SHA-1 of the name, version and variant bits set). */
export function derivedUuid(...parts: string[]): string {
  const b = sha1(parts.join('|')).subarray(0, 16);
  b[6] = ((b[6] as number) & 0x0f) | 0x50;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A deterministic number in [0, n) for a subject and a purpose. */
function pick(subject: string, purpose: string, n: number): number {
  const h = sha1(`${purpose}|${subject}`);
  return new DataView(h.buffer, h.byteOffset, h.byteLength).getUint32(0) % n;
}

function score(subject: string, metric: string, value: unknown): Score {
  return { value, confidence: (60 + pick(subject, `${metric}-confidence`, 40)) / 100 };
}

const SENTIMENTS = ['Positive', 'Neutral', 'Negative'] as const;
const EMOTIONS = ['calm', 'happy', 'frustrated', 'confused'] as const;

function sentimentAnalysis(subject: string): Record<string, Score> {
  return {
    sentiment: score(subject, 'sentiment', SENTIMENTS[pick(subject, 'sentiment', SENTIMENTS.length)]),
    emotion: score(subject, 'emotion', EMOTIONS[pick(subject, 'emotion', EMOTIONS.length)]),
    intent: score(subject, 'intent', 'general_enquiry'),
    intent_labels: score(subject, 'intent_labels', ['general_enquiry']),
    satisfaction: score(subject, 'satisfaction', 1 + pick(subject, 'satisfaction', 5)),
    success: score(subject, 'success', pick(subject, 'success', 4) > 0),
    human_escalation: score(subject, 'human_escalation', pick(subject, 'human_escalation', 5) === 0),
    knowledge_gap: score(subject, 'knowledge_gap', []),
  };
}

/** The conversation's messages up to `at`, oldest first, as `{role, text, timestamp}` (at most 50). */
function transcript(ws: WorkspaceState, conversationUuid: string, at: number): Array<{ role: string; text: string; timestamp: Date }> {
  return ws.message_rows
    .filter((r) => r.conversation_uuid === conversationUuid && r.created_at.getTime() <= at)
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .slice(-50)
    .map((r) => ({ role: r.sender, text: r.content, timestamp: r.created_at }));
}

/** What an evaluation or end report adds: the session's evaluation, keyed by `subject`. */
export interface SessionFacts {
  subject: string;
  /** A voice session's call. */
  call?: { uuid: string; duration_seconds: number | null; end_reason: string | null };
}

/**
 * The payload of `event` about `conversation` at `at`. `session` adds the session's evaluation
 * (evaluations and end reports); `extra` the event's own facts.
 */
export function webhookPayload(
  ws: WorkspaceState,
  event: Event,
  conversation: Pick<ConversationRecord, 'uuid' | 'agent_uuid' | 'contact_uuid' | 'channel'>,
  at: Date,
  extra: Record<string, unknown>,
  session?: SessionFacts,
): { event: Event; data: Record<string, unknown> } {
  const contact = conversation.contact_uuid === null ? undefined : ws.contacts.find((c) => c.uuid === conversation.contact_uuid);
  const phone = contact?.phone ?? null;
  const data: Record<string, unknown> = {
    conversation_uuid: conversation.uuid,
    agent_id: conversation.agent_uuid,
    number: phone,
    contact_info: { phone_number: phone },
  };
  if (session) {
    if (session.call) {
      data.call_id = session.call.uuid;
      data.duration = session.call.duration_seconds;
      data.call_end_analysis = { end_reason: session.call.end_reason };
    }
    data.session_evaluation_uuid = derivedUuid('session-evaluation', session.subject);
    data.session_type = conversation.channel === 'call' ? 'voice' : 'text';
    data.conversation = transcript(ws, conversation.uuid, at.getTime());
    data.sentiment_analysis = sentimentAnalysis(session.subject);
    data.pipeline = null;
    data.pipeline_change = null;
    data.appointment = null;
  }
  Object.assign(data, extra);
  data.timestamp = at;
  data.fields = contact ? { name: contact.name, phone: contact.phone, email: contact.email } : {};
  return { event, data };
}
