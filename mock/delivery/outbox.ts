// Webhook deliveries that leave the mock (`--webhooks deliver`). The core records every delivery
// an agent webhook gets on a conversation change (agents/webhook-dispatch.ts); when the mock is
// given a sender (MockConfig.webhookSender; the CLI sets the Node one, delivery/webhook-sender.ts),
// the outbox hands it each delivery recorded since it last looked, and records what happened in
// the webhooks feed: the delivery's row reads `pending` until its first attempt has an outcome,
// then that outcome (`delivered` on a 2xx answer, `failed` otherwise, with the status code,
// response headers and body, duration and error); each retry adds a row with the next `attempt`.
// The outbox looks before and after every request the mock handles, so a workspace that appears
// (a reset, an import, a clone) is known before a request can add deliveries to it; the
// deliveries a workspace holds when first seen (its fixtures) are history and are not sent.
// The first attempt waits for the delivery's recorded instant (the dispatcher's pacing: 100
// deliveries per second per workspace), so there is one pacing for the feed and the wire.
// This module imports nothing from Node: the core stays buildable for a browser.
import { newUuid } from '../resources/shared/lookup.ts';
import type { MockStore } from '../state/store.ts';
import type { WorkspaceState } from '../state/workspace.ts';
import type { MockClock } from '../time/clock.ts';

type DeliveryRow = WorkspaceState['webhook_deliveries'][number];

/** One delivery to send: the raw JSON body (the text the signature covers) and the recorded headers. */
export interface OutboundWebhook {
  uuid: string;
  /** The workspace's slug. */
  workspace: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds to wait before the first attempt: until the delivery's recorded instant on the mock clock. */
  dueInMs: number;
}

/** What one attempt gave. */
export interface AttemptOutcome {
  /** 1 for the first attempt, then one more per retry. */
  attempt: number;
  /** The destination's answer; null when none arrived (not sent, timeout, connection error). */
  response: { status_code: number; headers: Record<string, string>; body: string | null } | null;
  /** Time until the answer or the failure; null when nothing was sent. */
  duration_ms: number | null;
  /** Why no answer arrived, or why nothing was sent; null with an answer. */
  error: string | null;
}

/** Sends a delivery (with its retries) and reports the outcome of each attempt. */
export type WebhookSender = (webhook: OutboundWebhook, report: (outcome: AttemptOutcome) => void) => void;

export class DeliveryOutbox {
  /** The delivery uuids already handed over (or present when the workspace was first seen). */
  private readonly known = new WeakMap<WorkspaceState, Set<string>>();

  private readonly store: MockStore;
  private readonly clock: MockClock;
  private readonly send: WebhookSender;

  constructor(store: MockStore, clock: MockClock, send: WebhookSender) {
    this.store = store;
    this.clock = clock;
    this.send = send;
    this.flush();
  }

  /** Hands the sender every delivery recorded since the last look. */
  flush(): void {
    for (const runtime of this.store.all()) {
      const ws = runtime.state;
      const rows = ws.webhook_deliveries;
      const known = this.known.get(ws);
      if (known === undefined) {
        this.known.set(ws, new Set(rows.map((r) => r.uuid)));
        continue;
      }
      // Deliveries are appended: the new ones are the unknown tail.
      let first = rows.length;
      while (first > 0 && !known.has((rows[first - 1] as DeliveryRow).uuid)) first--;
      for (const row of rows.slice(first)) {
        known.add(row.uuid);
        this.dispatch(ws, row, known);
      }
    }
  }

  private dispatch(ws: WorkspaceState, row: DeliveryRow, known: Set<string>): void {
    const dueInMs = Math.max(0, row.created_at.getTime() - this.clock.now());
    Object.assign(row, { status: 'pending', response: null, duration_ms: null, error: null });
    const webhook: OutboundWebhook = { uuid: row.uuid, workspace: ws.slug, url: row.destination, headers: { ...row.headers }, body: JSON.stringify(row.payload), dueInMs };
    this.send(webhook, (outcome) => {
      const code = outcome.response?.status_code;
      const result = {
        status: code !== undefined && code >= 200 && code < 300 ? ('delivered' as const) : ('failed' as const),
        response: outcome.response,
        duration_ms: outcome.duration_ms,
        error: outcome.error,
      };
      if (outcome.attempt === 1) {
        Object.assign(row, result);
        return;
      }
      const retry: DeliveryRow = { ...row, ...result, uuid: newUuid(), attempt: outcome.attempt, created_at: new Date(this.clock.now()) };
      known.add(retry.uuid);
      ws.webhook_deliveries.push(retry);
    });
  }
}
