// Workspace webhook subscriptions (published by the n8n trigger: subscribe `targetUrl` to `event`,
// unsubscribe `targetUrl`), and the inferred list. Subscribing the same target to the same event
// again answers 200 with the existing subscription; unsubscribing a target without any answers 404.
// An unsubscribed record keeps `removed_at` (deliveries.ts reads it) and is no longer listed.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { collectionHandlers } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';
import type { WebhookSubscriptionRecord } from './record.ts';

function view(record: WebhookSubscriptionRecord): { uuid: string; target_url: string; event: WebhookSubscriptionRecord['event']; created_at: Date } {
  const { uuid, target_url, event, created_at } = record;
  return { uuid, target_url, event, created_at };
}

const active = (ws: WorkspaceState): WebhookSubscriptionRecord[] => ws.webhook_subscriptions.filter((s) => s.removed_at === null);

const subscriptions = collectionHandlers(
  {
    noun: 'Webhook subscription',
    records: active,
    view,
    filters: { event: (record, value: string) => record.event === value },
    messages: { list: 'Webhook subscriptions retrieved' },
  },
  { list: 'listWebhookSubscriptions' },
);

export const webhookSubscriptionHandlers = {
  ...subscriptions,

  subscribeWebhook: ({ ws, body, now }) => {
    const existing = active(ws).find((s) => s.target_url === body.targetUrl && s.event === body.event);
    if (existing) return { status: 200, body: { success: true, message: 'Webhook already subscribed', data: view(existing) } };
    const record: WebhookSubscriptionRecord = { uuid: newUuid(), target_url: body.targetUrl, event: body.event, created_at: now, removed_at: null };
    ws.webhook_subscriptions.push(record);
    return { status: 201, body: { success: true, message: 'Webhook subscribed', data: view(record) } };
  },

  unsubscribeWebhook: ({ ws, body, now }) => {
    const removed = active(ws).filter((s) => s.target_url === body.targetUrl);
    if (removed.length === 0) throw errors.notFound('Webhook subscription');
    for (const s of removed) s.removed_at = now;
    return { status: 200, body: { success: true, message: 'Webhook unsubscribed', data: { target_url: body.targetUrl, removed: removed.map(view) } } };
  },
} satisfies HandlerGroup;
