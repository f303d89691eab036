// POST /api/v1/builder-agents/{uuid}/answers (seed: "gathering | POST answers | Conversation still
// in the question phase | processing"; "The answers operation rejects a finished conversation").
// The model reads the conversation first (waiting, bounded, for a processing one to settle), then
// predicts: while gathering, one answer per question is accepted in processing (a wrong count is a
// 422 naming `answers`, inferred); a deployed or failed conversation refuses (409 inferred);
// awaiting_approval refuses (inferred); one still processing may settle in between, so either
// answer is possible there.
import { recordRule, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { MarkedWrite } from './conversation-command.ts';
import { BUILDER_AGENT_TRANSITIONS, type BuilderAgentModel, type ConversationRecord, conversationOf, freshLabel, markers, type SettledStatus } from './model.ts';
import { acceptedInProcessing, refused } from './write-verdicts.ts';

export class AnswerBuilderAgentCommand extends MarkedWrite {
  /** Answers sent beyond (or short of) one per question. */
  readonly extra: number;

  constructor(pick: number, outcome: SettledStatus, delayMs: number, extra: number) {
    super(pick, outcome, delayMs);
    this.extra = extra;
  }

  protected fits(c: ConversationRecord): boolean {
    return c.status === 'gathering';
  }

  protected async write(_model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<void> {
    const before = record.status;
    const count = Math.max(1, (before === 'gathering' ? record.questions.length : 1) + this.extra);
    const label = freshLabel();
    const answers = Array.from({ length: count }, (_, i) => (i === 0 ? `Our team uses it (${label}). ${markers(this.outcome, this.delayMs)}` : `Answer ${i + 1} (${label}).`));
    const op = real.client.op('answerBuilderAgentQuestions');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid }, json: { answers } });
    const view = conversationOf(answer);
    const what = `answering a ${before} conversation`;
    if (before === 'gathering' && count === record.questions.length) {
      requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, acceptedInProcessing(answer, view, 200, what, 'documented'), answer);
    } else if (before === 'gathering') {
      recordRule(
        BUILDER_AGENT_TRANSITIONS,
        op.operationId,
        answer.response?.status === 422 ? true : { message: `${count} answers to ${record.questions.length} questions answered ${describeAnswer(answer)}; expected 422 naming answers`, part: 'inferred' },
        answer,
      );
    } else if (before !== 'processing') {
      const finished = before === 'deployed' || before === 'failed';
      requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, refused(answer, what, finished ? 'documented' : 'inferred'), answer);
    }
    if (isSuccess(answer)) this.startProcessing(record, 'answers');
  }

  toString(): string {
    return `answer(${this.pick}, ${this.outcome}, ${this.delayMs} ms${this.extra ? `, ${this.extra > 0 ? '+' : ''}${this.extra} answers` : ''})`;
  }
}
