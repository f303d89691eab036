// The channel snapshot lookup by number (seed "Endpoints", GET /api/v1/phone-numbers/channels:
// "Query number (E.164, leading + optional)"): the same number asked with and without its leading
// `+` finds the same snapshot. The numbers come from the agents' call and SMS bindings (the
// contract lists no numbers otherwise).
import type { RuleCheck } from '../../record/rule.ts';

export const CHANNELS_PLUS_OPTIONAL: RuleCheck = {
  name: 'channels-lookup-plus-optional',
  rule: 'seed "Endpoints", GET /api/v1/phone-numbers/channels: the number query is E.164 with the leading + optional; with and without it the same number\'s snapshot is answered',
};

/** The number with its leading `+`, and without. */
export function spellings(number: string): { plus: string; bare: string } {
  const bare = number.replace(/^\+/, '');
  return { plus: `+${bare}`, bare };
}
