// The agent's profile text fields, as the published create and update bodies send them and the
// published agent shows them.
/** The profile text fields a create or update body may send, stored as sent. */
export const PROFILE_FIELDS = [
  'description',
  'company_name',
  'role',
  'objective',
  'tone',
  'behavior_guidelines',
  'company_service',
  'topic',
  'length_detail',
  'interest_of_product',
  'negative_response',
  'status',
  'custom_prompt',
  'language',
  'speed',
  'timezone',
  'custom_llm_url',
] as const;
