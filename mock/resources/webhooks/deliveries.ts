// Deliveries to workspace webhook subscriptions, derived when the webhooks log feed is read: each
// evaluation the evaluations API serves (evaluations/derive.ts) whose instant falls while a
// subscription of its event existed (created_at ≤ instant ≤ removed_at) is delivered to the
// subscription's target as `{event, data}` with the fields the n8n trigger reads (agents/webhook-
// payload.ts). The mock never calls out: the destination's response is the simulated one. The fault
// `webhook-subscription-not-delivered` leaves these deliveries out.
import type { FaultPlan } from '../../pipeline/faults.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { deliveryRecord, type SimulatedResponse } from '../agents/webhook-dispatch.ts';
import { derivedUuid, webhookPayload } from '../agents/webhook-payload.ts';
import { sessionEvaluations } from '../evaluations/derive.ts';
import type { WebhookDeliveryRecord } from '../logs/records.ts';

export function subscriptionDeliveries(ws: WorkspaceState, now: Date, response: SimulatedResponse, faults: FaultPlan): WebhookDeliveryRecord[] {
  if (faults.has('webhook-subscription-not-delivered') || ws.webhook_subscriptions.length === 0) return [];
  const rows: WebhookDeliveryRecord[] = [];
  for (const e of sessionEvaluations(ws, now)) {
    const event = e.session_type === 'voice' ? 'voice_evaluation' : 'text_evaluation';
    const moment = e.created_at.getTime();
    for (const sub of ws.webhook_subscriptions) {
      if (sub.event !== event || sub.created_at.getTime() > moment || (sub.removed_at !== null && sub.removed_at.getTime() < moment)) continue;
      const data = event === 'voice_evaluation' ? {} : { session_uuid: e.session_uuid, channel: e.conversation.channel, reason: e.reason };
      const session = e.call ? { subject: e.subject, call: e.call } : { subject: e.subject };
      const payload = webhookPayload(ws, event, e.conversation, e.created_at, data, session);
      // The destination is the subscription's target, not an agent webhook: deliveryRecord reads only its url and (absent) secret.
      const destination = { url: sub.target_url, secret_key: null } as unknown as WorkspaceState['agent_webhooks'][number];
      rows.push(deliveryRecord(destination, event, payload, moment, derivedUuid(sub.uuid, event, e.subject), response));
    }
  }
  return rows;
}
