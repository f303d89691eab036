// The four kinds of agent parts, declared once each: guidelines and notes (text in `order`),
// procedures (a name, a description and steps in `order`) and training rows (an utterance, its
// intent and the answer). What differs between them is here; the operations are derived by
// parts-kit.ts.
//
// Steps are stored and answered in ascending `order` whatever order they were sent in; the fault
// `procedure-steps-unordered` keeps them in the order sent.
import type { Schemas } from '../../state/workspace.ts';
import { byOrder, ordersOf, type PartContext, type PartKind } from './parts-kit.ts';

type TextPart = Schemas['AgentGuideline'];
type TextInput = Schemas['AgentPartTextInput'];
type Procedure = Schemas['AgentProcedure'];
type ProcedureInput = Schemas['AgentPartProcedureInput'];
type Step = Schemas['AgentProcedureStep'];
type Training = Schemas['AgentTraining'];
type TrainingInput = Schemas['AgentPartTrainingInput'];

/** A guideline or a note: text placed by `order`, an absent order going to the end (0 for the first). */
function textKind(field: 'guidelines' | 'notes', noun: string, idParam: string): PartKind<TextPart, TextInput> {
  return {
    field,
    noun,
    idParam,
    create: (inputs, kept) => {
      const orders = ordersOf(inputs, kept.map((p) => p.order), 0);
      return inputs.map((input, i) => ({ content: input.content, order: orders[i] as number }));
    },
    update: (part, body) => {
      if (body.content !== undefined) part.content = body.content;
      if (body.order !== undefined) part.order = body.order;
    },
    arrange: byOrder,
  };
}

/** A procedure's steps from the ones sent: an absent order goes to the end (1 for the first), then ascending. */
function stepsOf(sent: ProcedureInput['steps'], ctx: PartContext): Step[] {
  const inputs = sent ?? [];
  const orders = ordersOf(inputs, [], 1);
  const steps = inputs.map((s, i) => ({ order: orders[i] as number, description: s.description, intent_uuid: s.intent_uuid ?? null }));
  return ctx.faults.has('procedure-steps-unordered') ? steps : byOrder(steps);
}

export const GUIDELINES = textKind('guidelines', 'Guideline', 'guidelineUuid');
export const NOTES = textKind('notes', 'Note', 'noteUuid');

export const PROCEDURES: PartKind<Procedure, ProcedureInput> = {
  field: 'procedures',
  noun: 'Procedure',
  idParam: 'procedureUuid',
  create: (inputs, _kept, ctx) => inputs.map((input) => ({ name: input.name, description: input.description ?? null, steps: stepsOf(input.steps, ctx) })),
  // Published: `steps`, when sent, replaces all the procedure's steps; absent, they are kept.
  update: (part, body, _list, ctx) => {
    if (body.name !== undefined) part.name = body.name;
    if (body.description !== undefined) part.description = body.description;
    if (body.steps !== undefined) part.steps = stepsOf(body.steps, ctx);
  },
};

export const TRAINING: PartKind<Training, TrainingInput> = {
  field: 'training',
  noun: 'Training row',
  idParam: 'trainingUuid',
  create: (inputs) => inputs.map((input) => ({ content: input.content, intent: input.intent ?? null, response: input.response })),
  update: (part, body) => {
    if (body.content !== undefined) part.content = body.content;
    if (body.intent !== undefined) part.intent = body.intent;
    if (body.response !== undefined) part.response = body.response;
  },
};
