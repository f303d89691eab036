// POST /api/v1/builder-agents/{uuid}/approve (seed: "awaiting_approval | approve (MCP tool
// approve_agent) | processing | Client polls"; the published API gives the HTTP path and the
// answer `{success, data}`, whose conversation may leave out `status`). The model reads the
// conversation first (waiting, bounded, for a processing one to settle): in awaiting_approval the
// approve is accepted in processing; in any other settled status it is refused (409, inferred);
// one still processing may settle in between, so either answer is possible there.
import { recordRule, requireRule } from '../../record/rule.ts';
import { isSuccess } from '../../rules/verdicts.ts';
import type { Real } from '../model-kit.ts';
import { ConversationWrite } from './conversation-command.ts';
import { BUILDER_AGENT_TRANSITIONS, type BuilderAgentModel, type ConversationRecord, acceptedConversationOf } from './model.ts';
import { acceptedInProcessing, refused } from './write-verdicts.ts';

export class ApproveBuilderAgentCommand extends ConversationWrite {
  protected fits(c: ConversationRecord): boolean {
    return c.status === 'awaiting_approval';
  }

  protected async write(_model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<void> {
    const before = record.status;
    const op = real.client.op('approveBuilderAgent');
    const answer = await real.client.send({ op, pathParams: { uuid: record.uuid } });
    const view = acceptedConversationOf(op, answer);
    const what = `approving a ${before} conversation`;
    if (before === 'awaiting_approval') requireRule(BUILDER_AGENT_TRANSITIONS, op.operationId, acceptedInProcessing(answer, view, 200, what, 'documented'), answer);
    else if (before !== 'processing') recordRule(BUILDER_AGENT_TRANSITIONS, op.operationId, refused(answer, what, 'inferred'), answer);
    if (isSuccess(answer)) this.startProcessing(record, 'approval');
  }

  toString(): string {
    return `approve(${this.pick})`;
  }
}
