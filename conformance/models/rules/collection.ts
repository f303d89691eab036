// The rules collection as the suite certifies it (published rules API: list, create, partial
// update; no read or delete is published, so records are judged in the list): a call rule reads
// back as sent with its times as `HH:MM:SS`; a text rule is one-shot whatever it is sent (caps 1,
// call-only fields null: retry interval, end time, escalation), on create and on update alike.
import type { RuleCheck } from '../../record/rule.ts';
import { type CollectionSpec, scalarFields } from '../collections/collection-spec.ts';

export const RULES_COLLECTION_CHECK: RuleCheck = {
  name: 'rules-collection',
  rule: 'published API "Rules": a created rule is listed as sent (times HH:MM in, HH:MM:SS out), an update changes only the fields it sends',
};
export const RULES_TEXT_ONE_SHOT: RuleCheck = {
  name: 'rules-text-one-shot',
  rule: 'published API "Rules": a text rule is one-shot: max_calls_per_day and max_total_calls are 1 and retry_interval_minutes and end_time null, whatever is sent',
};

/** `HH:MM` as the answers give it. */
const full = (time: unknown): unknown => (typeof time === 'string' && time.length === 5 ? `${time}:00` : time);

function withTimes(sent: Record<string, unknown>): Record<string, unknown> {
  const out = scalarFields(sent);
  if ('start_time' in out) out.start_time = full(out.start_time);
  if ('end_time' in out) out.end_time = full(out.end_time);
  return out;
}

export const RULES_COLLECTION: CollectionSpec = {
  group: 'rules',
  noun: 'rule',
  check: RULES_COLLECTION_CHECK,
  mode: 'full',
  ops: { list: 'listRules', create: 'createRule', update: 'updateRule' },
  createBody: async (tag) => ({ name: `Conformance rule ${tag}`, type: 'call', max_calls_per_day: 2, max_total_calls: 6, start_time: '08:30', end_time: '17:45', escalation_target: `ops-${tag}` }),
  updateBody: (tag) => ({ name: `Conformance rule ${tag} renamed`, max_total_calls: 7, start_time: '09:15' }),
  expected: withTimes,
};

/** The one-shot values a text rule answers whatever it was sent. */
const ONE_SHOT = { type: 'text', max_calls_per_day: 1, max_total_calls: 1, retry_interval_minutes: null, end_time: null, escalation_type: null };

export const TEXT_RULES_COLLECTION: CollectionSpec = {
  group: 'rules',
  noun: 'text rule',
  check: RULES_TEXT_ONE_SHOT,
  mode: 'full',
  ops: { list: 'listRules', create: 'createRule', update: 'updateRule' },
  createBody: async (tag) => ({ name: `Conformance text rule ${tag}`, type: 'text', max_calls_per_day: 4, max_total_calls: 8, retry_interval_minutes: 30, start_time: '10:00', end_time: '16:00', escalation_type: 'email' }),
  updateBody: () => ({ max_calls_per_day: 5, retry_interval_minutes: 45, end_time: '15:00' }),
  expected: (sent) => {
    const { max_calls_per_day: _a, max_total_calls: _b, retry_interval_minutes: _c, end_time: _d, type: _e, escalation_type: _f, ...rest } = withTimes(sent);
    return { ...rest, ...ONE_SHOT };
  },
};
