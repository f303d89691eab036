// Deliveries of agent webhooks when state changes (seed "Events" rule 1; published API: the event
// kinds, and the payload `{event, data}` the n8n trigger reads, built by webhook-payload.ts). When a
// conversation changes, every active webhook of its agent that subscribes to the event gets one
// delivery, recorded in the webhooks feed (logs/webhook-feed.ts) with the event, destination,
// headers (a signature header when the webhook has a secret; the feed masks it), payload and the
// destination's response. The mock never calls out: the response is
// simulated, 200 unless the control API planned another (PUT /__mock/webhooks/response).
// Pace (seed "Limits": 100 webhook events per second per workspace): past 100 deliveries in one
// second, a delivery is queued into the next second with room; until the clock reaches its instant
// it reads `pending`, without a response.
import { hmacSha256Hex } from '../../platform/crypto.ts';
import type { ConversationRecord, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { closingSessionSubject } from '../evaluations/identity.ts';
import { newUuid } from '../shared/lookup.ts';
import { webhookPayload } from './webhook-payload.ts';

export type WebhookEvent = Schemas['LogsWebhookEvent'];

/** Webhook events per second per workspace (seed "Limits"). */
export const WEBHOOK_EVENTS_PER_SECOND = 100;
export const SIGNATURE_HEADER = 'X-Webhook-Signature';
const USER_AGENT = 'AgentPlatform-Webhooks/1.0';
/** Simulated time the destination takes to answer. */
const SIMULATED_DURATION_MS = 120;

/** The response the destinations of a workspace give (control API); absent: 200 `ok`. */
export interface SimulatedResponse {
  status_code: number;
  body: string | null;
}

export const DEFAULT_RESPONSE: SimulatedResponse = { status_code: 200, body: 'ok' };

/** The simulated responses planned per workspace slug, kept by the mock (not in the state). */
export class WebhookResponses {
  private readonly planned = new Map<string, SimulatedResponse>();

  set(slug: string, response: SimulatedResponse | null): void {
    if (response === null) this.planned.delete(slug);
    else this.planned.set(slug, response);
  }

  get(slug: string): SimulatedResponse {
    return this.planned.get(slug) ?? DEFAULT_RESPONSE;
  }

  clear(): void {
    this.planned.clear();
  }
}

/** The instant the next delivery goes out: now, or the first second after `now` with room. */
function slot(ws: WorkspaceState, now: number): number {
  const deliveries = ws.webhook_deliveries;
  let at = now;
  for (;;) {
    const second = at - (at % 1000);
    let used = 0;
    for (let i = deliveries.length - 1; i >= 0 && used < WEBHOOK_EVENTS_PER_SECOND; i--) {
      const t = (deliveries[i] as Schemas['LogsWebhookDelivery']).created_at.getTime();
      if (t >= second && t < second + 1000) used++;
      else if (t < second) break;
    }
    if (used < WEBHOOK_EVENTS_PER_SECOND) return at;
    at = second + 1000;
  }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, with the webhook's secret. */
export function signature(secret: string, at: number, body: string): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${hmacSha256Hex(secret, `${t}.${body}`)}`;
}

/** Records one delivery per active webhook of the conversation's agent subscribed to `event`. */
export function deliver(ws: WorkspaceState, event: WebhookEvent, conversation: ConversationRecord, data: Record<string, unknown>, now: Date, response: SimulatedResponse): number {
  if (conversation.agent_uuid === null) return 0;
  const hooks = ws.agent_webhooks.filter((w) => w.agent_uuid === conversation.agent_uuid && w.is_active && (w.events as string[]).includes(event));
  for (const hook of hooks) {
    const at = slot(ws, now.getTime());
    // Instants stay Dates, so the feed renders them in the applied zone like every other instant.
    // An end report carries the evaluation of the session the closing ends (evaluations/derive.ts).
    const session = event === 'conversation_end_report' ? { subject: closingSessionSubject(ws, conversation) } : undefined;
    const payload = webhookPayload(ws, event, conversation, now, data, session);
    ws.webhook_deliveries.push(deliveryRecord(hook, event, payload, at, newUuid(), response));
  }
  return hooks.length;
}

/**
 * One delivery of `payload` to `hook` at `at` (ms): JSON headers, a signature when the webhook has a
 * secret, and the destination's simulated response.
 */
export function deliveryRecord(
  hook: WorkspaceState['agent_webhooks'][number],
  event: WebhookEvent,
  payload: Record<string, unknown>,
  at: number,
  uuid: string,
  response: SimulatedResponse,
): WorkspaceState['webhook_deliveries'][number] {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT };
  if (hook.secret_key !== null) headers[SIGNATURE_HEADER] = signature(hook.secret_key, at, JSON.stringify(payload));
  const ok = response.status_code >= 200 && response.status_code < 300;
  return {
    uuid,
    event,
    destination: hook.url,
    status: ok ? 'delivered' : 'failed',
    attempt: 1,
    headers,
    payload: payload as unknown as Schemas['LogsWebhookDelivery']['payload'],
    response: { status_code: response.status_code, headers: { 'Content-Type': 'text/plain' }, body: response.body },
    duration_ms: SIMULATED_DURATION_MS,
    error: null,
    created_at: new Date(at),
  };
}

/**
 * A message the API sent or a team member wrote in a conversation: conversation_status (Active)
 * when the message opened the conversation or reopened a Closed one, then conversation_update.
 */
export function deliverOutbound(
  ws: WorkspaceState,
  conversation: ConversationRecord,
  opened: boolean,
  message: { uuid: string; channel: string; sender: string },
  now: Date,
  response: SimulatedResponse,
): number {
  let count = 0;
  if (opened) count += deliver(ws, 'conversation_status', conversation, { status: 'Active' }, now, response);
  count += deliver(ws, 'conversation_update', conversation, { message_uuid: message.uuid, channel: message.channel, direction: 'outbound', sender: message.sender }, now, response);
  return count;
}

/** A delivery as the clock shows it: one queued past `now` is still pending, without a response. */
export function settledDelivery(row: Schemas['LogsWebhookDelivery'], now: Date): Schemas['LogsWebhookDelivery'] {
  if (row.created_at.getTime() <= now.getTime()) return row;
  return { ...row, status: 'pending', response: null, duration_ms: null };
}
