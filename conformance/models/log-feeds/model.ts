// Secrets in the log feeds (seed "What the service does" > Logs: "In all three feeds tokens,
// passwords, signatures and other secrets are masked"; "Authentication" rule 8). The suite
// chooses a secret itself: it registers a webhook with that secret_key on the agent of a
// conversation (published API, "Webhooks"), replies to the conversation so the agent's
// conversation_update is delivered, then reads the webhooks feed and the API request feed.
// Neither may show the secret, and no header of a delivery to the suite's webhook may carry a
// digest (a signature computed with the secret shows only masked). The webhook's URL carries a
// credential of its own in its query (`?token=`), as hook URLs often do: the feeds show it masked too.
import { randomBytes } from 'node:crypto';
import type { RuleCheck } from '../../record/rule.ts';

export const FEED_SECRETS: RuleCheck = {
  name: 'feed-secrets-masked',
  rule: 'seed "What the service does" > Logs and "Authentication" rule 8: in the webhooks and API request feeds, a webhook secret and the signatures computed with it appear only masked',
};

export interface FeedSecretsPlan {
  conversationUuid: string;
  agentUuid: string;
  email: string;
  /** The secret_key the suite registers (never printed: findings replace it). */
  secret: string;
  /** The webhook's destination, unique to this run, with `urlToken` in its query. */
  url: string;
  /** The credential in the destination's query (`token=`), which the feeds show only masked. */
  urlToken: string;
}

export function newSecret(): string {
  return `whsec_${randomBytes(18).toString('hex')}`;
}

/** A value that holds a digest: a run of 32 or more hex digits, or of 43 or more base64 characters. */
export function holdsDigest(value: string): boolean {
  return /[0-9a-f]{32,}/i.test(value) || /[A-Za-z0-9+/]{43,}={0,2}/.test(value);
}
