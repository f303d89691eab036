// The builder agent conversation as pure transitions: (flow, event) → flow | ApiError.
// Seed "States and transitions" > Builder agent conversation:
//   (none)            create with a prompt                     → processing (client polls)
//   processing        builder work completes                   → gathering (questions) | awaiting_approval | deployed | failed
//   gathering         POST answers (still in question phase)   → processing
//   awaiting_approval approve                                  → processing
//   deployed, failed  POST rebuild (no rebuild processing)     → processing; the message appended to the
//                                                                intent, or replacing it with replace_prompt
//   any               POST rebuild while a rebuild processes   → unchanged, 409
// "The answers operation rejects a finished conversation" (409, as every refused transition here);
// the published API: answers are "accepted only while gathering; 409 once deployed".
// Where processing ends and when: the control API's queued plan, else the request's markers,
// else the realistic default (DEFAULT_OUTCOME after DEFAULT_DELAY_MS).
import { type ApiError, errors } from '../../pipeline/api-error.ts';
import type { Schemas } from '../../state/workspace.ts';
import {
  defaultQuestions,
  deployedMessage,
  failedMessage,
  GATHERING_MESSAGE,
  type PhaseKind,
  planMessage,
  processingMessage,
} from './builder-talk.ts';

export type AgentStatus = Schemas['BuilderAgentStatus'];
export type AgentOutcome = Exclude<AgentStatus, 'processing'>;
export type { PhaseKind };

/** Where a processing phase ends and after how long; from markers or the control API. */
export interface OutcomePlan {
  status?: AgentOutcome;
  after_ms?: number;
  questions?: string[];
  message?: string;
}

export interface ProcessingPhase {
  kind: PhaseKind;
  started_at: Date;
  completes_at: Date;
  outcome: AgentOutcome;
  questions: string[] | null;
  message: string | null;
}

export interface AgentFlow {
  status: AgentStatus;
  name: string;
  /** The intent: a rebuild appends its message, or replaces it with replace_prompt. */
  prompt: string;
  message: string;
  questions: string[];
  /** Set while processing. */
  phase: ProcessingPhase | null;
  /** The control API's plan for the next processing phase. */
  queued: OutcomePlan | null;
  /** Change requests of rebuilds that kept the intent (the app lists them). */
  changes: string[];
  /** Answer messages since the intent was last replaced. */
  answers: string[];
  /** Deployments so far; the app's revision after the latest one. */
  revision: number;
  updated_at: Date;
}

export const DEFAULT_OUTCOME: Record<PhaseKind, AgentOutcome> = {
  create: 'gathering',
  answers: 'awaiting_approval',
  approval: 'deployed',
  rebuild: 'deployed',
};

export const DEFAULT_DELAY_MS: Record<PhaseKind, number> = { create: 4_000, answers: 6_000, approval: 15_000, rebuild: 10_000 };

export type AgentEvent =
  | { type: 'answer'; at: Date; message: string; markers: OutcomePlan; acceptFinished: boolean }
  | { type: 'approve'; at: Date }
  | { type: 'rebuild'; at: Date; message: string; replace_prompt: boolean; markers: OutcomePlan; allowWhileRebuilding: boolean }
  | { type: 'complete'; at: Date }
  | { type: 'plan'; at: Date; plan: OutcomePlan };

function begin(flow: AgentFlow, kind: PhaseKind, at: Date, markers: OutcomePlan): AgentFlow {
  const queued = flow.queued;
  const outcome = queued?.status ?? markers.status ?? DEFAULT_OUTCOME[kind];
  const after = queued?.after_ms ?? markers.after_ms ?? DEFAULT_DELAY_MS[kind];
  return {
    ...flow,
    status: 'processing',
    message: processingMessage(kind),
    questions: [],
    phase: {
      kind,
      started_at: at,
      completes_at: new Date(at.getTime() + after),
      outcome,
      questions: queued?.questions ?? null,
      message: queued?.message ?? null,
    },
    queued: null,
    updated_at: at,
  };
}

/** The "(none) → processing" transition: a new conversation from a prompt. */
export function createFlow(name: string, prompt: string, at: Date, markers: OutcomePlan): AgentFlow {
  const none: AgentFlow = {
    status: 'processing',
    name,
    prompt,
    message: '',
    questions: [],
    phase: null,
    queued: null,
    changes: [],
    answers: [],
    revision: 0,
    updated_at: at,
  };
  return begin(none, 'create', at, markers);
}

function complete(flow: AgentFlow, at: Date): AgentFlow {
  const phase = flow.phase;
  if (flow.status !== 'processing' || !phase) return flow;
  const done = { ...flow, status: phase.outcome, phase: null, questions: [] as string[], updated_at: at };
  switch (phase.outcome) {
    case 'gathering':
      return { ...done, questions: phase.questions ?? defaultQuestions(phase.kind, flow.name), message: phase.message ?? GATHERING_MESSAGE };
    case 'awaiting_approval':
      return { ...done, message: phase.message ?? planMessage(flow.name, flow.prompt, flow.answers) };
    case 'deployed':
      return { ...done, revision: flow.revision + 1, message: phase.message ?? deployedMessage(flow.revision + 1) };
    case 'failed':
      return { ...done, message: phase.message ?? failedMessage(phase.kind, flow.revision > 0) };
  }
}

/** Answers while gathering; a finished conversation too with `acceptFinished` (the `answers-after-finish` fault). */
function answer(flow: AgentFlow, event: Extract<AgentEvent, { type: 'answer' }>): AgentFlow | ApiError {
  const finished = flow.status === 'deployed' || flow.status === 'failed';
  if (flow.status !== 'gathering' && !(finished && event.acceptFinished)) {
    const why =
      flow.status === 'deployed' || flow.status === 'failed'
        ? `The conversation is finished (${flow.status}); answers are taken only while it is gathering.`
        : `Answers are taken only while the conversation is gathering; it is ${flow.status}.`;
    return errors.conflict('Conversation is not asking questions', why);
  }
  return begin({ ...flow, answers: [...flow.answers, event.message] }, 'answers', event.at, event.markers);
}

/** The published rule for a rebuild without replace_prompt: "the message is appended" (after a blank line). */
export function appendToIntent(prompt: string, message: string): string {
  return `${prompt}\n\n${message}`;
}

function rebuild(flow: AgentFlow, event: Extract<AgentEvent, { type: 'rebuild' }>): AgentFlow | ApiError {
  const rebuilding = flow.status === 'processing' && flow.phase?.kind === 'rebuild';
  if (rebuilding && !event.allowWhileRebuilding) {
    return errors.conflict(
      'A rebuild is already processing',
      'Poll the conversation until it leaves processing, then send the rebuild again.',
    );
  }
  if (!rebuilding && flow.status !== 'deployed' && flow.status !== 'failed') {
    return errors.conflict('Conversation cannot be rebuilt now', `A rebuild needs a deployed or failed conversation; this one is ${flow.status}.`);
  }
  const intent = event.replace_prompt
    ? { prompt: event.message, changes: [] as string[], answers: [] as string[] }
    : { prompt: appendToIntent(flow.prompt, event.message), changes: [...flow.changes, event.message], answers: flow.answers };
  return begin({ ...flow, ...intent }, 'rebuild', event.at, event.markers);
}

function plan(flow: AgentFlow, event: Extract<AgentEvent, { type: 'plan' }>): AgentFlow {
  const phase = flow.phase;
  if (flow.status !== 'processing' || !phase) return { ...flow, queued: event.plan };
  return {
    ...flow,
    phase: {
      ...phase,
      outcome: event.plan.status ?? phase.outcome,
      completes_at: event.plan.after_ms === undefined ? phase.completes_at : new Date(event.at.getTime() + event.plan.after_ms),
      questions: event.plan.questions ?? phase.questions,
      message: event.plan.message ?? phase.message,
    },
  };
}

export function transition(flow: AgentFlow, event: AgentEvent): AgentFlow | ApiError {
  switch (event.type) {
    case 'answer':
      return answer(flow, event);
    case 'approve':
      if (flow.status !== 'awaiting_approval') {
        return errors.conflict('Conversation is not awaiting approval', `Approval needs a conversation in awaiting_approval; this one is ${flow.status}.`);
      }
      return begin(flow, 'approval', event.at, {});
    case 'rebuild':
      return rebuild(flow, event);
    case 'complete':
      return complete(flow, event.at);
    case 'plan':
      return plan(flow, event);
  }
}
