// Webhook deliveries derived from state and the clock when the feed is read (published API:
// voice_evaluation, text_evaluation, intent_call, with the payload the n8n trigger reads, built by
// agents/webhook-payload.ts; seed "Evaluate"). Their moments come without a write: an evaluation
// is one the evaluations API serves (evaluations/derive.ts: a call that has ended on the clock, a
// messaging session whose customer is idle for the agent's `sessionization.timeout_minutes` or whose
// conversation is closed), an intent is a row of the action log. Each event whose moment has passed reaches every
// active webhook of the conversation's agent that subscribes to it and existed at that moment
// (created_at ≤ moment), evaluations only while evaluation is enabled for the agent. A derived
// delivery has a stable uuid (a v5-style hash of webhook, event and subject), the headers, signature
// and simulated response of a stored one, and is paced by its moment (the per-second limit orders
// stored deliveries only). Nothing is written: the same state and clock give the same rows.
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { deliveryRecord, type SimulatedResponse, type WebhookEvent } from '../agents/webhook-dispatch.ts';
import { derivedUuid, type SessionFacts, webhookPayload } from '../agents/webhook-payload.ts';
import { sessionEvaluations } from '../evaluations/derive.ts';
import type { WebhookDeliveryRecord } from './records.ts';

interface DerivedEvent {
  event: WebhookEvent;
  subject: string;
  agent_uuid: string;
  conversation: Pick<ConversationRecord, 'uuid' | 'agent_uuid' | 'contact_uuid' | 'channel'>;
  moment: number;
  /** The event's own facts, beside the published fields. */
  data: Record<string, unknown>;
  /** What an evaluation adds (the session, its call). */
  session?: SessionFacts;
}

function events(ws: WorkspaceState, now: number): DerivedEvent[] {
  const out: DerivedEvent[] = [];
  // The evaluations the evaluations API serves (evaluations/derive.ts), announced as they end.
  for (const e of sessionEvaluations(ws, new Date(now))) {
    const voice = e.session_type === 'voice';
    out.push({
      event: voice ? 'voice_evaluation' : 'text_evaluation',
      subject: e.subject,
      agent_uuid: e.agent_uuid,
      conversation: e.conversation,
      moment: e.created_at.getTime(),
      data: voice ? {} : { session_uuid: e.session_uuid, channel: e.conversation.channel, reason: e.reason },
      session: e.call ? { subject: e.subject, call: e.call } : { subject: e.subject },
    });
  }
  const calls = new Map<string, ConversationRecord>();
  for (const c of ws.conversations) if (c.channel === 'call') calls.set(c.uuid, c);
  for (const row of ws.action_logs) {
    if (row.type !== 'intent' || row.conversation_uuid === null) continue;
    const conversation = calls.get(row.conversation_uuid);
    const agentUuid = conversation?.agent_uuid ?? null;
    const moment = (row.completed_at ?? row.created_at).getTime();
    if (!conversation || agentUuid === null || moment > now) continue;
    out.push({
      event: 'intent_call',
      subject: row.uuid,
      agent_uuid: agentUuid,
      conversation,
      moment,
      data: { intent_uuid: row.uuid, name: row.name, status: row.status, arguments: row.request ?? null },
    });
  }
  return out;
}

/** The deliveries the events whose moment has passed make to the webhooks subscribed at that moment. */
export function derivedDeliveries(ws: WorkspaceState, now: Date, response: SimulatedResponse): WebhookDeliveryRecord[] {
  const hooks = ws.agent_webhooks.filter((w) => w.is_active);
  if (hooks.length === 0) return [];
  const rows: WebhookDeliveryRecord[] = [];
  for (const e of events(ws, now.getTime())) {
    for (const hook of hooks) {
      if (hook.agent_uuid !== e.agent_uuid || !(hook.events as string[]).includes(e.event) || hook.created_at.getTime() > e.moment) continue;
      const payload = webhookPayload(ws, e.event, e.conversation, new Date(e.moment), e.data, e.session);
      rows.push(deliveryRecord(hook, e.event, payload, e.moment, derivedUuid(hook.uuid, e.event, e.subject), response));
    }
  }
  return rows;
}
