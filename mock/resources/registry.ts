// Every operation of the contract and what serves it: a stateful handler from a resource group,
// or FROM_EXAMPLE (the spec example, marked X-Mock-Source: example) until its handler lands.
// The type requires an entry for every operation; test/mock/registry.test.ts checks both ways.
import type { HandlerRegistry } from '../core/handler.ts';
import { agentChannelHandlers } from './agent-channels/handlers.ts';
import { analyticsHandlers } from './analytics/handlers.ts';
import { agentCoreHandlers } from './agents/core-handlers.ts';
import { agentHandlers } from './agents/handlers.ts';
import { agentIntentHandlers } from './agent-intents/handlers.ts';
import { agentRuleHandlers } from './agent-rules/handlers.ts';
import { agentPartHandlers } from './agent-parts/handlers.ts';
import { appointmentHandlers } from './appointments/handlers.ts';
import { assistantHandlers } from './assistant/handlers.ts';
import { builderAgentHandlers } from './builder-agents/handlers.ts';
import { builderHandlers } from './builders/handlers.ts';
import { campaignHandlers } from './campaigns/handlers.ts';
import { callsHandlers } from './calls/handlers.ts';
import { coachingHandlers } from './coaching/handlers.ts';
import { contactHandlers } from './contacts/handlers.ts';
import { conversationHandlers } from './conversations/handlers.ts';
import { dataTableHandlers } from './data-tables/handlers.ts';
import { evaluateHandlers } from './evaluate/handlers.ts';
import { evaluationHandlers } from './evaluations/handlers.ts';
import { flowHandlers } from './flows/handlers.ts';
import { listingHandlers } from './listings/handlers.ts';
import { logHandlers } from './logs/handlers.ts';
import { messagingHandlers } from './messaging/handlers.ts';
import { phoneNumberHandlers } from './phone-numbers/handlers.ts';
import { poolHandlers } from './pools/handlers.ts';
import { queueHandlers } from './queues/handlers.ts';
import { ruleHandlers } from './rules/handlers.ts';
import { tasksHandlers } from './tasks/handlers.ts';
import { tokenHandlers } from './tokens/handlers.ts';
import { transcriptionHandlers } from './transcriptions/handlers.ts';
import { whatsappHandlers } from './whatsapp/handlers.ts';
import { webhookSubscriptionHandlers } from './webhooks/handlers.ts';
import { scheduleHandlers } from './schedules/handlers.ts';

export const handlers = {
  ...analyticsHandlers,
  ...agentHandlers,
  ...agentCoreHandlers,
  ...agentIntentHandlers,
  ...agentRuleHandlers,
  ...agentPartHandlers,
  ...agentChannelHandlers,
  ...appointmentHandlers,
  ...scheduleHandlers,
  ...assistantHandlers,
  ...builderAgentHandlers,
  ...builderHandlers,
  ...callsHandlers,
  ...campaignHandlers,
  ...coachingHandlers,
  ...contactHandlers,
  ...conversationHandlers,
  ...dataTableHandlers,
  ...evaluateHandlers,
  ...evaluationHandlers,
  ...flowHandlers,
  ...listingHandlers,
  ...logHandlers,
  ...messagingHandlers,
  ...phoneNumberHandlers,
  ...poolHandlers,
  ...queueHandlers,
  ...ruleHandlers,
  ...tasksHandlers,
  ...tokenHandlers,
  ...transcriptionHandlers,
  ...whatsappHandlers,
  ...webhookSubscriptionHandlers,
} satisfies HandlerRegistry;
