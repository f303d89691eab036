// The published rule values (rules API, create and update pages): defaults for a new rule, times
// `HH:MM` in and `HH:MM:SS` out, and the one-shot `text` rule: its caps are 1 whatever is sent and
// its call-only fields (`retry_interval_minutes`, `end_time`, `escalation_*`) are null. A `call` rule's window must
// not be empty (inferred). Pure functions; the fault `text-rule-not-coerced` keeps what was sent.
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import type { RuleRecord } from './records.ts';

type RuleFields = Omit<RuleRecord, 'uuid' | 'created_at' | 'updated_at'>;
export type RuleChange = Schemas['RuleUpdate'];

/** `HH:MM` or `HH:MM:SS` as `HH:MM:SS`. */
export function fullTime(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

function seconds(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** The published defaults of a rule of this type. */
export function ruleDefaults(name: string, type: RuleFields['type']): RuleFields {
  const call = type === 'call';
  return {
    name,
    type,
    max_calls_per_day: call ? 3 : 1,
    max_total_calls: call ? 10 : 1,
    retry_interval_minutes: call ? 120 : null,
    start_time: '09:00:00',
    end_time: call ? '18:00:00' : null,
    dnc_check: true,
    remove_on_opt_out: true,
    escalation_after_failed_attempts: null,
    escalation_type: null,
    escalation_target: null,
  };
}

/** The fields a change sets, in the stored form (times as `HH:MM:SS`). */
function fieldsOf(change: RuleChange): Partial<RuleFields> {
  const out: Partial<RuleFields> = {};
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    (out as Record<string, unknown>)[key] = (key === 'start_time' || key === 'end_time') && typeof value === 'string' ? fullTime(value) : value;
  }
  return out;
}

/** A `text` rule is one-shot: caps of 1, no retry interval, no end of window, no escalation. */
export function coerce(fields: RuleFields, keepSent = false): RuleFields {
  if (fields.type !== 'text' || keepSent) return fields;
  return {
    ...fields,
    max_calls_per_day: 1,
    max_total_calls: 1,
    retry_interval_minutes: null,
    end_time: null,
    escalation_after_failed_attempts: null,
    escalation_type: null,
    escalation_target: null,
  };
}

/** The call window's order; the error names `end_time`, or `start_time` when the request sent no end (the end is a default or kept). */
function checkWindow(fields: RuleFields, sentEnd: boolean): ApiError | undefined {
  if (fields.type !== 'call' || fields.start_time === null || fields.end_time === null) return undefined;
  if (seconds(fields.end_time) <= seconds(fields.start_time)) {
    const field = sentEnd ? 'end_time' : 'start_time';
    return errors.validation('VALIDATION_ERROR', 'end_time must be after start_time.', field);
  }
  return undefined;
}

/** A new rule's fields from a create body: the type's defaults, then what was sent, then the coercion. */
export function newRuleFields(body: Schemas['RuleCreate'], keepSent = false): RuleFields | ApiError {
  const type = body.type ?? 'call';
  const fields = coerce({ ...ruleDefaults(body.name, type), ...fieldsOf(body) }, keepSent);
  return checkWindow(fields, body.end_time !== undefined) ?? fields;
}

/** A rule's fields after a partial update: only the fields sent change, then the coercion. */
export function changedRuleFields(current: RuleRecord, change: RuleChange, keepSent = false): RuleFields | ApiError {
  const { uuid: _uuid, created_at: _created, updated_at: _updated, ...stored } = current;
  let fields: RuleFields = { ...stored, ...fieldsOf(change) };
  // A text rule turned call gets the call defaults for what the text rule had nulled.
  if (stored.type === 'text' && fields.type === 'call') {
    const call = ruleDefaults(fields.name, 'call');
    fields = {
      ...fields,
      retry_interval_minutes: fields.retry_interval_minutes ?? call.retry_interval_minutes,
      end_time: fields.end_time ?? call.end_time,
    };
  }
  fields = coerce(fields, keepSent);
  return checkWindow(fields, change.end_time !== undefined) ?? fields;
}
