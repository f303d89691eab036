// POST /api/v1/call (a send: paced, with a fresh request_key; the outbound model's plan anchored to
// the workspace's agent and, on a real deployment, the QA team's own phone). An accepted call
// joins the model by the conversation_uuid its answer carries.
import { ModelCommand } from '../model-command.ts';
import { expectResource, type Real } from '../model-kit.ts';
import { send, sendPlan } from '../outbound/send-request.ts';
import { stringOf } from '../answer-fields.ts';
import { CALL_ACTIONS_LIVE, type CallsModel } from './model.ts';

/** Live calls the model keeps at once (each is a real call on a real deployment). */
const MAX_LIVE = 2;

export class StartCallCommand extends ModelCommand<CallsModel> {
  check(model: Readonly<CallsModel>): boolean {
    return model.calls.filter((c) => !c.ended).length < MAX_LIVE;
  }

  protected async act(model: CallsModel, real: Real): Promise<void> {
    const plan = sendPlan('startCall');
    if (!plan) return;
    const answer = await send(real, plan, 0);
    const uuid = expectResource(CALL_ACTIONS_LIVE, plan.op, answer, stringOf(plan.op, answer, 'conversation_uuid'), 'starting a call', 200);
    if (uuid !== undefined) model.calls.push({ conversationUuid: uuid, ended: false });
  }

  toString(): string {
    return 'startCall';
  }
}
