// Self-test cases for the seed's state machines and settings: builder agents and their apps,
// template settings, coaching agents, queues, rates and assistant channels. A case whose check records its findings
// on inferred parts (an inferred operation or read decides it) runs at --fail-on inferred.
import type { FaultCase } from '../case.ts';

export const STATE_CASES: FaultCase[] = [
  { rule: 'builder-agents.rebuild-409', fault: 'rebuild-no-409', parts: ['stateful'], only: 'model: builder agents' },
  { rule: 'builder-agents.transitions', fault: 'answers-after-finish', parts: ['stateful'], only: 'model: builder agents' },
  { rule: 'builder-agents.intent-kept', fault: 'rebuild-drops-intent', parts: ['stateful'], only: 'model: builder agents' },
  { rule: 'builder-agents.list', fault: 'builder-agents-oldest-first', parts: ['stateful'], only: 'model: builder agents', failOn: 'inferred' },
  { rule: 'builders.files-default-root', fault: 'builder-files-no-default', parts: ['stateful'], only: 'model: builder agents' },
  { rule: 'template-settings.delete-blocked', fault: 'template-delete-no-409', parts: ['stateful'], only: 'model: template settings' },
  { rule: 'template-settings.delete', fault: 'template-delete-refused-when-finished', parts: ['stateful'], only: 'model: template settings' },
  { rule: 'template-settings.list', fault: 'template-settings-ignore-status', parts: ['stateful'], only: 'model: template settings' },
  { rule: 'template-settings.create', fault: 'template-setting-default-inactive', parts: ['stateful'], only: 'model: template settings' },
  { rule: 'template-settings.delete-keeps-template', fault: 'template-delete-removes-template', parts: ['stateful'], only: 'model: template settings' },
  { rule: 'coaching.one-default', fault: 'two-default-coaches', parts: ['stateful'], only: 'model: coaching agents' },
  { rule: 'coaching.settings', fault: 'coach-update-resets-unsent', parts: ['stateful'], only: 'model: coaching agents', failOn: 'inferred' },
  { rule: 'queues.update-persists', fault: 'queue-update-ignored', parts: ['stateful'], only: 'model: queues', failOn: 'inferred' },
  { rule: 'queues.available-endpoints', fault: 'queue-endpoints-still-listed', parts: ['stateful'], only: 'model: queues' },
  { rule: 'rates.filters', fault: 'rates-ignore-prefix', parts: ['stateful'], only: 'model: rates' },
  { rule: 'rates.pagination', fault: 'rates-has-more-on-last-page', parts: ['stateful'], only: 'model: rates' },
  { rule: 'assistant.two-factor-needs-pin', fault: 'two-factor-without-pin', parts: ['stateful'], only: 'model: assistant channels' },
  { rule: 'assistant.pin-secret', fault: 'pin-echoed', parts: ['stateful'], only: 'model: assistant channels' },
  { rule: 'assistant.static-pin-only', fault: 'sms-code-verification', parts: ['stateful'], only: 'model: assistant channels', failOn: 'inferred' },
  { rule: 'builders.lifecycle-controls', fault: 'builder-stop-ignored', parts: ['stateful'], only: 'model: builders' },
  { rule: 'builders.ssh-secret-masked', fault: 'builder-ssh-secret-unmasked', parts: ['stateful'], only: 'model: builders ssh' },
  { rule: 'assistant.email-release', fault: 'email-release-keeps-inbox', parts: ['stateful'], only: 'model: assistant email' },
];
