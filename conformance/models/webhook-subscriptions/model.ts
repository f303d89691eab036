// Workspace webhook subscriptions as the suite certifies them (published by the n8n trigger:
// subscribe and unsubscribe a target URL; the list, the answers and the rules are designed).
import type { RuleCheck } from '../../record/rule.ts';

export const WEBHOOK_SUBSCRIPTION_LIFECYCLE: RuleCheck = {
  name: 'webhook-subscription-lifecycle',
  rule: 'contract: subscribing a target to an event is listed; the same target and event again answers the same subscription; unsubscribing removes it, and unsubscribing an unknown target is 404',
};

export const WEBHOOK_SUBSCRIPTION_DELIVERED: RuleCheck = {
  name: 'webhook-subscription-delivered',
  rule: 'n8n trigger (published): a text evaluation that completes while a target is subscribed to text_evaluation is delivered to it as {event, data} with the evaluated conversation, recorded in the webhooks log feed',
};
