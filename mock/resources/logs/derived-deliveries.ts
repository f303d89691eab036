// Webhook deliveries derived from state and the clock when the feed is read (published API:
// voice_evaluation, text_evaluation, intent_call, with the payload the n8n trigger reads, built by
// agents/webhook-payload.ts; seed "Evaluate"). Their moments come without a write: a call ends on
// the clock (calls/call-state.ts), a messaging session is evaluated
// once its customer is idle for the agent's `sessionization.timeout_minutes` or the conversation is
// closed, an intent is a row of the action log. Each event whose moment has passed reaches every
// active webhook of the conversation's agent that subscribes to it and existed at that moment
// (created_at ≤ moment), evaluations only while evaluation is enabled for the agent. A derived
// delivery has a stable uuid (a v5-style hash of webhook, event and subject), the headers, signature
// and simulated response of a stored one, and is paced by its moment (the per-second limit orders
// stored deliveries only). Nothing is written: the same state and clock give the same rows.
import type { ConversationRecord, WorkspaceState } from '../../state/workspace.ts';
import { deliveryRecord, type SimulatedResponse, type WebhookEvent } from '../agents/webhook-dispatch.ts';
import { derivedUuid, type SessionFacts, webhookPayload } from '../agents/webhook-payload.ts';
import { settleCall } from '../calls/call-state.ts';
import { effectiveValues } from '../evaluate/settings.ts';
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

function evaluationEnabled(ws: WorkspaceState, agentUuid: string): boolean {
  return effectiveValues(ws, agentUuid).is_active;
}

function events(ws: WorkspaceState, now: number): DerivedEvent[] {
  const out: DerivedEvent[] = [];
  const nowDate = new Date(now);
  for (const stored of ws.calls) {
    if (stored.agent_uuid === null) continue;
    // settleCall assigns to the object it gets: settle a copy, the state stays as it is.
    const call = settleCall(ws, { ...stored }, nowDate);
    if (call.status !== 'ended' || !call.ended_at || call.ended_at.getTime() > now || !evaluationEnabled(ws, stored.agent_uuid)) continue;
    const conversation = ws.conversations.find((c) => c.uuid === call.conversation_uuid);
    out.push({
      event: 'voice_evaluation',
      subject: call.uuid,
      agent_uuid: stored.agent_uuid,
      conversation: { uuid: call.conversation_uuid, agent_uuid: stored.agent_uuid, contact_uuid: conversation?.contact_uuid ?? null, channel: 'call' },
      moment: call.ended_at.getTime(),
      data: {},
      session: { subject: call.uuid, call: { uuid: call.uuid, duration_seconds: call.duration_seconds, end_reason: call.end_reason } },
    });
  }
  const times = new Map<string, number[]>();
  for (const row of ws.message_rows) {
    const list = times.get(row.conversation_uuid) ?? [];
    list.push(row.created_at.getTime());
    times.set(row.conversation_uuid, list);
  }
  for (const c of ws.conversations) {
    if (c.channel === 'call' || c.agent_uuid === null || !evaluationEnabled(ws, c.agent_uuid)) continue;
    const timeout = effectiveValues(ws, c.agent_uuid).sessionization.timeout_minutes * 60_000;
    const sorted = (times.get(c.uuid) ?? [c.created_at.getTime()]).sort((a, b) => a - b);
    // Each idle gap of the timeout ends a session; the last one ends idle, or with the conversation closed.
    sorted.forEach((lastAt, i) => {
      const next = sorted[i + 1];
      if (next !== undefined && next - lastAt < timeout) return;
      const closed = next === undefined && c.status === 'Closed';
      const moment = closed ? lastAt : lastAt + timeout;
      if (moment > now || c.agent_uuid === null) return;
      out.push({
        event: 'text_evaluation',
        subject: `${c.uuid}|${lastAt}`,
        agent_uuid: c.agent_uuid,
        conversation: c,
        moment,
        data: { session_uuid: c.session_uuid, channel: c.channel, reason: closed ? 'closed' : 'idle_timeout' },
        session: { subject: `${c.uuid}|${lastAt}` },
      });
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
