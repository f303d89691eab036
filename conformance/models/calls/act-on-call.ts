// A call action (say, forward, hangup, mute, unmute) on one of the suite's calls. The call's status
// is read first (a call also ends on its own): on a live call the action is accepted (200), and a
// hangup ends it; on an ended call it is refused. A refusal other than the contract's 409 is an
// inferred mismatch; an accepted action on an ended call breaks the seed's rule. When a call read
// as live has ended by the time the action arrives (a 409 and an ended call on a second read), the
// step is not judged.
import { randomUUID } from 'node:crypto';
import type { SuiteOperation } from '../../contract/operation.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive, type RuleVerdict, requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { ModelCommand, PickCommand } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { readCallStatus } from './call-status.ts';
import { CALL_ACTIONS_LIVE, type CallAction, type CallRecord, type CallsModel } from './model.ts';

/** The body of an action: say a short line, forward to a number the suite may call (none: not sent). */
function actionBody(action: CallAction): Record<string, unknown> | null | undefined {
  if (action === 'sayOnCall') return { message: 'This is a short test message from the conformance suite.' };
  if (action !== 'forwardCall') return null;
  const { target } = suite();
  const to = target.isMock ? '+14155550123' : target.data.send_to?.phone;
  return to ? { to } : undefined;
}

export async function sendAction(real: Real, action: CallAction, conversationUuid: string): Promise<{ op: SuiteOperation; answer: Answer } | undefined> {
  const body = actionBody(action);
  if (body === undefined) return undefined;
  const op = real.client.op(action);
  const answer = await real.client.send({ op, pathParams: { uuid: conversationUuid }, ...(body ? { json: body } : {}) });
  return { op, answer };
}

/** An action on an ended call is refused: 409 in the contract; any 2xx breaks the seed's rule. */
export function refusedVerdict(answer: Answer, op: SuiteOperation, what: string): RuleVerdict {
  if (isSuccess(answer)) return { message: `${what}: accepted (${describeAnswer(answer)}), but call actions need a live (non-ended) call`, part: 'documented' };
  return expectStatus(answer, op, what, 409, undefined, 'inferred');
}

export class CallActionCommand extends PickCommand<CallsModel, CallRecord> {
  readonly action: CallAction;

  constructor(action: CallAction, pick: number) {
    super(pick);
    this.action = action;
  }

  protected records(model: Readonly<CallsModel>): readonly CallRecord[] {
    return model.calls;
  }

  protected async actOn(call: CallRecord, _model: CallsModel, real: Real): Promise<void> {
    if (!call.ended) {
      const status = await readCallStatus(real, call.conversationUuid);
      if ('reason' in status) return inconclusive(CALL_ACTIONS_LIVE, 'listCalls', status.reason, status.answer);
      call.ended = status.ended;
    }
    const wasLive = !call.ended;
    const sent = await sendAction(real, this.action, call.conversationUuid);
    if (!sent) return;
    const { op, answer } = sent;
    const what = `${this.action} on the ${wasLive ? 'live' : 'ended'} call of conversation ${call.conversationUuid}`;
    if (!wasLive) return requireRule(CALL_ACTIONS_LIVE, op.operationId, refusedVerdict(answer, op, what), answer);
    if (answer.response?.status === 409) {
      const again = await readCallStatus(real, call.conversationUuid);
      if (!('reason' in again) && again.ended) {
        call.ended = true;
        return;
      }
    }
    requireRule(CALL_ACTIONS_LIVE, op.operationId, expectStatus(answer, op, what, 200, undefined, op.contract), answer);
    if (isSuccess(answer) && this.action === 'hangupCall') call.ended = true;
  }

  toString(): string {
    return `${this.action}(${this.pick})`;
  }
}

/** An action on a conversation uuid no call has: 404. */
export class UnknownCallCommand extends ModelCommand<CallsModel> {
  readonly action: CallAction;

  constructor(action: CallAction) {
    super();
    this.action = action;
  }

  check(): boolean {
    return true;
  }

  protected async act(_model: CallsModel, real: Real): Promise<void> {
    const uuid = randomUUID();
    const sent = await sendAction(real, this.action, uuid);
    if (!sent) return;
    requireRule(CALL_ACTIONS_LIVE, sent.op.operationId, expectStatus(sent.answer, sent.op, `${this.action} on conversation ${uuid}, which has no call`, 404, ['RESOURCE_NOT_FOUND']), sent.answer);
  }

  toString(): string {
    return `${this.action}(unknown)`;
  }
}
