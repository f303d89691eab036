// POST /api/v1/builder-agents/{uuid}/answers (seed: "gathering | POST answers | Conversation still
// in the question phase | processing"; "The answers operation rejects a finished conversation";
// published API: body {message}, "accepted only while gathering; 409 once deployed"). The model
// reads the conversation first (waiting, bounded, for a processing one to settle), then predicts:
// while gathering, the message is accepted in processing; a deployed conversation refuses with 409
// (published), a failed one refuses (409 inferred); awaiting_approval refuses (inferred); one still
// processing may settle in between, so either answer is possible there.
import { requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { MarkedWrite } from './conversation-command.ts';
import { BUILDER_AGENT_TRANSITIONS, type BuilderAgentModel, type ConversationRecord, acceptedConversationOf, freshLabel, markers } from './model.ts';
import { acceptedInProcessing, refused } from './write-verdicts.ts';

export class AnswerBuilderAgentCommand extends MarkedWrite {
  protected fits(c: ConversationRecord): boolean {
    return c.status === 'gathering';
  }

  protected async write(_model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<void> {
    const before = record.status;
    const message = `Our team uses it, and it stores nothing (${freshLabel()}). ${markers(this.outcome, this.delayMs)}`;
    const op = real.client.op('answerBuilderAgentQuestions');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid }, json: { message } });
    const view = acceptedConversationOf(op, answer);
    const what = `answering a ${before} conversation`;
    if (before === 'gathering') {
      requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, acceptedInProcessing(answer, view, 200, what, 'documented'), answer);
    } else if (before !== 'processing') {
      const finished = before === 'deployed' || before === 'failed';
      requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, refused(answer, what, finished ? 'documented' : 'inferred', before === 'deployed' ? 'published' : 'inferred'), answer);
    }
    if (isSuccess(answer)) this.startProcessing(record, 'answers');
  }

  toString(): string {
    return `answer(${this.pick}, ${this.outcome}, ${this.delayMs} ms)`;
  }
}
