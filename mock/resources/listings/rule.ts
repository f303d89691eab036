// A listing's rule from the create body (published API, "Listings": `rule {uuid, name,
// max_calls_per_day, max_total_calls, retry_interval_minutes, start_time, end_time, type}`; meaning
// inferred, contract ListingRuleInput): `uuid` alone reuses another listing's rule as it is; `uuid`
// with other fields makes a new rule from it with those fields changed; no `uuid`, a new rule from
// the defaults. The rule's type is the listing's campaign type; the window must not be empty.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import type { ListingRule } from './records.ts';
import { secondsOfTime } from './schedule.ts';

type RuleInput = Schemas['ListingRuleInput'];
type RuleType = ListingRule['type'];

const invalid = (details: string, field: string) => errors.validation('VALIDATION_ERROR', details, field);

export function defaultRule(name: string, type: RuleType): Omit<ListingRule, 'uuid'> {
  return { name, max_calls_per_day: null, max_total_calls: 1, retry_interval_minutes: 60, start_time: null, end_time: null, type };
}

/** The rule a listing named `name` of type `type` gets; `existing` finds a rule of the workspace by uuid. */
export function resolveRule(
  input: Partial<RuleInput> | undefined,
  existing: (uuid: string) => ListingRule | undefined,
  name: string,
  type: RuleType,
): ListingRule | ApiError {
  const { uuid, ...fields } = input ?? {};
  let base: Omit<ListingRule, 'uuid'> = defaultRule(name, type);
  if (uuid !== undefined) {
    const found = existing(uuid);
    if (!found) return invalid(`No listing rule ${uuid} exists in this workspace.`, 'rule.uuid');
    if (Object.keys(fields).length === 0) {
      return found.type === type ? { ...found } : invalid(`The rule ${uuid} is a ${found.type} rule; this listing is ${type}.`, 'rule.uuid');
    }
    const { uuid: _uuid, ...rest } = found;
    base = rest;
  }
  const rule: ListingRule = { ...base, ...definedOnly(fields), uuid: newUuid() };
  if (rule.type !== type) return invalid(`A ${rule.type} rule cannot govern a ${type} listing.`, uuid !== undefined && fields.type === undefined ? 'rule.uuid' : 'rule.type');
  if (rule.start_time !== null && rule.end_time !== null && secondsOfTime(rule.end_time) <= secondsOfTime(rule.start_time)) {
    return invalid('rule.end_time must be after rule.start_time.', 'rule.end_time');
  }
  return rule;
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The daily window [from, to) in seconds of the day; null when the rule sets no time. */
export function windowOf(rule: ListingRule): { from: number; to: number } | null {
  if (rule.start_time === null && rule.end_time === null) return null;
  return { from: rule.start_time === null ? 0 : secondsOfTime(rule.start_time), to: rule.end_time === null ? 86_400 : secondsOfTime(rule.end_time) };
}
