// The four kinds of agent parts as the suite drives them, declared once each: the agent's field,
// the operations (add one, replace all, update one, delete one), the path parameter naming one
// part, a valid input with what answers must show of it, and two updates with their effect.
// Procedures are sent with their steps out of order: answers must show them in ascending `order`.
import type { RuleCheck } from '../../record/rule.ts';

export type PartField = 'guidelines' | 'notes' | 'procedures' | 'training';

export const PARTS_WRITTEN: RuleCheck = {
  name: 'agent-parts-written',
  rule: "published agents/add-a-single-guideline, replace-agent-guidelines, update-a-single-training-row, delete-a-single-procedure-and-its-steps: adding one part keeps the agent's other parts of that kind, replacing all makes the set the one sent, an update changes the part named and a delete removes it; the agent read back shows the same",
};

export const PROCEDURE_STEPS: RuleCheck = {
  name: 'procedure-steps',
  rule: "published agents/update-a-single-procedure-and-replace-its-steps-if-provided: a procedure's steps are replaced when an update sends them and kept when it does not; they are answered in ascending order whatever order they were sent in (inferred)",
};

export interface PartInput {
  body: Record<string, unknown>;
  /** What answers must show of the part (its fields but the uuid). */
  expected: Record<string, unknown>;
}

export interface PartKindSpec {
  field: PartField;
  ops: { add: string; replace: string; update: string; remove: string };
  idParam: string;
  input(tag: string): PartInput;
  /** Two updates (`variant` 0 or 1): the body and the part's expected fields after it. */
  update(tag: string, variant: number, expected: Record<string, unknown>): PartInput;
  /** An input that writes a part back as an answer showed it (the run's clean-up). */
  restore(shown: Record<string, unknown>): Record<string, unknown>;
}

function textKind(field: 'guidelines' | 'notes', noun: string, op: string, idParam: string): PartKindSpec {
  return {
    field,
    ops: { add: `addAgent${noun}`, replace: `replaceAgent${op}`, update: `updateAgent${noun}`, remove: `deleteAgent${noun}` },
    idParam,
    input: (tag) => ({ body: { content: `${noun} ${tag}` }, expected: { content: `${noun} ${tag}` } }),
    update: (tag, _variant, expected) => ({ body: { content: `Changed ${tag}` }, expected: { ...expected, content: `Changed ${tag}` } }),
    restore: (shown) => ({ content: shown.content, order: shown.order }),
  };
}

/** Three steps sent out of order, and as answers must show them: ascending, intent_uuid null when not sent. */
function steps(tag: string): { sent: Array<Record<string, unknown>>; shown: Array<Record<string, unknown>> } {
  const sent = [
    { order: 2, description: `Second ${tag}` },
    { order: 3, description: `Third ${tag}` },
    { order: 1, description: `First ${tag}` },
  ];
  return { sent, shown: [...sent].sort((a, b) => a.order - b.order).map((s) => ({ ...s, intent_uuid: null })) };
}

export const PART_KINDS: readonly PartKindSpec[] = [
  textKind('guidelines', 'Guideline', 'Guidelines', 'guidelineUuid'),
  textKind('notes', 'Note', 'Notes', 'noteUuid'),
  {
    field: 'procedures',
    ops: { add: 'addAgentProcedure', replace: 'replaceAgentProcedures', update: 'updateAgentProcedure', remove: 'deleteAgentProcedure' },
    idParam: 'procedureUuid',
    input: (tag) => {
      const { sent, shown } = steps(tag);
      return { body: { name: `Procedure ${tag}`, description: `Used for ${tag}.`, steps: sent }, expected: { name: `Procedure ${tag}`, description: `Used for ${tag}.`, steps: shown } };
    },
    // Variant 0 renames and keeps the steps (not sent); variant 1 replaces them.
    update: (tag, variant, expected) => {
      if (variant === 0) return { body: { name: `Renamed ${tag}` }, expected: { ...expected, name: `Renamed ${tag}` } };
      const { sent, shown } = steps(tag);
      return { body: { steps: sent }, expected: { ...expected, steps: shown } };
    },
    restore: (shown) => ({ name: shown.name, description: shown.description, steps: shown.steps }),
  },
  {
    field: 'training',
    ops: { add: 'addAgentTraining', replace: 'replaceAgentTraining', update: 'updateAgentTraining', remove: 'deleteAgentTraining' },
    idParam: 'trainingUuid',
    input: (tag) => ({ body: { content: `Question ${tag}?`, intent: `intent_${tag}`, response: `Answer ${tag}.` }, expected: { content: `Question ${tag}?`, intent: `intent_${tag}`, response: `Answer ${tag}.` } }),
    update: (tag, variant, expected) =>
      variant === 0 ? { body: { response: `Changed ${tag}.` }, expected: { ...expected, response: `Changed ${tag}.` } } : { body: { intent: null }, expected: { ...expected, intent: null } },
    restore: (shown) => ({ content: shown.content, intent: shown.intent, response: shown.response }),
  },
];
