// The stateful models, one per resource group (conformance/models/<group>/). A group that the
// service serves statefully adds its model here with the least mode that may run it.
import { runAgentChannelBindingsModel } from './agent-channel-bindings/run.ts';
import { runInstagramUnbindCheck } from './agent-channels/run.ts';
import { runIntentEventCheck } from './agent-intents/run.ts';
import { runAgentPartsModel } from './agent-parts/run.ts';
import { runAgentRulesCheck } from './agent-rules/run.ts';
import { runAnalyticsExportModel } from './analytics-export/run.ts';
import { runAgentsModel } from './agents/run.ts';
import { runAppointmentsModel } from './appointments/run.ts';
import { runAssistantChannelsModel } from './assistant-channels/run.ts';
import { runEmailReleaseCheck } from './assistant-email/run.ts';
import { runBuilderAgentModel } from './builder-agents/run.ts';
import { runBuildersLifecycle } from './builders/run.ts';
import { checkSshMasked } from './builders/ssh-masked.ts';
import { runCallsModel } from './calls/run.ts';
import { runCampaignModel } from './campaigns/run.ts';
import { runCampaignCollectionModel } from './campaigns/run-collection.ts';
import { runCoachingModel } from './coaching-agents/run.ts';
import { runContactFieldsModel } from './contact-fields/run.ts';
import { runContactsModel } from './contacts/run.ts';
import { runConversationRepliesModel } from './conversation-replies/run.ts';
import { runDataTablesModel } from './data-tables/run.ts';
import { runEvaluationsChecks } from './evaluations/run.ts';
import { runEventsChecks } from './events/run.ts';
import { runFlowEditingCheck } from './flows/editing.ts';
import { runFlowsCheck } from './flows/run.ts';
import { runListingsModel } from './listings/run.ts';
import { runFeedSecretsCheck } from './log-feeds/run.ts';
import { type ModelEntry, runScenario } from './model-kit.ts';
import { runOutboundModel } from './outbound/run.ts';
import { runChannelLookupCheck } from './phone-number-channels/run.ts';
import { runPurchaseModel } from './phone-numbers/run.ts';
import { runQueueModel } from './queues/run.ts';
import { runPoolsModel } from './pools/run.ts';
import { runWebhookSubscriptionsModel } from './webhook-subscriptions/run.ts';
import { runWhatsappTemplatesModel } from './whatsapp-templates/run.ts';
import { runRatesModel } from './rates/run.ts';
import { runRecordDetailsChecks } from './record-details/run.ts';
import { runRulesModel } from './rules/run.ts';
import { runTasksModel } from './tasks/run.ts';
import { runTemplateSettingsModel } from './template-settings/run.ts';
import { runTranscriptionCheck } from './transcriptions/run.ts';

export const MODELS: readonly ModelEntry[] = [
  {
    group: 'transcriptions',
    title: 'transcriptions: a recording submitted by URL completes, its transcript names it with the messages, and its callback is logged',
    mode: 'full',
    run: () => runTranscriptionCheck(),
  },
  {
    group: 'record-details',
    title: 'record details: a call and a conversation read by uuid are the ones named, and a conversation lists the sessions it names',
    mode: 'readonly',
    run: () => runRecordDetailsChecks(),
  },
  {
    group: 'conversation-replies',
    title: "conversation replies: a reply accepted on a conversation is listed among the conversation's messages",
    mode: 'full',
    run: () => runConversationRepliesModel('model: conversation replies'),
  },
  {
    group: 'assistant-channels',
    title: 'assistant channels: 2FA needs a PIN set before or in the same request, and no answer carries the PIN',
    mode: 'full',
    run: () => runAssistantChannelsModel('model: assistant channels'),
  },
  {
    group: 'assistant-email',
    title: "assistant email: the release frees the member's assigned inbox, and releasing it again finds none (404)",
    mode: 'full',
    run: () => runEmailReleaseCheck(),
  },
  {
    group: 'outbound',
    title: 'outbound sends: shared 5-per-second limit across tokens, request_key idempotency, nothing created on 429',
    mode: 'full',
    run: () => runOutboundModel('model: outbound sends'),
  },
  {
    group: 'builder-agents',
    title: 'builder agents: no rebuild while one is processing (409), answers only while gathering, approve only awaiting approval',
    mode: 'full',
    run: () => runBuilderAgentModel('model: builder agents'),
  },
  {
    group: 'builders',
    title: 'builders: an app is stopped, started again and auto-stopped after its interval through the lifecycle controls',
    mode: 'full',
    run: () => runBuildersLifecycle(),
  },
  {
    group: 'coaching-agents',
    title: 'coaching agents: exactly one default, the first created or the last set-default',
    mode: 'full',
    run: () => runCoachingModel('model: coaching agents'),
  },
  {
    group: 'data-tables',
    title: "data tables: the table's records equal those added, updated (values merged) and deleted",
    mode: 'full',
    run: () => runDataTablesModel('model: data tables'),
  },
  {
    group: 'listings',
    title: 'listings: a delete cancels pending tasks, removes the campaign and keeps the contacts',
    mode: 'full',
    run: () => runListingsModel('model: listings'),
  },
  {
    group: 'template-settings',
    title: 'template settings: no delete while a blocking campaign references the setting, list filters newest first',
    mode: 'safe',
    run: () => runTemplateSettingsModel('model: template settings'),
  },
  {
    group: 'rates',
    title: 'rates: every rate matches the country and prefix filters, pagination describes the page, page size at most 200',
    mode: 'readonly',
    run: () => runRatesModel('model: rates'),
  },
  {
    group: 'queues',
    title: 'queues: an update applies and persists, an assigned endpoint leaves the available list',
    // It changes an existing queue and writes it back, which cannot restore updated_at: full mode only.
    mode: 'full',
    run: () => runQueueModel('model: queues'),
  },
  {
    group: 'analytics-export',
    title: 'analytics export: rows in (created_at, message_uuid) order within [from, to), cursor pages give each row once',
    mode: 'readonly',
    run: () => runAnalyticsExportModel('model: analytics export'),
  },
  {
    group: 'flows',
    title: 'flows: steps ordered by position, each branch child after its parent; an unknown flow is a Shape A 404',
    mode: 'readonly',
    run: () => runFlowsCheck(),
  },
  {
    group: 'flows',
    title: 'flow editing: a step test is stored as the step\'s last_test; a deployed flow refuses a new step with 409 until undeployed',
    mode: 'full',
    run: () => runFlowEditingCheck(),
  },
  {
    group: 'log-feeds',
    title: 'log feeds: a webhook secret and the signatures computed with it appear only masked in the webhooks and API request feeds',
    mode: 'full',
    run: () => runFeedSecretsCheck(),
  },
  {
    group: 'calls',
    title: 'calls: say, forward, hangup, mute and unmute act on a live call; an ended call refuses them, an unknown one is 404',
    mode: 'full',
    run: () => runCallsModel('model: calls'),
  },
  {
    group: 'events',
    title: 'events: a webhook delivery is recorded in the webhooks feed; an inbound message becomes a conversation (mock control API)',
    mode: 'full',
    run: () => runEventsChecks(),
  },
  {
    group: 'campaigns',
    title: 'campaigns: an update never rebuilds scheduled tasks, a text campaign publishes only with an active setting, agent_uuid binds the matching channel',
    mode: 'full',
    run: () => runCampaignModel('model: campaigns'),
  },
  {
    group: 'campaigns',
    title: 'campaign collection: reads back, listed and deleted; a delete cancels pending tasks, a rule update keeps scheduled tasks',
    mode: 'full',
    run: () => runCampaignCollectionModel(),
  },
  {
    group: 'builders',
    title: 'builders ssh: the SSH token is handed out by create and recreate only, reads mask it',
    mode: 'full',
    run: () => runScenario(checkSshMasked),
  },
  {
    group: 'whatsapp-templates',
    title: 'whatsapp templates: the collection is listed as created; a name and language are unique in a business account',
    mode: 'full',
    run: () => runWhatsappTemplatesModel(),
  },
  {
    group: 'webhook-subscriptions',
    title: 'webhook subscriptions: subscribe is idempotent, unsubscribe removes (404 when unknown), an evaluation is delivered to its subscribers',
    mode: 'full',
    run: () => runWebhookSubscriptionsModel(),
  },
  {
    group: 'pools',
    title: 'pools: the collection is listed as created and updated',
    mode: 'full',
    run: () => runPoolsModel(),
  },
  {
    group: 'rules',
    title: 'rules: the collection is listed as created and updated, a text rule is one-shot (caps 1, call-only fields null)',
    mode: 'full',
    run: () => runRulesModel(),
  },
  {
    group: 'phone-numbers',
    title: 'phone numbers: a bought number is listed and its snapshot reads; past the workspace cap a purchase is 403 purchase_limit_reached',
    mode: 'full',
    run: () => runPurchaseModel(),
  },
  {
    group: 'phone-number-channels',
    title: 'phone number channels: a number is found with and without its leading +',
    mode: 'readonly',
    run: () => runChannelLookupCheck(),
  },
  {
    group: 'agent-parts',
    title: "agent parts: adding one part keeps the agent's others, replacing all replaces the set, procedure steps ascend and are kept unless sent",
    mode: 'full',
    run: () => runAgentPartsModel(),
  },
  {
    group: 'agent-channels',
    title: "agent channels: the Instagram unbind removes the agent's binding and the account stays connected (mock only)",
    mode: 'full',
    run: () => runInstagramUnbindCheck(),
  },
  {
    group: 'agent-channel-bindings',
    title: 'agent channel bindings: an assigned SMS number shows in the agent, the agents list and the number snapshot, a number another agent uses is a 409, a disconnected account is refused',
    mode: 'full',
    run: () => runAgentChannelBindingsModel(),
  },
  {
    group: 'agent-rules',
    title: "agent rules: adding one guard or routing rule keeps the agent's others; a routing rule's default priority is the highest + 1",
    mode: 'full',
    run: () => runAgentRulesCheck(),
  },
  {
    group: 'agent-intents',
    title: "agent intents: an intent's action on an external app needs an active connection (422)",
    mode: 'full',
    run: () => runIntentEventCheck(),
  },
  {
    group: 'evaluations',
    title: 'evaluations: each metric {value, confidence, reason}, the read shows the listed evaluation, a session evaluated only once its customer is idle for the timeout',
    mode: 'readonly',
    run: () => runEvaluationsChecks(),
  },
  {
    group: 'contact-fields',
    title: 'contact fields: keys unique and immutable once created; analyzer identifiers prefixed b_, f_, p_',
    mode: 'full',
    run: () => runContactFieldsModel('model: contact fields'),
  },
  {
    group: 'contacts',
    title: 'contacts: the collection reads back, custom fields as top-level keys (unregistered 422), listing entries update the matched contact, blacklisted contacts get no new task, list totals follow the filters',
    mode: 'full',
    run: () => runContactsModel(),
  },
  {
    group: 'tasks',
    title: 'tasks: the collection reads back, retry only from failed, cancel only while unfinished, a queued task runs',
    mode: 'full',
    run: () => runTasksModel(),
  },
  {
    group: 'appointments',
    title: 'appointments: schedules and appointments read back, listed and updated, an overlapping slot is a 409, a request is cancelled only while pending',
    mode: 'full',
    run: () => runAppointmentsModel(),
  },
  {
    group: 'agents',
    title: 'agents core: agents read back, listed and updated, a create keeps its nested sections, a website job completes with its agent, an appointments replace replaces the assignments',
    mode: 'full',
    run: () => runAgentsModel(),
  },
];
