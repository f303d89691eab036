// The stateful models, one per resource group (conformance/models/<group>/). A group that the
// service serves statefully adds its model here with the least mode that may run it.
import { runBuilderAgentModel } from './builder-agents/run.ts';
import { runCoachingModel } from './coaching-agents/run.ts';
import { runListingsModel } from './listings/run.ts';
import type { ModelEntry } from './model-kit.ts';
import { runOutboundModel } from './outbound/run.ts';
import { runTemplateSettingsModel } from './template-settings/run.ts';

export const MODELS: readonly ModelEntry[] = [
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
    group: 'coaching-agents',
    title: 'coaching agents: exactly one default, the first created or the last set-default',
    mode: 'full',
    run: () => runCoachingModel('model: coaching agents'),
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
];
