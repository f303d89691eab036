// The events of the seed's "Events" section the suite can observe: rule 1, "Outbound webhook
// deliveries to registered endpoints exist. Each delivery is recorded in the webhooks log feed
// with event, destination, status, payload, headers and response", and rule 2, "Inbound email and
// inbound channel messages become conversations automatically" (observable only when the target is
// the mock: its control API sends the inbound message, as a real sender would).
import type { RuleCheck } from '../../record/rule.ts';

export const WEBHOOK_DELIVERY_LOGGED: RuleCheck = {
  name: 'webhook-delivery-logged',
  rule: 'seed "Events" rule 1: a delivery to a registered webhook is recorded in the webhooks log feed with event, destination, status, payload, headers and response',
};
export const WEBHOOK_PAYLOAD_PUBLISHED: RuleCheck = {
  name: 'webhook-payload-published',
  rule: 'published API (the n8n trigger, MihuTrigger.node.ts): a delivery\u2019s payload is {event, data} with the conversation (data.conversation_uuid), the agent (data.agent_id) and the event\u2019s instant (data.timestamp)',
};
export const INBOUND_CONVERSATION: RuleCheck = {
  name: 'inbound-becomes-conversation',
  rule: 'seed "Events" rule 2: an inbound email or channel message becomes a conversation automatically (listed, with the message among its messages, inbound)',
};

/** The fields the seed gives a logged delivery. */
export const DELIVERY_FIELDS = ['event', 'destination', 'status', 'payload', 'headers', 'response'] as const;

export interface DeliveryView {
  event: string;
  destination: string;
  status: string;
  payload: unknown;
  headers: unknown;
  response: unknown;
}

/** What is missing from a logged delivery: a field the seed names that is absent, or headers that are not an object. */
export function deliveryProblems(delivery: Readonly<Record<string, unknown>>): string[] {
  const problems = DELIVERY_FIELDS.filter((f) => !(f in delivery)).map((f) => `no ${f}`);
  if ('headers' in delivery && (typeof delivery.headers !== 'object' || delivery.headers === null)) problems.push(`headers ${JSON.stringify(delivery.headers)}, not an object`);
  if (typeof delivery.event === 'string' && delivery.event === '') problems.push('an empty event');
  return problems;
}

/** What the published payload `{event, data}` of a delivery about `conversation` and `agent` lacks. */
export function payloadProblems(payload: unknown, event: string, conversation: string, agent: string): string[] {
  if (typeof payload !== 'object' || payload === null) return [`a payload ${JSON.stringify(payload)}, not an object`];
  const { event: named, data } = payload as { event?: unknown; data?: unknown };
  const problems: string[] = [];
  if (named !== event) problems.push(`event ${JSON.stringify(named)}, not ${event}`);
  if (typeof data !== 'object' || data === null) return [...problems, 'no data object'];
  const fields = data as Record<string, unknown>;
  if (fields.conversation_uuid !== conversation) problems.push(`data.conversation_uuid ${JSON.stringify(fields.conversation_uuid)}, not ${conversation}`);
  if (fields.agent_id !== agent) problems.push(`data.agent_id ${JSON.stringify(fields.agent_id)}, not ${agent}`);
  if (typeof fields.timestamp !== 'string') problems.push('no data.timestamp');
  return problems;
}
