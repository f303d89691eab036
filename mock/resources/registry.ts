// Every operation of the contract and what serves it: a stateful handler from a resource group,
// or FROM_EXAMPLE (the spec example, marked X-Mock-Source: example) until its handler lands.
// The type requires an entry for every operation; test/mock/registry.test.ts checks both ways.
import { FROM_EXAMPLE, type HandlerRegistry } from '../core/handler.ts';
import { analyticsHandlers } from './analytics/handlers.ts';
import { agentHandlers } from './agents/handlers.ts';
import { appointmentHandlers } from './appointments/handlers.ts';
import { builderAgentHandlers } from './builder-agents/handlers.ts';
import { builderHandlers } from './builders/handlers.ts';
import { campaignHandlers } from './campaigns/handlers.ts';
import { callsHandlers } from './calls/handlers.ts';
import { coachingHandlers } from './coaching/handlers.ts';
import { conversationHandlers } from './conversations/handlers.ts';
import { listingHandlers } from './listings/handlers.ts';
import { logHandlers } from './logs/handlers.ts';
import { messagingHandlers } from './messaging/handlers.ts';
import { tokenHandlers } from './tokens/handlers.ts';
import { whatsappHandlers } from './whatsapp/handlers.ts';

export const handlers = {
  addDataTableRecords: FROM_EXAMPLE,
  assignDataTable: FROM_EXAMPLE,
  assignPhoneNumberTrunk: FROM_EXAMPLE,
  createDataTable: FROM_EXAMPLE,
  createPhoneNumberTrunk: FROM_EXAMPLE,
  deleteDataTableRecords: FROM_EXAMPLE,
  getAgentEvaluateSettings: FROM_EXAMPLE,
  getAssistantSession: FROM_EXAMPLE,
  getDataImportJob: FROM_EXAMPLE,
  getDataTable: FROM_EXAMPLE,
  getEvaluateSettings: FROM_EXAMPLE,
  getFlow: FROM_EXAMPLE,
  getPhoneNumberChannels: FROM_EXAMPLE,
  getPhoneNumberChannelsByNumber: FROM_EXAMPLE,
  importDataFromFile: FROM_EXAMPLE,
  importDataFromText: FROM_EXAMPLE,
  importDataFromWebsite: FROM_EXAMPLE,
  listAvailableQueueEndpoints: FROM_EXAMPLE,
  listDataTableFields: FROM_EXAMPLE,
  listPhoneNumberRates: FROM_EXAMPLE,
  releaseAssistantEmailChannel: FROM_EXAMPLE,
  syncDataTable: FROM_EXAMPLE,
  unbindAgentInstagram: FROM_EXAMPLE,
  updateAgentEvaluateSettings: FROM_EXAMPLE,
  updateAssistantChannelSecurity: FROM_EXAMPLE,
  updateDataTableRecords: FROM_EXAMPLE,
  updateEvaluateSettings: FROM_EXAMPLE,
  updatePhoneNumberTrunk: FROM_EXAMPLE,
  updateQueue: FROM_EXAMPLE,
  ...analyticsHandlers,
  ...agentHandlers,
  ...appointmentHandlers,
  ...builderAgentHandlers,
  ...builderHandlers,
  ...callsHandlers,
  ...campaignHandlers,
  ...coachingHandlers,
  ...conversationHandlers,
  ...listingHandlers,
  ...logHandlers,
  ...messagingHandlers,
  ...tokenHandlers,
  ...whatsappHandlers,
} satisfies HandlerRegistry;
