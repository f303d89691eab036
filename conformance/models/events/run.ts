// Runs the events checks (full mode: the reply that triggers a webhook delivery is a message the
// suite cannot take back, and an inbound message adds a conversation): webhook deliveries logged,
// then inbound messages becoming conversations. A broken rule ends its check (recorded).
import { suite } from '../../suite/context.ts';
import { type Real, runScenario } from '../model-kit.ts';
import { checkInboundConversations } from './inbound.ts';
import { checkWebhookDeliveriesLogged } from './webhook-deliveries.ts';

export async function runEventsChecks(): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  await runScenario(() => checkWebhookDeliveriesLogged(real));
  await runScenario(() => checkInboundConversations(real));
}
