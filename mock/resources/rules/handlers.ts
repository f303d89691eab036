// Rules (published rules API): list, create and partial update, declared once as a collection
// (shared/collection.ts). The rules written here: defaults, times `HH:MM` in and `HH:MM:SS` out,
// the one-shot `text` rule (coercion.ts). An update changes the rule only: tasks already scheduled
// keep their times (seed behaviour 2); the fault `rule-update-rebuilds-tasks` breaks that.
import type { HandlerGroup } from '../../core/handler.ts';
import type { Schemas } from '../../state/workspace.ts';
import { type Collection, collectionHandlers } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';
import { changedRuleFields, newRuleFields } from './coercion.ts';
import type { RuleRecord } from './records.ts';
import { rebuildRuleTasks } from './rebuild-fault.ts';

const contains = (value: string | null, part: string): boolean => (value ?? '').toLowerCase().includes(part.toLowerCase());

export const rules: Collection<RuleRecord> = {
  noun: 'Rule',
  records: (ws) => ws.rules,
  filters: {
    search: (r, value: string) => contains(r.name, value) || contains(r.escalation_type, value) || contains(r.escalation_target, value),
    type: (r, value: string) => r.type === value,
  },
  create: (body: Schemas['RuleCreate'], ctx) => {
    const fields = newRuleFields(body, ctx.faults.has('text-rule-not-coerced'));
    if (fields instanceof Error) throw fields;
    return { uuid: newUuid(), ...fields, created_at: ctx.now, updated_at: ctx.now };
  },
  update: (record, body: Schemas['RuleUpdate'], ctx) => {
    const fields = changedRuleFields(record, body, ctx.faults.has('text-rule-not-coerced'));
    if (fields instanceof Error) throw fields;
    Object.assign(record, fields, { updated_at: ctx.now });
    if (ctx.faults.has('rule-update-rebuilds-tasks')) rebuildRuleTasks(ctx.ws, record.uuid, ctx.now);
  },
  messages: { list: 'Rules retrieved successfully', create: 'Rule created successfully', update: 'Rule updated successfully' },
};

export const ruleHandlers = collectionHandlers(rules, { list: 'listRules', create: 'createRule', update: 'updateRule' }) as Required<
  Pick<HandlerGroup, 'listRules' | 'createRule' | 'updateRule'>
>;
