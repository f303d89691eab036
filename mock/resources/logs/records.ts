// What a workspace keeps of its three log feeds (seed "Logs are read-only feeds"). Rows name the
// agent, contact and token they concern by uuid; a read resolves them from the workspace, so a
// row always shows the current name, and masks secrets on the way out (mask.ts).
import type { Schemas } from '../../state/workspace.ts';

/**
 * A row of the actions feed as the workspace keeps it: workflow runs, intents and tasks of past
 * campaigns (the tasks of listings come from `listing_tasks`).
 */
export interface ActionLogRecord {
  uuid: string;
  type: Schemas['LogsActionType'];
  name: string;
  description: string;
  status: string;
  channel: string | null;
  channel_id: number | null;
  duration_ms: number | null;
  created_at: Date;
  agent_uuid: string | null;
  contact_uuid: string | null;
  /** The other party's number (E.164) as the row saw it, also for a caller who is no contact. */
  customer_number: string | null;
  campaign_uuid: string | null;
  conversation_uuid: string | null;
  session_uuid: string | null;
  started_at: Date | null;
  completed_at: Date | null;
  /** The task payload, the workflow's trigger event or the intent's arguments, as received. */
  request: unknown;
  response: unknown;
  error: string | null;
  steps: Array<Schemas['LogsActionStep']> | null;
}

/** The token that made a logged API request: a workspace token by uuid, or a member's user token. */
export type CallingTokenRef = { kind: 'workspace_token'; token_uuid: string } | { kind: 'user_token'; member_uuid: string };

/** An inbound API request of the API feed, bodies as received. */
export interface ApiLogRecord {
  uuid: string;
  method: Schemas['LogsApiRequest']['method'];
  path: string;
  status: number;
  duration_ms: number;
  /** Null when the request carried no usable token (a 401). */
  token: CallingTokenRef | null;
  request_body: unknown;
  response_body: unknown;
  created_at: Date;
}

/** An outbound webhook delivery of the webhooks feed, headers and payload as sent. */
export type WebhookDeliveryRecord = Schemas['LogsWebhookDelivery'];
