// The model of builder agent conversations (seed "States and transitions" > Builder agent
// conversation): create → processing; processing ends in gathering (questions), awaiting_approval,
// deployed (with the app) or failed; answers only while gathering, approve only in
// awaiting_approval, rebuild only from deployed or failed and never while a rebuild is processing
// (409, "unchanged"); every write returns at once in processing. The model keeps, per conversation
// the suite created, the status it last saw (or `processing` with the write that started it) and
// the intent (prompt) it expects.
import type { Read } from '../../contract/fields.ts';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import type { RuleCheck } from '../../record/rule.ts';
import { resourceOf } from '../answer-fields.ts';
import { pickOne } from '../model-command.ts';

export const REBUILD_WHILE_PROCESSING: RuleCheck = {
  name: 'rebuild-while-processing',
  rule: 'seed "States and transitions" and behaviour 1: a rebuild while another rebuild is processing is rejected with 409 and the conversation is unchanged',
};
export const BUILDER_AGENT_TRANSITIONS: RuleCheck = {
  name: 'builder-agent-transitions',
  rule: 'seed "States and transitions" > Builder agent conversation: writes return at once in processing; answers only while gathering, approve only in awaiting_approval, rebuild only from deployed or failed; processing ends in gathering (questions), awaiting_approval, deployed (the app) or failed',
};
export const BUILDER_AGENT_INTENT: RuleCheck = {
  name: 'builder-agent-intent',
  rule: 'seed "States and transitions": a rebuild keeps the original intent unless the request changes it (replace_prompt)',
};
export const BUILDER_AGENT_LIST: RuleCheck = {
  name: 'builder-agent-list',
  rule: 'seed "Operations named in prose only" GET /api/v1/builder-agents: the conversations, newest first, filtered by status (inferred)',
};

export const SETTLED = ['gathering', 'awaiting_approval', 'deployed', 'failed'] as const;
export type SettledStatus = (typeof SETTLED)[number];
export type AgentStatus = 'processing' | SettledStatus;
export type PhaseKind = 'create' | 'answers' | 'approval' | 'rebuild';

export interface BuilderView {
  uuid: string;
  status?: string;
  preview_url?: string;
}

export interface ConversationView {
  uuid: string;
  name?: string;
  status: string;
  prompt?: string;
  questions?: unknown;
  builder?: BuilderView | null;
  created_at?: string;
}

export interface ConversationRecord {
  uuid: string;
  prompt: string;
  status: AgentStatus;
  /** The write that started the current processing (undefined when settled). */
  phase: PhaseKind | undefined;
  questions: string[];
  /** The suite's last accepted rebuild: when it was sent and the processing time its marker asked for. */
  rebuild?: { sentAt: number; delayMs: number };
}

export class BuilderAgentModel {
  readonly conversations: ConversationRecord[] = [];
  /** Apps the conversations deployed (shared across runs, stopped when the model is done). */
  readonly apps: Set<string>;

  constructor(apps: Set<string>) {
    this.apps = apps;
  }

  /**
   * An even `index` prefers a conversation that `fits` as the model last saw it (so the writes
   * meet the states that accept them, and a rebuild meets a rebuild still processing); an odd
   * one picks among all, so the refusals are exercised too.
   */
  prefer(index: number, fits: (c: ConversationRecord) => boolean): ConversationRecord | undefined {
    const fitting = this.conversations.filter(fits);
    if (index % 2 === 0 && fitting.length > 0) return fitting[(index >> 1) % fitting.length];
    return pickOne(this.conversations, index >> 1);
  }
}

/** The fields of a conversation the model reads. */
export const CONVERSATION_FIELDS = ['uuid', 'status', 'prompt', 'questions', 'builder'];

/** The conversation an answer of `op` carries, with the fields the model needs, where the contract puts them. */
export function conversationOf(op: SuiteOperation, answer: Answer): Read<ConversationView> {
  return resourceOf<ConversationView>(op, answer, CONVERSATION_FIELDS);
}

/**
 * The conversation an accepted answers or approve carries: its `uuid` at least, and `status` when
 * the answer has one (the published answers of these operations leave `status` out).
 */
export function acceptedConversationOf(op: SuiteOperation, answer: Answer): Read<AcceptedView> {
  return resourceOf<AcceptedView>(op, answer, ['uuid']);
}

export interface AcceptedView {
  uuid: string;
  status?: string;
}

export function isSettled(status: string): status is SettledStatus {
  return (SETTLED as readonly string[]).includes(status);
}

let texts = 0;
const runTag = Math.random().toString(36).slice(2, 8);

/** A distinct label for the texts the suite writes (prompts, answers, change requests). */
export function freshLabel(): string {
  texts++;
  return `${runTag}-${texts}`;
}

/**
 * Mock-only markers (README "Builder agents and apps") that choose where processing ends and how
 * long it takes; a real service reads them as plain text, so the model never relies on them.
 */
export function markers(outcome: SettledStatus, delayMs: number): string {
  return `[outcome:${outcome}] [delay:${delayMs}ms]`;
}
