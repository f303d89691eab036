// An agent's webhook as the workspace keeps it: the published webhook with its full secret, which
// is write-only (published API, update-a-webhook: "never returned"; answers show `has_secret`).
import type { Schemas } from '../../state/workspace.ts';

export interface AgentWebhookRecord {
  /** The webhook's id, answered as `webhook_uuid`. */
  uuid: string;
  agent_uuid: string;
  url: string;
  events: Array<Schemas['AgentWebhookEvent']>;
  is_active: boolean;
  /** The secret that signs deliveries; null without one. Never returned. */
  secret_key: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Webhooks an agent may have (published: the sixth is refused with 409 `webhook_limit_reached`). */
export const WEBHOOKS_PER_AGENT = 5;

/** The webhook as the API returns it: `has_secret` in place of the secret, the events copied. */
export function webhookView(record: AgentWebhookRecord): Schemas['AgentWebhook'] {
  return {
    webhook_uuid: record.uuid,
    url: record.url,
    events: [...record.events],
    is_active: record.is_active,
    has_secret: record.secret_key !== null,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
