// The body of a webhook delivery, as the n8n trigger reads it (published: mihu-ai/n8n-nodes-mihu,
// MihuTrigger.node.ts): `{event, data}`. `data` carries the fields that apply to the event:
// - every event: conversation_uuid, agent_id, the contact's number (`number`,
//   `contact_info.phone_number`), its field values (`fields`) and the event's instant (`timestamp`);
// - evaluations and end reports: the session's evaluation (`session_evaluation_uuid`,
//   `session_type`, the transcript in `conversation`, `sentiment_analysis` as {value, confidence}
//   per metric, and `pipeline`, `pipeline_change`, `appointment`, null as the mock models none);
// - voice evaluations: the call (`call_id`, `duration`, `call_end_analysis`).
// Event-specific facts the trigger does not read (a status, a message uuid) follow in `data` too.
// The evaluation (its uuid and scores) is the one the evaluations API serves for the same session
// subject (evaluations/derive.ts, evaluations/metrics.ts), so the same state gives the same payload.
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { evaluationUuid } from '../evaluations/identity.ts';
import { webhookScores } from '../evaluations/metrics.ts';

export { derivedUuid } from '../evaluations/identity.ts';

type Event = Schemas['AgentWebhookEvent'];

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
    data.session_evaluation_uuid = evaluationUuid(session.subject);
    data.session_type = conversation.channel === 'call' ? 'voice' : 'text';
    data.conversation = transcript(ws, conversation.uuid, at.getTime());
    data.sentiment_analysis = webhookScores(session.subject);
    data.pipeline = null;
    data.pipeline_change = null;
    data.appointment = null;
  }
  Object.assign(data, extra);
  data.timestamp = at;
  data.fields = contact ? { name: contact.name, phone: contact.phone, email: contact.email } : {};
  return { event, data };
}
