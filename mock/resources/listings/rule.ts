// A listing's rule from the create body (published API, "Listings": `rule {uuid, name,
// max_calls_per_day, max_total_calls, retry_interval_minutes, start_time, end_time, type}`, with the
// published rules API's defaults: 3 a day, 10 in all, 120 minutes apart, 09:00 to 18:00; contract
// ListingRuleInput): `uuid` alone reuses another listing's rule as it is; `uuid` with other fields
// makes a new rule from it with those fields changed; no `uuid`, a new rule from the defaults.
// Times come as `HH:MM` or `HH:MM:SS` and are kept as `HH:MM:SS`. The rule's type is the listing's
// campaign type (`whatsapp` is `text`); the window must not be empty. The rule is stored as a rule of
// the rules collection (rules/listing-rule.ts), so `uuid` names any rule of the workspace.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import type { ListingRule } from './records.ts';
import { secondsOfTime } from './schedule.ts';

type RuleInput = Schemas['ListingRuleInput'];
type RuleType = ListingRule['type'];

const invalid = (details: string, field: string) => errors.validation('VALIDATION_ERROR', details, field);

/** `call` or `text`; the n8n node's `whatsapp` is `text`. */
export function ruleTypeOf(type: string): RuleType {
  return type === 'call' ? 'call' : 'text';
}

/** `HH:MM` or `HH:MM:SS` as `HH:MM:SS`. */
export function fullTime(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

export function defaultRule(name: string, type: RuleType): Omit<ListingRule, 'uuid'> {
  return { name, max_calls_per_day: 3, max_total_calls: 10, retry_interval_minutes: 120, start_time: '09:00:00', end_time: '18:00:00', type };
}

/** The fields a rule input sets, in the stored form. */
function fieldsOf(input: Omit<Partial<RuleInput>, 'uuid'>): Partial<Omit<ListingRule, 'uuid'>> {
  const out: Partial<Omit<ListingRule, 'uuid'>> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.max_calls_per_day !== undefined) out.max_calls_per_day = input.max_calls_per_day;
  if (input.max_total_calls !== undefined) out.max_total_calls = input.max_total_calls;
  if (input.retry_interval_minutes !== undefined) out.retry_interval_minutes = input.retry_interval_minutes;
  if (input.start_time !== undefined) out.start_time = fullTime(input.start_time);
  if (input.end_time !== undefined) out.end_time = fullTime(input.end_time);
  if (input.type !== undefined) out.type = ruleTypeOf(input.type);
  return out;
}

/** The rule a listing named `name` of type `type` gets; `existing` finds a rule of the workspace by uuid. */
export function resolveRule(
  input: Partial<RuleInput> | undefined,
  existing: (uuid: string) => ListingRule | undefined,
  name: string,
  type: RuleType,
): ListingRule | ApiError {
  const { uuid, ...rest } = input ?? {};
  const fields = fieldsOf(rest);
  let base: Omit<ListingRule, 'uuid'> = defaultRule(name, type);
  if (uuid !== undefined) {
    const found = existing(uuid);
    if (!found) return invalid(`No rule ${uuid} exists in this workspace.`, 'rule.uuid');
    if (Object.keys(fields).length === 0) {
      return found.type === type ? { ...found } : invalid(`The rule ${uuid} is a ${found.type} rule; this listing is ${type}.`, 'rule.uuid');
    }
    const { uuid: _uuid, ...stored } = found;
    base = stored;
  }
  const rule: ListingRule = { ...base, ...fields, uuid: newUuid() };
  if (rule.type !== type) return invalid(`A ${rule.type} rule cannot govern a ${type} listing.`, uuid !== undefined && fields.type === undefined ? 'rule.uuid' : 'rule.type');
  if (rule.start_time !== null && rule.end_time !== null && secondsOfTime(rule.end_time) <= secondsOfTime(rule.start_time)) {
    return invalid('rule.end_time must be after rule.start_time.', 'rule.end_time');
  }
  return rule;
}

/** The daily window [from, to) in seconds of the day; null when the rule sets no time. */
export function windowOf(rule: Pick<ListingRule, 'start_time' | 'end_time'>): { from: number; to: number } | null {
  if (rule.start_time === null && rule.end_time === null) return null;
  return { from: rule.start_time === null ? 0 : secondsOfTime(rule.start_time), to: rule.end_time === null ? 86_400 : secondsOfTime(rule.end_time) };
}
