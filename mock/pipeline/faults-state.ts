// The faults that break a rule of the seed's state machines and settings (builder agents and their
// apps, template settings, coaching agents, queues, rates, assistant channels), each the way a
// server bug would.
// They join the FAULTS record of faults.ts; the handlers of each group test them by name.
export const STATE_FAULTS = {
  'answers-after-finish': 'a builder agent conversation that is deployed or failed accepts answers and goes back to processing',
  'rebuild-drops-intent': 'a builder agent rebuild without replace_prompt replaces the intent with the change request',
  'builder-agents-oldest-first': 'the builder agent conversations list is oldest first',
  'template-delete-refused-when-finished': 'a template setting referenced only by campaigns in a non-blocking status (Completed, Archived) cannot be deleted (409)',
  'template-settings-ignore-status': 'the template settings list ignores the status filter',
  'template-setting-default-inactive': 'a template setting created without a status is inactive',
  'template-delete-removes-template': 'deleting a template setting deletes its underlying WhatsApp template too',
  'coach-update-resets-unsent': 'a coaching agent update resets every setting it does not send to its default',
  'queue-endpoints-still-listed': 'the available queue endpoints list includes endpoints already assigned to a queue',
  'rates-has-more-on-last-page': 'the outbound call rates pagination says has_more on the last page',
  'pin-echoed': 'assistant channel security answers echo the stored PIN in a `pin` field',
  'builder-files-no-default': 'listing the files of a builder app without a path lists nothing instead of the app root',
  'sms-code-verification': 'the sms assistant channel is saved with a one-time SMS code (`sms_code`) as its verification method instead of the static PIN',
  'builder-stop-ignored': 'stopping a running builder app answers 200 with status `stopped` but the app keeps running',
  'email-release-keeps-inbox': 'releasing a member\u2019s assistant email inbox answers 200 but keeps the inbox assigned',
} as const;
