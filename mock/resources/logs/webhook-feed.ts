// The webhooks feed (seed "Logs are read-only feeds" > Webhooks; "Events" rule 1: outbound
// deliveries with event, destination, status, payload, headers and response; secrets masked,
// "Authentication" rule 8): the deliveries the workspace keeps, newest first, filtered by event
// kind, status and date range, as the published paged list. Secret headers (the signature) and
// secret payload fields read `***`. A delivery queued past the clock (agents/webhook-dispatch.ts:
// 100 events per second per workspace) reads pending, without a response. Evaluations and intents
// are derived from state and the clock when read (derived-deliveries.ts) and merged in.
import type { Handler } from '../../core/handler.ts';
import type { Schemas } from '../../state/workspace.ts';
import { DEFAULT_PER_PAGE, pagedList } from '../shared/paging.ts';
import { feedRange, inRange, newestFirst } from './bounds.ts';
import { maskedJson, maskSecrets, maskUrlSecrets } from './mask.ts';
import type { WebhookDeliveryRecord } from './records.ts';
import { settledDelivery } from '../agents/webhook-dispatch.ts';
import { derivedDeliveries } from './derived-deliveries.ts';
import { transcriptionCallbacks } from '../transcriptions/callback.ts';
import { subscriptionDeliveries } from '../webhooks/deliveries.ts';

/** A delivery as the feed shows it; `urls` false leaves URL query credentials in clear (the fault feed-url-tokens-unmasked). */
function view(row: WebhookDeliveryRecord, urls: boolean): Schemas['LogsWebhookDelivery'] {
  const response = row.response && { ...row.response, headers: maskSecrets(row.response.headers) as Record<string, string> };
  const destination = urls ? maskUrlSecrets(row.destination) : row.destination;
  return { ...row, destination, headers: maskSecrets(row.headers) as Record<string, string>, payload: maskedJson(row.payload, urls), response };
}

/** The fault webhook-payload-flat: the payload's `data` fields moved beside `event`. */
function flattened(row: WebhookDeliveryRecord): WebhookDeliveryRecord {
  const payload = row.payload as { event?: unknown; data?: unknown } | null;
  if (typeof payload !== 'object' || payload === null || typeof payload.data !== 'object' || payload.data === null) return row;
  return { ...row, payload: { event: payload.event, ...(payload.data as Record<string, unknown>) } as unknown as WebhookDeliveryRecord['payload'] };
}

export const listWebhookDeliveryLogs: Handler<'listWebhookDeliveryLogs'> = ({ ws, query, zone, now, faults }) => {
  const range = feedRange(query, zone);
  // The fault webhook-deliveries-unlogged leaves the deliveries made on state changes out of the feed.
  const stored = faults.has('webhook-deliveries-unlogged') ? [] : ws.webhook_deliveries.map((r) => settledDelivery(r, now));
  const response = faults.webhookResponses.get(ws.slug);
  const derived = [...derivedDeliveries(ws, now, response), ...transcriptionCallbacks(ws, now, response, faults), ...subscriptionDeliveries(ws, now, response, faults)];
  const all = faults.has('webhook-payload-flat') ? [...stored, ...derived].map(flattened) : [...stored, ...derived];
  const rows = all.filter(
    (r) => (query.event === undefined || r.event === query.event) && (query.status === undefined || r.status === query.status) && inRange(r.created_at, range),
  );
  rows.sort(newestFirst);
  const page = pagedList(rows, query.page, query.per_page ?? DEFAULT_PER_PAGE);
  return { status: 200, body: { success: true, message: 'Webhook logs retrieved', data: { ...page, data: faults.has('feed-secrets-unmasked') ? page.data : page.data.map((row) => view(row, !faults.has('feed-url-tokens-unmasked'))) } } };
};
