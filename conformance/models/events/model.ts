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
