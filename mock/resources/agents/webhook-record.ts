// An agent's webhook as the workspace keeps it: the API's AgentWebhook with the full secret in
// place of its masked form (published API, "Webhooks"; seed: secrets are masked).
import type { Schemas } from '../../state/workspace.ts';

export type AgentWebhookRecord = Omit<Schemas['AgentWebhook'], 'secret_key_masked'> & {
  /** The secret that signs deliveries; null without one. Never returned in full. */
  secret_key: string | null;
};

/** `****` plus the last four characters of the secret, null without one (as tokens are shown). */
export function maskSecret(secret: string | null): string | null {
  return secret === null ? null : `****${secret.slice(-4)}`;
}

/** The webhook as the API returns it: the secret masked, the events copied. */
export function webhookView(record: AgentWebhookRecord): Schemas['AgentWebhook'] {
  return {
    uuid: record.uuid,
    agent_uuid: record.agent_uuid,
    url: record.url,
    events: [...record.events],
    is_active: record.is_active,
    secret_key_masked: maskSecret(record.secret_key),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
