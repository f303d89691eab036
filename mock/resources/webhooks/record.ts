// A workspace webhook subscription (published by the n8n trigger: a target URL and an event). An
// unsubscribed record stays with `removed_at` set, so the deliveries derived for the evaluations that
// completed while it was subscribed stay in the webhooks log feed.
export interface WebhookSubscriptionRecord {
  uuid: string;
  target_url: string;
  event: 'voice_evaluation' | 'text_evaluation';
  created_at: Date;
  /** When the target was unsubscribed (null: still subscribed). */
  removed_at: Date | null;
}
