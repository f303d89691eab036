// POST /api/v1/builder-agents (seed: "(none) | create conversation with a prompt | processing |
// Client then polls"). Predicts 201 in processing with the prompt as sent, no questions and no app
// yet. The prompt carries the mock's outcome and delay markers, which a real service reads as text.
import type fc from 'fast-check';
import { recordRule, requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import {
  BUILDER_AGENT_INTENT,
  BUILDER_AGENT_TRANSITIONS,
  type BuilderAgentModel,
  conversationOf,
  freshLabel,
  markers,
  type SettledStatus,
} from './model.ts';
import { acceptedInProcessing } from './write-verdicts.ts';

export class CreateBuilderAgentCommand implements fc.AsyncCommand<BuilderAgentModel, Real> {
  readonly outcome: SettledStatus;
  readonly delayMs: number;
  readonly named: boolean;

  constructor(outcome: SettledStatus, delayMs: number, named: boolean) {
    this.outcome = outcome;
    this.delayMs = delayMs;
    this.named = named;
  }

  check(): boolean {
    return true;
  }

  async run(model: BuilderAgentModel, real: Real): Promise<void> {
    const op = real.client.op('createBuilderAgent');
    const label = freshLabel();
    const prompt = `Build a one-page status board for conformance run ${label} that lists the open tasks of today. ${markers(this.outcome, this.delayMs)}`;
    const body = { prompt, ...(this.named ? { name: `Conformance status board ${label}` } : {}) };
    const answer = await real.client.send({
      op,
      json: body,
      expectation: { kind: 'accepted', part: op.contract, rule: BUILDER_AGENT_TRANSITIONS.rule, what: 'a builder agent conversation create' },
    });
    const read = conversationOf(op, answer);
    if (!isSuccess(answer) || !read.ok) {
      recordRule(BUILDER_AGENT_TRANSITIONS, op.operationId, acceptedInProcessing(answer, read, 201, 'creating a conversation', 'inferred'), answer);
      return;
    }
    const view = read.value;
    model.conversations.push({ uuid: view.uuid, prompt, status: 'processing', phase: 'create', questions: [] });
    requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, acceptedInProcessing(answer, read, 201, 'creating a conversation', 'documented'), answer);
    requireRule(BUILDER_AGENT_INTENT, op.operationId, view.prompt === prompt ? true : { message: `the created conversation has prompt ${JSON.stringify(view.prompt)}`, part: 'documented' }, answer);
    const fresh = (Array.isArray(view.questions) ? view.questions.length === 0 : false) && view.builder === null;
    const named = !this.named || view.name === body.name;
    recordRule(
      BUILDER_AGENT_TRANSITIONS,
      op.operationId,
      fresh && named ? true : { message: `a new conversation should have no questions, no app yet and the name sent (questions ${JSON.stringify(view.questions)}, builder ${JSON.stringify(view.builder)}, name ${JSON.stringify(view.name)})`, part: 'inferred' },
      answer,
    );
  }

  toString(): string {
    return `create(${this.outcome}, ${this.delayMs} ms${this.named ? ', named' : ''})`;
  }
}
